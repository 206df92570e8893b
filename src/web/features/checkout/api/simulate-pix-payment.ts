import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '../../../../shared/schemas/orders';
import { ActionKey, api } from '../../../lib/api';
import { orderKeys } from './keys';

const simulating = new ActionKey();

/** POST /api/orders/:id/simulate-pix-payment (sandbox provider only). */
export function simulatePixPayment(orderId: string): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/simulate-pix-payment`, {
    method: 'POST',
    body: {},
    idempotencyKey: simulating,
  });
}

export function useSimulatePixPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePixPayment,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order.id), order),
  });
}
