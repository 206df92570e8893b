import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

/** How often a PIX order waiting for payment is asked about. */
export const PIX_POLL_INTERVAL_MS = 2_000;

/** GET /api/orders/:id */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

/** The order, polled every 2 s while it is still waiting for its payment. */
export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PIX_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
