import { EventAuditSection } from '../../features/admin/audit/components/event-audit-section';
import { CampaignSalesSection } from '../../features/admin/campaigns/components/campaign-sales-section';
import { EditEventPage } from '../../features/admin/events/pages/edit-event-page';
import { SessionsSection } from '../../features/admin/sessions/sessions-section';
import { WaitingRoomSection } from '../../features/admin/waiting-room/waiting-room-section';
import { WaitlistSection } from '../../features/admin/waitlist/waitlist-section';

/** /admin/events/:id/edit: the event's page (events) with its waiting room, sessions, waiting list, sales per campaign ('Vendas por campanha') and history ('Histórico') sections. */
export function AdminEditEventRoute() {
  return (
    <EditEventPage
      moreSections={(eventId) => (
        <>
          <WaitingRoomSection eventId={eventId} />
          <SessionsSection eventId={eventId} />
          <WaitlistSection eventId={eventId} />
          <CampaignSalesSection eventId={eventId} />
          <EventAuditSection eventId={eventId} />
        </>
      )}
    />
  );
}
