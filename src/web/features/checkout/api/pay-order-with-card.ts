import type { CardPaymentInput, OrderView } from '../../../../shared/schemas/orders';
import { ActionKey, api } from '../../../lib/api';

/**
 * POST /api/orders/:id/card-payment, the sandbox's test card form (the route does not exist with
 * Stripe). A decline answers 402 with the pt-BR reason, thrown as an ApiError; the order stays
 * pending so another card can be tried while the hold lasts.
 */
// docs/rules/idempotency.md 'The web app': a decline is an answer, so another try gets a new key.
const paying = new ActionKey();

export function payOrderWithCard({ orderId, card }: { orderId: string; card: CardPaymentInput }): Promise<OrderView> {
  return api<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/card-payment`, { method: 'POST', body: card, idempotencyKey: paying });
}
