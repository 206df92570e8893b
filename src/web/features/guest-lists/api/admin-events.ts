import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEventDetail, ListAdminEventsResponse } from '../../../../shared/schemas/admin-events';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** GET /api/admin/events: the events a list can be created for, soonest first. */
export function listAdminEventsForLists(): Promise<ListAdminEventsResponse> {
  return api('/api/admin/events?sort=date');
}

/** GET /api/admin/events/:id: an event's sectors, to choose the one list names enter as. */
export function getAdminEventForLists(eventId: string): Promise<AdminEventDetail> {
  return api(`/api/admin/events/${eventId}`);
}

export const adminEventsForListsQuery = () => queryOptions({ queryKey: guestListKeys.adminEvents(), queryFn: listAdminEventsForLists });

export function useAdminEventsForLists() {
  return useQuery(adminEventsForListsQuery());
}

export function useAdminEventForLists(eventId: string | null) {
  return useQuery({
    queryKey: guestListKeys.adminEvent(eventId ?? ''),
    queryFn: () => getAdminEventForLists(eventId!),
    enabled: eventId !== null,
  });
}
