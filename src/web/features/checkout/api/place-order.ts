import { useMutation } from '@tanstack/react-query';
import type { OrderView, PlaceOrderInput } from '../../../../shared/schemas/orders';
import { ActionKey, api } from '../../../lib/api';
import { passForOrder } from '../../../lib/waiting-room-pass';
import { attributionForOrder } from '../../../lib/attribution';

/**
 * POST /api/orders: the server prices the order, holds the stock and starts the payment. The
 * waiting room's pass for the event, when this device holds one, goes with it, and so does the
 * campaign the device last arrived from (docs/rules/sale.md 'Campaign attribution').
 */
// One action for the checkout: a retry of the same order unanswered is answered with the first one (docs/rules/idempotency.md 'The web app').
const placing = new ActionKey();

export function placeOrder(input: PlaceOrderInput): Promise<OrderView> {
  return api<OrderView>('/api/orders', {
    method: 'POST',
    body: { ...input, ...passForOrder(input.eventId), ...attributionForOrder() },
    idempotencyKey: placing,
  });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
