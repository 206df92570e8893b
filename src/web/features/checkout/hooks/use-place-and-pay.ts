import type { RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PlaceOrderInput } from '../../../../shared/schemas/orders';
import { usePlaceOrder } from '../api/place-order';
import { orderKeys } from '../api/keys';
import type { CardStepPhase } from '../components/card-payment-step';
import type { CheckoutFormValues } from '../lib/checkout-form';
import { cardAttemptOf } from '../lib/checkout-order';
import type { StripeCardHandle } from '../lib/stripe-card';
import { usePayCard } from './use-pay-card';
import { CHECKOUT_TOAST } from './use-checkout-api-error';

/**
 * Places the confirmed order and pays it: a completed order (free) is done; PIX shows its code;
 * a card is paid at once (sandbox) or confirmed by Stripe.js (the card step waits for Stripe's
 * webhook); a declined card leaves the order pending, its units held, for another card.
 */
export function usePlaceAndPay({
  stripeCard,
  showApiError,
  complete,
  showPix,
  showCard,
  onOrderPlaced,
}: {
  stripeCard: RefObject<StripeCardHandle | null>;
  showApiError(error: unknown): void;
  complete(message: string, orderId: string): void;
  showPix(orderId: string): void;
  showCard(orderId: string, phase: CardStepPhase, error: string | null): void;
  onOrderPlaced?: () => void;
}) {
  const queryClient = useQueryClient();
  const placeOrder = usePlaceOrder();
  const payCard = usePayCard();

  return async function placeAndPay(input: PlaceOrderInput, values: CheckoutFormValues, payingWithStripe: boolean) {
    let order;
    try {
      order = await placeOrder.mutateAsync(input);
    } catch (error) {
      showApiError(error);
      return;
    }
    queryClient.setQueryData(orderKeys.detail(order.id), order);
    onOrderPlaced?.();
    if (order.status === 'completed') {
      complete('Compra realizada com sucesso!', order.id);
      return;
    }
    if (input.paymentMethod === 'pix') {
      showPix(order.id);
      toast.success('PIX gerado com sucesso! Complete o pagamento para confirmar a compra.', { id: CHECKOUT_TOAST });
      return;
    }
    const attempt = cardAttemptOf(values, input.buyer, payingWithStripe ? { handle: stripeCard.current } : null);
    const outcome = await payCard(order, attempt);
    if (outcome.status === 'completed') {
      complete('Pagamento realizado com sucesso!', order.id);
    } else if (outcome.status === 'confirming') {
      showCard(order.id, 'confirming', null);
    } else {
      // Declined: the order stays pending with its units held; another card can be tried.
      toast.error(outcome.message, { id: CHECKOUT_TOAST });
      showCard(order.id, 'form', outcome.message);
    }
  };
}
