import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListAdminEventsQuery, ListAdminEventsResponse } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/** GET /api/admin/events with the filters set (search, brand, state) and the order. */
export function listAdminEvents(query: ListAdminEventsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return api<ListAdminEventsResponse>(`/api/admin/events${search}`, { signal });
}

export const adminEventsQueryOptions = (query: ListAdminEventsQuery) =>
  queryOptions({
    // Under lists(), which every change of an event invalidates.
    queryKey: [...adminEventKeys.lists(), query] as const,
    queryFn: ({ signal }) => listAdminEvents(query, signal),
  });

/** Every event matching the filters with its sales; while a new search loads, the previous result stays. */
export function useAdminEvents(query: ListAdminEventsQuery) {
  return useQuery({ ...adminEventsQueryOptions(query), placeholderData: keepPreviousData });
}
