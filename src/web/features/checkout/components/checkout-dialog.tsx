import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Gift, Loader2, Lock } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { EventDetail } from '../../../../shared/schemas/events';
import type { PlaceOrderInput } from '../../../../shared/schemas/orders';
import { errorMessages } from '../../../../shared/errors';
import { formatCentavos } from '../../../../shared/money';
import { formatPhone } from '../../../../shared/phone';
import { onlyDigits } from '../../../../shared/cpf';
import { usePlaceOrder } from '../api/place-order';
import { useCouponPreview } from '../api/preview-coupon';
import { usePublicConfig } from '../api/get-public-config';
import { useCancelOrder } from '../api/cancel-order';
import { getOrder } from '../api/get-order';
import { orderKeys } from '../api/keys';
import { useFinishPurchase } from '../hooks/use-finish-purchase';
import { usePayCard, type CardAttempt } from '../hooks/use-pay-card';
import {
  REQUIRED_MESSAGE,
  cardCheckoutSchema,
  emptyCheckoutForm,
  formFieldOf,
  hasBlankRequiredField,
  pixCheckoutSchema,
  type CheckoutFormValues,
} from '../lib/checkout-form';
import { initialStripeCardState, type StripeCardHandle, type StripeCardState } from '../lib/stripe-card';
import { BuyerFields } from './buyer-fields';
import { CardPaymentStep, type CardStepPhase } from './card-payment-step';
import { CouponField } from './coupon-field';
import { OrderSummary, type SelectedLine } from './order-summary';
import { PaymentFields } from './payment-fields';
import { PixPaymentStep } from './pix-payment-step';
import { SandboxCardFields } from './sandbox-card-fields';
import { StripeCardSection } from './stripe-card-section';

export interface CheckoutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  event: EventDetail;
  selection: { ticketTypeId: string; quantity: number }[];
  /** Called once the purchase is done, before going to /tickets (e.g. to clear the selection). */
  onCompleted?: () => void;
}

const pixResolver = zodResolver(pixCheckoutSchema) as unknown as Resolver<CheckoutFormValues>;
const cardResolver = zodResolver(cardCheckoutSchema) as unknown as Resolver<CheckoutFormValues>;
// The sandbox's card fields are only checked when the card is the chosen method; with Stripe
// they are not shown at all (Stripe's frame holds the card, and reports its own errors).
const checkoutResolver: Resolver<CheckoutFormValues, { hasCardFields: boolean }> = (values, context, options) =>
  (values.paymentMethod === 'card' && context?.hasCardFields ? cardResolver : pixResolver)(values, context, options);

/** After the order is placed: its PIX code, or its card payment (a decline to retry, or Stripe confirming). */
type PaymentStep =
  | { kind: 'pix'; orderId: string; key: string }
  | { kind: 'card'; orderId: string; key: string; phase: CardStepPhase; error: string | null };

const selectionKey = (selection: CheckoutDialogProps['selection']) =>
  selection
    .filter((s) => s.quantity > 0)
    .map((s) => `${s.ticketTypeId}:${s.quantity}`)
    .sort()
    .join(',');

/**
 * 'Finalizar Pagamento' (SPEC.md sections 2, 4, 5, 8): buyer data, PIX or card, then the payment
 * step. Card in the sandbox: the test form, POST card-payment. Card with Stripe: Stripe's frame
 * (loaded only then), confirmed by Stripe.js in the browser with the order's client secret; the
 * order completes when Stripe's webhook reaches the server, which the card step polls for. A
 * declined card leaves the order pending and the card step asks for another.
 */
export function CheckoutDialog({ open, onOpenChange, event, selection, onCompleted }: CheckoutDialogProps) {
  const { user, profile } = useSession();
  const { data: config } = usePublicConfig();
  const queryClient = useQueryClient();
  const finishPurchase = useFinishPurchase();
  const placeOrder = usePlaceOrder();
  const payCard = usePayCard();
  const cancelOrder = useCancelOrder();
  const [paymentStep, setPaymentStep] = useState<PaymentStep | null>(null);
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [stripeState, setStripeState] = useState<StripeCardState>(initialStripeCardState);
  const stripeCard = useRef<StripeCardHandle>(null);
  const provider = config?.paymentProvider;
  const stripeKey = provider === 'stripe' ? config?.stripePublishableKey ?? null : null;

  const form = useForm<CheckoutFormValues, { hasCardFields: boolean }>({
    defaultValues: emptyCheckoutForm,
    resolver: checkoutResolver,
    context: { hasCardFields: provider === 'sandbox' },
    mode: 'onSubmit',
  });
  const { handleSubmit, setValue, getValues, setError, formState, control } = form;
  const method = useWatch({ control, name: 'paymentMethod' });
  const installments = useWatch({ control, name: 'installments' });

  const lines: SelectedLine[] = useMemo(
    () =>
      selection
        .filter((s) => s.quantity > 0)
        .flatMap((s) => {
          const type = event.ticketTypes.find((t) => t.id === s.ticketTypeId);
          return type ? [{ ticketTypeId: type.id, name: type.name, quantity: s.quantity, unitPriceCentavos: type.priceCentavos }] : [];
        }),
    [event.ticketTypes, selection],
  );
  const subtotalCentavos = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCentavos, 0);

  // The applied coupon, priced by the server for the tickets chosen now (asked again when they change).
  const couponQuery = useCouponPreview(
    appliedCode && lines.length > 0
      ? { eventId: event.id, items: lines.map((l) => ({ ticketTypeId: l.ticketTypeId, quantity: l.quantity })), couponCode: appliedCode }
      : null,
  );
  const couponPreview = appliedCode && couponQuery.isSuccess ? couponQuery.data : undefined;
  const couponError = !appliedCode || !couponQuery.isError
    ? null
    : couponQuery.error instanceof ApiError && couponQuery.error.status > 0 && couponQuery.error.status < 500
      ? couponQuery.error.message
      : 'Não foi possível verificar o cupom. Tente novamente.';
  const isCheckingCoupon = appliedCode !== null && couponQuery.isFetching;
  const totalCentavos = couponPreview ? couponPreview.totalCentavos : subtotalCentavos;
  const isFree = lines.length > 0 && totalCentavos === 0;
  const currentKey = selectionKey(selection);
  // A payment step belongs to the tickets it was placed for: other tickets chosen, the form again.
  const step = paymentStep && paymentStep.key === currentKey ? paymentStep : null;
  const isSubmitting = formState.isSubmitting;

  // Prefill the buyer from the signed-in account, without overwriting what was typed.
  useEffect(() => {
    if (!open) return;
    const buyer = getValues('buyer');
    if (!buyer.email && user?.email) setValue('buyer.email', user.email);
    const name = profile?.fullName && !profile.fullName.includes('@') ? profile.fullName : user?.name;
    if (!buyer.name && name && !name.includes('@')) setValue('buyer.name', name);
    if (!buyer.phone && profile?.phone) setValue('buyer.phone', formatPhone(profile.phone));
  }, [open, user, profile, getValues, setValue]);

  // Purchase done: forget the PIX step, keep the buyer for next time, close and go to the tickets.
  const finish = useCallback(() => {
    setPaymentStep(null);
    setAppliedCode(null);
    form.reset({ ...emptyCheckoutForm, buyer: form.getValues('buyer') });
    onOpenChange(false);
    onCompleted?.();
    finishPurchase();
  }, [form, onOpenChange, onCompleted, finishPurchase]);

  const complete = (message: string) => {
    toast.success(message);
    finish();
  };

  function applyCoupon(code: string) {
    const normalized = code.trim().toUpperCase();
    if (normalized === appliedCode) void couponQuery.refetch();
    else setAppliedCode(normalized);
  }

  /**
   * 'Escolher outra forma de pagamento' / 'Gerar novo pagamento': the pending order is cancelled so
   * its units return at once, then the form again. Paid meanwhile: the purchase is done.
   */
  async function leavePaymentStep(orderId: string) {
    try {
      await cancelOrder.mutateAsync(orderId);
    } catch {
      const order = await getOrder(orderId).catch(() => null);
      if (order?.status === 'completed') {
        complete('Compra realizada com sucesso!');
        return;
      }
    }
    setPaymentStep(null);
  }

  function showApiError(error: unknown) {
    const message = error instanceof ApiError ? error.message : errorMessages.payment_failed;
    toast.error(message || errorMessages.payment_failed);
    // The coupon changed since the preview (used up, expired...): ask again, its field shows why.
    if (error instanceof ApiError && error.details.field === 'couponCode') void couponQuery.refetch();
    if (error instanceof ApiError) {
      const field = formFieldOf(error.details.field);
      if (field) setError(field as FieldPath<CheckoutFormValues>, { type: 'server', message }, { shouldFocus: true });
    }
  }

  async function onValid(values: CheckoutFormValues) {
    // A refused coupon is never dropped silently: the buyer removes it or fixes the code first.
    if (appliedCode && !couponPreview) {
      toast.error(couponError ?? 'Aguarde a verificação do cupom.');
      document.getElementById('coupon-code')?.focus();
      return;
    }
    const paymentMethod = isFree ? 'pix' : values.paymentMethod;
    const input: PlaceOrderInput = {
      eventId: event.id,
      items: lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity })),
      buyer: {
        name: values.buyer.name.trim(),
        email: values.buyer.email.trim(),
        phone: values.buyer.phone,
        cpf: values.buyer.cpf,
      },
      paymentMethod,
      installments: paymentMethod === 'card' ? values.installments : 1,
      couponCode: couponPreview ? appliedCode ?? undefined : undefined,
    };
    if (input.items.length === 0) {
      toast.error(errorMessages.no_tickets_selected);
      return;
    }
    const payingWithStripe = paymentMethod === 'card' && provider === 'stripe';
    if (paymentMethod === 'card' && !provider) {
      toast.error('Aguarde o carregamento do pagamento com cartão.');
      return;
    }
    // Nothing is placed (no units held) until Stripe's frame holds a whole card.
    if (payingWithStripe && (!stripeState.isReady || !stripeState.isComplete)) {
      toast.error(stripeState.error ?? 'Preencha os dados do cartão.');
      return;
    }
    let order;
    try {
      order = await placeOrder.mutateAsync(input);
    } catch (error) {
      showApiError(error);
      return;
    }
    queryClient.setQueryData(orderKeys.detail(order.id), order);
    if (order.status === 'completed') {
      complete('Compra realizada com sucesso!');
      return;
    }
    if (paymentMethod === 'pix') {
      setPaymentStep({ kind: 'pix', orderId: order.id, key: currentKey });
      toast.success('PIX gerado com sucesso! Complete o pagamento para confirmar a compra.');
      return;
    }
    const attempt: CardAttempt = payingWithStripe
      ? { provider: 'stripe', handle: stripeCard.current, billing: { name: input.buyer.name, email: input.buyer.email, phone: input.buyer.phone } }
      : {
          provider: 'sandbox',
          card: {
            cardNumber: onlyDigits(values.card.cardNumber),
            holderName: values.card.holderName.trim().toUpperCase(),
            expiry: values.card.expiry,
            cvc: values.card.cvc.trim(),
          },
        };
    const outcome = await payCard(order, attempt);
    if (outcome.status === 'completed') {
      complete('Pagamento realizado com sucesso!');
    } else if (outcome.status === 'confirming') {
      setPaymentStep({ kind: 'card', orderId: order.id, key: currentKey, phase: 'confirming', error: null });
    } else {
      // Declined: the order stays pending with its units held; another card can be tried.
      toast.error(outcome.message);
      setPaymentStep({ kind: 'card', orderId: order.id, key: currentKey, phase: 'form', error: outcome.message });
    }
  }

  function onInvalid(errors: FieldErrors<CheckoutFormValues>) {
    const values = getValues();
    if (hasBlankRequiredField(values, !isFree && values.paymentMethod === 'card' && provider === 'sandbox')) {
      toast.error(REQUIRED_MESSAGE);
      return;
    }
    const first =
      errors.buyer?.name ?? errors.buyer?.email ?? errors.buyer?.phone ?? errors.buyer?.cpf ??
      errors.card?.cardNumber ?? errors.card?.holderName ?? errors.card?.expiry ?? errors.card?.cvc;
    toast.error(first?.message ?? REQUIRED_MESSAGE);
  }

  const submitLabel = isFree ? 'Confirmar pedido' : method === 'card' ? `Pagar ${formatCentavos(totalCentavos)}` : 'Pagar com PIX';
  const installmentsHint =
    !isFree && method === 'card' && installments > 1 ? `${installments}x sem juros no cartão` : null;
  const cardFields =
    provider === 'sandbox' ? (
      <SandboxCardFields form={form as UseFormReturn<CheckoutFormValues>} />
    ) : stripeKey ? (
      <StripeCardSection
        publishableKey={stripeKey}
        handleRef={stripeCard}
        state={stripeState}
        disabled={isSubmitting}
        onStateChange={setStripeState}
      />
    ) : (
      <div role="status" aria-label="Carregando pagamento com cartão" className="h-12 animate-pulse rounded-xl bg-surface" />
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && isSubmitting) return; // keep the dialog while the payment is being processed
        onOpenChange(next);
      }}
      title="Finalizar Pagamento"
    >
      <div className="space-y-5">
        <OrderSummary
          event={event}
          lines={lines}
          totalCentavos={totalCentavos}
          discount={couponPreview && couponPreview.discountCentavos > 0 ? couponPreview : null}
        />

        {step?.kind === 'pix' ? (
          <PixPaymentStep key={step.orderId} orderId={step.orderId} onPaid={finish} onBack={() => void leavePaymentStep(step.orderId)} />
        ) : step?.kind === 'card' ? (
          <CardPaymentStep
            key={step.orderId}
            orderId={step.orderId}
            initialPhase={step.phase}
            initialError={step.error}
            billing={{ name: getValues('buyer.name').trim(), email: getValues('buyer.email').trim(), phone: getValues('buyer.phone') }}
            onPaid={finish}
            onBack={() => void leavePaymentStep(step.orderId)}
          />
        ) : (
          <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-5 [&_input]:scroll-mb-36 [&_select]:scroll-mb-36" aria-busy={isSubmitting}>
            <BuyerFields form={form} />
            {subtotalCentavos > 0 ? (
              <CouponField
                appliedCode={appliedCode}
                preview={couponPreview}
                isChecking={isCheckingCoupon}
                error={couponError}
                onApply={applyCoupon}
                onRemove={() => setAppliedCode(null)}
                disabled={isSubmitting}
              />
            ) : null}
            {isFree ? (
              <p className="flex items-center gap-2 rounded-xl bg-success/10 px-3 py-3 text-sm font-medium">
                <Gift className="size-5 shrink-0 text-success" aria-hidden />
                Ingresso gratuito: nenhum pagamento é necessário.
              </p>
            ) : (
              <PaymentFields form={form as UseFormReturn<CheckoutFormValues>} totalCentavos={totalCentavos} cardFields={cardFields} />
            )}
            <div className="sticky -bottom-5 -mx-5 border-t border-border bg-card px-5 pt-3 pb-5">
              <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || isCheckingCoupon || lines.length === 0}>
                {isSubmitting ? (
                  <>
                    <Loader2 className="size-5 animate-spin" aria-hidden /> Processando...
                  </>
                ) : (
                  submitLabel
                )}
              </Button>
              <p className="mt-2 flex items-center justify-center gap-1.5 text-xs text-muted">
                <Lock className="size-3.5" aria-hidden />
                {installmentsHint ?? (isFree ? 'Seus dados são protegidos.' : 'Pagamento seguro. Seus dados são protegidos.')}
              </p>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
