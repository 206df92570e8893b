import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListEventAttendeesResponse } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { attendeeKeys } from './keys';

/** GET /api/admin/events/:id/attendees?q=: every ticket of the event, with holder, order and entry. */
export function listAttendees(eventId: string, query: string, signal?: AbortSignal) {
  const search = query ? `?q=${encodeURIComponent(query)}` : '';
  return api<ListEventAttendeesResponse>(`/api/admin/events/${encodeURIComponent(eventId)}/attendees${search}`, { signal });
}

export const attendeesQueryOptions = (eventId: string, query: string) =>
  queryOptions({
    queryKey: attendeeKeys.list(eventId, query),
    queryFn: ({ signal }) => listAttendees(eventId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useAttendees(eventId: string, query: string) {
  return useQuery(attendeesQueryOptions(eventId, query));
}

/** The CSV downloads of the attendee list and of the scan log (refusals and conflicts included). */
export const attendeesCsvUrl = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/attendees.csv`;
export const checkInsCsvUrl = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/check-ins.csv`;
