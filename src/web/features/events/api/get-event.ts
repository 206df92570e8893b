import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '../../../../shared/schemas/events';
import { api } from '../../../lib/api';
import { readInitialData } from '../../../lib/initial-data';
import { eventKeys } from './keys';

export function getEvent(id: string, signal?: AbortSignal) {
  return api<EventDetail>(`/api/events/${encodeURIComponent(id)}`, { signal });
}

// The event the server put into the page's HTML, when this is the event the page was opened on
// and the page is recent (a later visit, once the cache let it go, fetches instead).
const INITIAL_DATA_MAX_AGE_MS = 60_000;

function initialEvent(id: string): EventDetail | undefined {
  const event = readInitialData()?.event;
  return event?.id === id && performance.now() < INITIAL_DATA_MAX_AGE_MS ? event : undefined;
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal),
    initialData: () => initialEvent(id),
    // As old as the page: timeOrigin is when this page started loading, on this device's clock.
    initialDataUpdatedAt: () => performance.timeOrigin,
  });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
