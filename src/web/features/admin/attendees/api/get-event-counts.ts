import { useEffect } from 'react';
import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoorCounts } from '../../../../../shared/schemas/tickets';
import { api } from '../../../../lib/api';
import { attendeeKeys } from './keys';

/** GET /api/door/events/:id/counts: entries and tickets sold. */
export function getEventCounts(eventId: string, signal?: AbortSignal) {
  return api<DoorCounts>(`/api/door/events/${encodeURIComponent(eventId)}/counts`, { signal });
}

export const eventCountsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: attendeeKeys.counts(eventId), queryFn: ({ signal }) => getEventCounts(eventId, signal), staleTime: 30_000 });

/**
 * Keeps the counts of these events live from GET /api/door/events/:id/live (Server-Sent Events,
 * `counts` whenever an entry commits on any server); the browser reconnects on its own.
 */
export function useLiveCountsStream(eventIds: readonly string[]) {
  const queryClient = useQueryClient();
  const key = eventIds.join(',');
  useEffect(() => {
    if (typeof EventSource === 'undefined' || !key) return;
    const sources = key.split(',').map((eventId) => {
      const source = new EventSource(`/api/door/events/${encodeURIComponent(eventId)}/live`, { withCredentials: true });
      source.addEventListener('counts', (message) => {
        try {
          queryClient.setQueryData(attendeeKeys.counts(eventId), JSON.parse((message as MessageEvent<string>).data) as DoorCounts);
        } catch {
          // A malformed message is ignored; the next one corrects the figures.
        }
      });
      return source;
    });
    return () => sources.forEach((source) => source.close());
  }, [key, queryClient]);
}

/** One event's entries / tickets sold, live. */
export function useEventCounts(eventId: string) {
  useLiveCountsStream([eventId]);
  return useQuery(eventCountsQueryOptions(eventId));
}

/** Several events' counts (the dashboard); only `liveIds` get a stream, the others are fetched once. */
export function useEventsCounts(eventIds: readonly string[], liveIds: readonly string[]) {
  useLiveCountsStream(liveIds);
  return useQueries({ queries: eventIds.map((eventId) => eventCountsQueryOptions(eventId)) });
}
