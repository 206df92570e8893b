import { useMutation } from '@tanstack/react-query';
import type { OrderView, PlaceOrderInput } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';

/** POST /api/orders: the server prices the order, holds the stock and starts the payment. */
export function placeOrder(input: PlaceOrderInput): Promise<OrderView> {
  return api<OrderView>('/api/orders', { method: 'POST', body: input });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
