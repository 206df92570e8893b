import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** GET /api/orders/:id: what an order charged, item by item (lots, meia-entrada, discount, service fee). */
export function getOrderDetails(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

// What an order charged does not change: read once while the page is open.
export const orderDetailsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ticketKeys.orderDetails(orderId),
    queryFn: ({ signal }) => getOrderDetails(orderId, signal),
    staleTime: 5 * 60_000,
  });

/** The order's amounts; asked only while `enabled` (its details are open). */
export function useOrderDetails(orderId: string, enabled: boolean) {
  return useQuery({ ...orderDetailsQueryOptions(orderId), enabled });
}
