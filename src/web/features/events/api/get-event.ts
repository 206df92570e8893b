import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '../../../../shared/schemas/events';
import { api } from '../../../lib/api';
import { readInitialData } from '../../../lib/initial-data';
import { eventKeys } from './keys';

/** GET /api/events/:id; with an access code, `?codigo=` adds the pre-sale sector it unlocks. */
export function getEvent(id: string, signal?: AbortSignal, accessCode?: string) {
  const query = accessCode ? `?codigo=${encodeURIComponent(accessCode)}` : '';
  return api<EventDetail>(`/api/events/${encodeURIComponent(id)}${query}`, { signal });
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

/**
 * The event page's event; with `accessCode`, as that code shows it. While the event with a new
 * code loads, the page keeps showing what it had, so applying a code does not blank it.
 */
export function useEvent(id: string, accessCode?: string | null) {
  return useQuery({
    queryKey: accessCode ? eventKeys.detailWithCode(id, accessCode) : eventKeys.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal, accessCode ?? undefined),
    initialData: accessCode ? undefined : () => initialEvent(id),
    initialDataUpdatedAt: () => performance.timeOrigin,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}
