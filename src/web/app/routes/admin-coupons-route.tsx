import { useQuery } from '@tanstack/react-query';
import { CouponsPage } from '../../features/admin/coupons/pages/coupons-page';
import { adminEventQueryOptions } from '../../features/admin/events/api/get-admin-event';

function useEventDetail(eventId: string, enabled: boolean) {
  return useQuery({ ...adminEventQueryOptions(eventId), enabled });
}

/** /admin/coupons: the coupons, whose form offers the chosen event's pre-sale sectors (events). */
export function AdminCouponsRoute() {
  return <CouponsPage useEventDetail={useEventDetail} />;
}
