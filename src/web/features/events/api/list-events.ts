import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventList, ListEventsQuery } from '../../../../shared/schemas/events';
import { api } from '../../../lib/api';
import { eventKeys } from './keys';

export type ListEventsResponse = EventList;

function toSearch(query: ListEventsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function listEvents(query: ListEventsQuery, signal?: AbortSignal) {
  return api<ListEventsResponse>(`/api/events${toSearch(query)}`, { signal });
}

export const listEventsQueryOptions = (query: ListEventsQuery) =>
  queryOptions({
    queryKey: eventKeys.list(query),
    queryFn: ({ signal }) => listEvents(query, signal),
  });

/**
 * Events matching the filters; while new filters load, the previous result stays on screen.
 * `enabled: false` waits (e.g. for the session before asking for favourites).
 */
export function useEvents(query: ListEventsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listEventsQueryOptions(query), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}
