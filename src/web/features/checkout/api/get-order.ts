import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

/** How often an order waiting for its payment is asked about. */
const ORDER_POLL_INTERVAL_MS = 2_000;

/**
 * GET /api/orders/:id. For a pending order the answer carries again what is needed to pay it (the
 * PIX code, or the client secret with Stripe): this is how a pending order is resumed.
 */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

/**
 * The order; with `poll` it is asked again every 2 s while it still waits for its payment (the
 * server confirms from the provider, never from the browser). Without, it is read once: the card
 * form does not need news until the buyer pays.
 */
export const orderQueryOptions = (orderId: string, { poll = true }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: poll ? 0 : 30_000,
    refetchInterval: (query) => (poll && query.state.data?.status === 'pending' ? ORDER_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: poll,
  });

export function useOrder(orderId: string, options?: { poll?: boolean }) {
  return useQuery(orderQueryOptions(orderId, options));
}
