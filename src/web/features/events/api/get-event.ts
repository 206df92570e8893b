import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '../../../../shared/schemas/events';
import { api } from '../../../lib/api';
import { eventKeys } from './keys';

export function getEvent(id: string, signal?: AbortSignal) {
  return api<EventDetail>(`/api/events/${encodeURIComponent(id)}`, { signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
