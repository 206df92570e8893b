import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestListList } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** GET /api/admin/events/:id/guest-lists: an event's lists (back office). */
export function listEventGuestLists(eventId: string): Promise<GuestListList> {
  return api(`/api/admin/events/${eventId}/guest-lists`);
}

export const eventGuestListsQuery = (eventId: string) =>
  queryOptions({ queryKey: guestListKeys.ofEvent(eventId), queryFn: () => listEventGuestLists(eventId) });

export function useEventGuestLists(eventId: string | null) {
  return useQuery({ ...eventGuestListsQuery(eventId ?? ''), enabled: eventId !== null });
}
