import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListAdminEventsResponse } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

export function listAdminEvents(q: string, signal?: AbortSignal) {
  const search = q ? `?q=${encodeURIComponent(q)}` : '';
  return api<ListAdminEventsResponse>(`/api/admin/events${search}`, { signal });
}

export const adminEventsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminEventKeys.list(q),
    queryFn: ({ signal }) => listAdminEvents(q, signal),
  });

/** Every event with its sales, newest first; while a new search loads, the previous result stays. */
export function useAdminEvents(q: string) {
  return useQuery({ ...adminEventsQueryOptions(q), placeholderData: keepPreviousData });
}
