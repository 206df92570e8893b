import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoorCounts } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';
import { doorKeys } from './keys';

/** GET /api/door/events/:id/counts: entries and tickets sold. */
export function getDoorCounts(eventId: string, signal?: AbortSignal): Promise<DoorCounts> {
  return api<DoorCounts>(`/api/door/events/${eventId}/counts`, { signal });
}

export const doorCountsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: doorKeys.counts(eventId), queryFn: ({ signal }) => getDoorCounts(eventId, signal), staleTime: 30_000 });

/**
 * The event's counts, kept live by GET /api/door/events/:id/live (Server-Sent Events, an event
 * `counts` whenever an entry commits on any server); the browser reconnects on its own.
 */
export function useDoorCounts(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/door/events/${eventId}/live`, { withCredentials: true });
    source.addEventListener('counts', (message) => {
      try {
        queryClient.setQueryData(doorKeys.counts(eventId), JSON.parse((message as MessageEvent<string>).data) as DoorCounts);
      } catch {
        // A malformed message is ignored; the next one corrects the figures.
      }
    });
    return () => source.close();
  }, [eventId, queryClient]);
  return useQuery(doorCountsQueryOptions(eventId));
}
