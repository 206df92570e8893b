import { useMutation } from '@tanstack/react-query';
import type { CardPaymentInput, OrderView } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';

/** POST /api/orders/:id/card-payment: charges the card; a decline comes back as an ApiError. */
export function payOrderWithCard({ orderId, card }: { orderId: string; card: CardPaymentInput }): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/card-payment`, { method: 'POST', body: card });
}

export function usePayOrderWithCard() {
  return useMutation({ mutationFn: payOrderWithCard });
}
