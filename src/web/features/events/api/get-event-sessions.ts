import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSessionsResponse } from '../../../../shared/schemas/sessions';
import { api } from '../../../lib/api';
import { eventKeys } from './keys';

/** GET /api/events/:id/sessions: a published event's sessions and the sessions each sector covers. */
export function getEventSessions(eventId: string, signal?: AbortSignal) {
  return api<EventSessionsResponse>(`/api/events/${encodeURIComponent(eventId)}/sessions`, { signal });
}

export const eventSessionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: [...eventKeys.all, 'sessions', eventId] as const,
    queryFn: ({ signal }) => getEventSessions(eventId, signal),
    staleTime: 60_000,
  });

export function useEventSessions(eventId: string) {
  return useQuery(eventSessionsQueryOptions(eventId));
}
