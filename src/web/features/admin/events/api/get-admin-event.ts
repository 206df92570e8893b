import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEventDetail } from '../../../../../shared/schemas/admin-events';
import { api, ApiError } from '../../../../lib/api';
import { adminEventKeys } from './keys';

export function getAdminEvent(id: string, signal?: AbortSignal) {
  return api<AdminEventDetail>(`/api/admin/events/${encodeURIComponent(id)}`, { signal });
}

export const adminEventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminEventKeys.detail(id),
    queryFn: ({ signal }) => getAdminEvent(id, signal),
    // A missing event is an answer, not a hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export function useAdminEvent(id: string) {
  return useQuery(adminEventQueryOptions(id));
}
