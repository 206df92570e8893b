import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEventDetail } from '../../../../shared/schemas/admin-events';
import type { ListCouponEventsResponse } from '../../../../shared/schemas/admin-content';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** GET /api/admin/guest-lists/events: the events a list can be created for (not over yet), soonest first. */
export function listAdminEventsForLists(): Promise<ListCouponEventsResponse> {
  return api('/api/admin/guest-lists/events');
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
