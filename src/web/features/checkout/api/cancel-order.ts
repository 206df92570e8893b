import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

/** POST /api/orders/:id/cancel: the buyer gives up a pending order; its units return at once. */
export function cancelOrder(orderId: string): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: {} });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order.id), order),
    // Whatever happened (cancelled now, or paid meanwhile), 'Meus ingressos' and the stock changed.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
