import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListEventBuyersResponse } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

export function listEventBuyers(eventId: string, signal?: AbortSignal) {
  return api<ListEventBuyersResponse>(`/api/admin/events/${encodeURIComponent(eventId)}/buyers`, { signal });
}

export const eventBuyersQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: adminEventKeys.buyers(eventId),
    queryFn: ({ signal }) => listEventBuyers(eventId, signal),
  });

export function useEventBuyers(eventId: string) {
  return useQuery(eventBuyersQueryOptions(eventId));
}

/** Address of 'Exportar CSV' (the server names the file compradores-<event>.csv). */
export function eventBuyersCsvUrl(eventId: string) {
  return `/api/admin/events/${encodeURIComponent(eventId)}/buyers.csv`;
}
