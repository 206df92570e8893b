import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bordero } from '../../../../../shared/schemas/bordero';
import { api } from '../../../../lib/api';
import { borderoKeys } from './keys';

/** How often the borderô is read again while its page is open: sales and refunds have no stream of their own. */
export const BORDERO_REFRESH_MS = 10_000;

/** GET /api/admin/events/:id/bordero: the event's borderô as it is now. */
export function getBordero(eventId: string, signal?: AbortSignal) {
  return api<Bordero>(`/api/admin/events/${encodeURIComponent(eventId)}/bordero`, { signal });
}

export const borderoQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: borderoKeys.event(eventId),
    queryFn: ({ signal }) => getBordero(eventId, signal),
    staleTime: 0,
    refetchInterval: BORDERO_REFRESH_MS,
  });

/**
 * The borderô, live: read again every BORDERO_REFRESH_MS, and at once when an entry at the door
 * changes the event's counts (GET /api/door/events/:id/live, the Server-Sent Events the door's
 * screens use, `counts` after each entry on any server). The stream's first message is the counts
 * as they were when it opened, already in the borderô just read.
 */
export function useBordero(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined' || !eventId) return;
    const source = new EventSource(`/api/door/events/${encodeURIComponent(eventId)}/live`, { withCredentials: true });
    let isFirst = true;
    source.addEventListener('counts', () => {
      if (isFirst) {
        isFirst = false;
        return;
      }
      void queryClient.invalidateQueries({ queryKey: borderoKeys.event(eventId) });
    });
    return () => source.close();
  }, [eventId, queryClient]);
  return useQuery(borderoQueryOptions(eventId));
}

/** Address of 'Baixar PDF' (the server names the file bordero-<event>.pdf). */
export const borderoPdfUrl = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/bordero.pdf`;
/** Address of 'Baixar CSV' (the server names the file bordero-<event>.csv). */
export const borderoCsvUrl = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/bordero.csv`;
