import { useEventsCounts } from '../../features/admin/attendees/api/get-event-counts';
import { DashboardPage } from '../../features/admin/dashboard/pages/dashboard-page';

function useLiveCounts(eventIds: readonly string[]) {
  return useEventsCounts(eventIds, eventIds);
}

/** /admin: the dashboard, whose check-in progress is kept live by the attendees' door counts. */
export function AdminDashboardRoute() {
  return <DashboardPage useLiveCounts={useLiveCounts} />;
}
