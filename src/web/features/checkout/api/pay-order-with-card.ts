import type { CardPaymentInput, OrderView } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';

/**
 * POST /api/orders/:id/card-payment, the sandbox's test card form (the route does not exist with
 * Stripe). A decline answers 402 with the pt-BR reason, thrown as an ApiError; the order stays
 * pending so another card can be tried while the hold lasts.
 */
export function payOrderWithCard({ orderId, card }: { orderId: string; card: CardPaymentInput }): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/card-payment`, { method: 'POST', body: card });
}
