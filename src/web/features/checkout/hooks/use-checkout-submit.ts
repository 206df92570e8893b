import { useRef, type BaseSyntheticEvent, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { EventDetail } from '../../../../shared/schemas/events';
import type { PlaceOrderInput } from '../../../../shared/schemas/orders';
import { errorMessages } from '../../../../shared/errors';
import { formatCentavos } from '../../../../shared/money';
import { isValidCpf, onlyDigits } from '../../../../shared/cpf';
import { orderQuoteQueryOptions } from '../api/quote-order';
import { REQUIRED_MESSAGE, type CheckoutFormValues } from '../lib/checkout-form';
import { invalidFormMessage, nominalCpfErrors, orderItemsOf } from '../lib/checkout-order';
import type { StripeCardHandle, StripeCardState } from '../lib/stripe-card';
import type { CardStepPhase } from '../components/card-payment-step';
import type { useCheckoutCoupon } from './use-checkout-coupon';
import { CHECKOUT_TOAST, useCheckoutApiError } from './use-checkout-api-error';
import { usePlaceAndPay } from './use-place-and-pay';

/** What the submit needs of the dialog's other parts. */
export interface CheckoutSubmitOptions {
  form: UseFormReturn<CheckoutFormValues, { hasCardFields: boolean }>;
  event: EventDetail;
  fullLines: { sectorId: string; quantity: number }[];
  fullCount: number;
  meiaUnits: EventDetail['sectors'];
  accessCode: string | null;
  coupon: Pick<ReturnType<typeof useCheckoutCoupon>, 'appliedCode' | 'preview' | 'error' | 'orderCode' | 'recheck'>;
  /** The total shown, in centavos; the order is placed only for exactly this total. */
  totalCentavos: number;
  isFree: boolean;
  setChangedTotal(total: number | null): void;
  provider: 'sandbox' | 'stripe' | undefined;
  stripeState: StripeCardState;
  stripeCard: RefObject<StripeCardHandle | null>;
  waitlistOfferId: string | null;
  complete(message: string, orderId: string): void;
  showPix(orderId: string): void;
  showCard(orderId: string, phase: CardStepPhase, error: string | null): void;
  onOrderPlaced?: () => void;
  onPricesChanged?: () => void;
}

/**
 * 'Pagar' (docs/rules/sale.md 'Checkout'): checks the form, the coupon and the holders, confirms
 * the server's total for exactly this order (a moved total is shown and the buyer confirms
 * again), then places and pays it. Refusals show as a pt-BR toast and on their field. Returns the
 * form's submit handler.
 */
export function useCheckoutSubmit(options: CheckoutSubmitOptions) {
  const { form, event, fullLines, fullCount, meiaUnits, accessCode, coupon, totalCentavos, isFree, provider } = options;
  const { handleSubmit, getValues, setError } = form;
  const queryClient = useQueryClient();
  const offer = options.waitlistOfferId ? { waitlistOfferId: options.waitlistOfferId } : {};
  const showApiError = useCheckoutApiError({
    setError,
    getValues,
    setChangedTotal: options.setChangedTotal,
    recheckCoupon: coupon.recheck,
    onPricesChanged: options.onPricesChanged,
  });
  const placeAndPay = usePlaceAndPay({ ...options, showApiError });
  const inFlight = useRef(false);

  /** The server's total for exactly these items, in centavos; null when it could not be asked (the error is shown). */
  async function confirmedTotalOf(items: PlaceOrderInput['items'], values: CheckoutFormValues): Promise<number | null> {
    try {
      const fresh = await queryClient.fetchQuery({
        ...orderQuoteQueryOptions({
          eventId: event.id,
          items,
          paymentMethod: 'pix',
          installments: 1,
          couponCode: coupon.orderCode,
          buyerCpf: isValidCpf(values.buyer.cpf) ? onlyDigits(values.buyer.cpf) : undefined,
          ...offer,
        }),
        staleTime: 10_000,
      });
      return fresh.totalCentavos;
    } catch (error) {
      showApiError(error);
      return null;
    }
  }

  /** The order's items once the coupon and the holders are settled; null after telling the buyer what is missing. */
  function itemsToPlace(values: CheckoutFormValues): PlaceOrderInput['items'] | null {
    // A refused coupon is never dropped silently: the buyer removes it or fixes the code first.
    if (coupon.appliedCode && !accessCode && !coupon.preview) {
      toast.error(coupon.error ?? 'Aguarde a verificação do cupom.', { id: CHECKOUT_TOAST });
      document.getElementById('coupon-code')?.focus();
      return null;
    }
    if (event.nominal) {
      const cpfErrors = nominalCpfErrors(values, fullCount);
      cpfErrors.forEach(({ index, message }, position) =>
        setError(`holderCpfs.${index}`, { type: 'nominal', message }, { shouldFocus: position === 0 }),
      );
      if (cpfErrors.length > 0) return null;
    }
    const items = orderItemsOf({ values, meia: getValues('meia'), nominal: event.nominal, fullLines, meiaUnits });
    if (items.length === 0 || items.length !== fullLines.length + meiaUnits.length) {
      toast.error(items.length === 0 ? errorMessages.no_tickets_selected : REQUIRED_MESSAGE, { id: CHECKOUT_TOAST });
      return null;
    }
    return items;
  }

  async function onValid(values: CheckoutFormValues) {
    const paymentMethod = isFree ? 'pix' : values.paymentMethod;
    const items = itemsToPlace(values);
    if (!items) return;
    // The total to confirm is the server's quote for exactly this order; when it moved since it
    // was shown, the new one is shown and the buyer confirms again.
    const confirmedTotal = await confirmedTotalOf(items, values);
    if (confirmedTotal === null) return;
    if (confirmedTotal !== totalCentavos) {
      options.setChangedTotal(confirmedTotal);
      toast.error(`O total agora é ${formatCentavos(confirmedTotal)}. Confira o resumo e confirme de novo.`, { id: CHECKOUT_TOAST });
      return;
    }
    options.setChangedTotal(null);
    const input: PlaceOrderInput = {
      eventId: event.id,
      items,
      buyer: {
        name: values.buyer.name.trim(),
        email: values.buyer.email.trim(),
        phone: values.buyer.phone,
        cpf: values.buyer.cpf,
      },
      paymentMethod,
      installments: paymentMethod === 'card' ? values.installments : 1,
      couponCode: coupon.orderCode,
      expectedTotalCentavos: confirmedTotal,
      ...offer,
    };
    const payingWithStripe = paymentMethod === 'card' && provider === 'stripe';
    if (paymentMethod === 'card' && !provider) {
      toast.error('Aguarde o carregamento do pagamento com cartão.', { id: CHECKOUT_TOAST });
      return;
    }
    // Nothing is placed (no units held) until Stripe's frame holds a whole card.
    if (payingWithStripe && (!options.stripeState.isReady || !options.stripeState.isComplete)) {
      toast.error(options.stripeState.error ?? 'Preencha os dados do cartão.', { id: CHECKOUT_TOAST });
      return;
    }
    await placeAndPay(input, values, payingWithStripe);
  }

  const submit = handleSubmit(onValid, (errors) => {
    const values = getValues();
    toast.error(invalidFormMessage(errors, values, !isFree && values.paymentMethod === 'card' && provider === 'sandbox'), {
      id: CHECKOUT_TOAST,
    });
  });
  // One order per tap: a second 'Pagar' while the first is checked, placed or paid does nothing
  // (a ref set in the same tick, before react-hook-form's isSubmitting renders the button disabled).
  return (event?: BaseSyntheticEvent) => {
    if (inFlight.current) {
      event?.preventDefault();
      return Promise.resolve();
    }
    inFlight.current = true;
    return submit(event).finally(() => {
      inFlight.current = false;
    });
  };
}
