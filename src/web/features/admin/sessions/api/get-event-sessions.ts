import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSessionsResponse } from '../../../../../shared/schemas/sessions';
import { api } from '../../../../lib/api';
import { sessionKeys } from './keys';

/** GET /api/admin/events/:id/sessions: the event's sessions, exit scans, and the sessions each sector covers. */
export function getEventSessions(eventId: string, signal?: AbortSignal) {
  return api<EventSessionsResponse>(`/api/admin/events/${encodeURIComponent(eventId)}/sessions`, { signal });
}

export const eventSessionsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: sessionKeys.ofEvent(eventId), queryFn: ({ signal }) => getEventSessions(eventId, signal) });

export function useEventSessions(eventId: string) {
  return useQuery(eventSessionsQueryOptions(eventId));
}
