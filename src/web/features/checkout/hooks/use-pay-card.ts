import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CardPaymentInput, OrderView } from '../../../../shared/schemas/orders';
import { errorMessages } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api';
import { payOrderWithCard } from '../api/pay-order-with-card';
import { orderKeys } from '../api/keys';
import { paymentReturnUrl, type StripeBilling, type StripeCardHandle } from '../lib/stripe-card';

/** The card of one attempt: typed into the sandbox's test form, or into Stripe's frame. */
export type CardAttempt =
  { provider: 'sandbox'; card: CardPaymentInput } | { provider: 'stripe'; handle: StripeCardHandle | null; billing: StripeBilling };

/**
 * How an attempt ended: paid; accepted by the provider and waiting for its confirmation (Stripe's
 * webhook, polled through the order); or declined with the pt-BR reason (docs/screens.md 'Messages': the
 * error's message, or 'Erro no pagamento'). A declined order stays pending for another card.
 */
export type CardOutcome = { status: 'completed' } | { status: 'confirming' } | { status: 'declined'; message: string };

const declined = (message: string | null | undefined): CardOutcome => ({
  status: 'declined',
  message: message || errorMessages.payment_failed,
});

/** Pays a pending card order once. Never throws: every failure is a 'declined' outcome. */
export function usePayCard() {
  const queryClient = useQueryClient();
  return useCallback(
    async (order: OrderView, attempt: CardAttempt): Promise<CardOutcome> => {
      try {
        if (attempt.provider === 'sandbox') {
          const paid = await payOrderWithCard({ orderId: order.id, card: attempt.card });
          queryClient.setQueryData(orderKeys.detail(order.id), paid);
          if (paid.status === 'completed') return { status: 'completed' };
          if (paid.status === 'pending') return { status: 'confirming' };
          return declined(paid.paymentError);
        }
        // Stripe: the card goes from Stripe's frame to Stripe; our server hears of it from the webhook.
        if (!attempt.handle || !order.clientSecret || !order.paymentId) return declined(null);
        const result = await attempt.handle.confirm({
          clientSecret: order.clientSecret,
          installments: order.installments,
          billing: attempt.billing,
          returnUrl: paymentReturnUrl(order.paymentId),
        });
        return result.ok ? { status: 'confirming' } : declined(result.message);
      } catch (error) {
        return declined(error instanceof ApiError ? error.message : null);
      } finally {
        // The order now carries the decline (paymentError) or its new state.
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      }
    },
    [queryClient],
  );
}
