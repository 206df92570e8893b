import { useParams } from 'react-router';
import { AttendeesPage } from '../../features/admin/attendees/pages/attendees-page';
import { useAdminEvent } from '../../features/admin/events/api/get-admin-event';

/** /admin/events/:id/attendees: the attendees list under the event's title and date (events). */
export function AdminAttendeesRoute() {
  const { id = '' } = useParams();
  const event = useAdminEvent(id);
  return <AttendeesPage event={event.data} />;
}
