import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AlertTriangle, Gift, KeyRound, Loader2, Lock, RefreshCw } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { EventDetail } from '../../../../shared/schemas/events';
import type { PlaceOrderInput, QuoteOrderInput } from '../../../../shared/schemas/orders';
import { errorMessages } from '../../../../shared/errors';
import { formatCentavos } from '../../../../shared/money';
import { formatPhone } from '../../../../shared/phone';
import { isValidCpf, onlyDigits } from '../../../../shared/cpf';
import { usePlaceOrder } from '../api/place-order';
import { useCouponPreview } from '../api/preview-coupon';
import { orderQuoteQueryOptions, useOrderQuote } from '../api/quote-order';
import { usePublicConfig } from '../api/get-public-config';
import { useLastBuyer } from '../api/get-last-buyer';
import { useCancelOrder } from '../api/cancel-order';
import { getOrder } from '../api/get-order';
import { orderKeys } from '../api/keys';
import { useFinishPurchase } from '../hooks/use-finish-purchase';
import { usePayCard, type CardAttempt } from '../hooks/use-pay-card';
import {
  REQUIRED_MESSAGE,
  cardCheckoutSchema,
  emptyCheckoutForm,
  emptyMeiaHolder,
  formFieldOf,
  hasBlankRequiredField,
  meiaHolderOf,
  pixCheckoutSchema,
  type CheckoutFormValues,
} from '../lib/checkout-form';
import { initialStripeCardState, type StripeCardHandle, type StripeCardState } from '../lib/stripe-card';
import { BuyerFields } from './buyer-fields';
import { CardPaymentStep, type CardStepPhase } from './card-payment-step';
import { CouponField } from './coupon-field';
import { MeiaHolderFields } from './meia-holder-fields';
import { TicketHolderFields } from './ticket-holder-fields';
import { OrderSummary, type SummaryAmounts, type SummaryItem } from './order-summary';
import { PaymentFields } from './payment-fields';
import { PixPaymentStep } from './pix-payment-step';
import { SandboxCardFields } from './sandbox-card-fields';
import { StripeCardSection } from './stripe-card-section';

export interface CheckoutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  event: EventDetail;
  /** Per sector: full-price units and half-price units (each asked its category and holder here). */
  selection: { ticketTypeId: string; fullQuantity: number; halfQuantity: number }[];
  /** The pre-sale code that unlocked a sector of the selection: sent as the order's code. */
  accessCode?: string | null;
  /** Called once the order exists (paid or waiting for its payment). */
  onOrderPlaced?: () => void;
  /** Called once the purchase is done, before going to /tickets (e.g. to clear the selection). */
  onCompleted?: () => void;
  /** The prices moved while buying (a lot turned): the page asks for the event again. */
  onPricesChanged?: () => void;
  /** A waiting-list offer made to the buyer ('Lista de espera'): the order takes its units, at its price. */
  waitlistOfferId?: string | null;
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
    .filter((s) => s.fullQuantity + s.halfQuantity > 0)
    .map((s) => `${s.ticketTypeId}:${s.fullQuantity}:${s.halfQuantity}`)
    .sort()
    .join(',');

/** The form's holder list resized to the units chosen, keeping what was typed. */
const resizeMeia = (meia: CheckoutFormValues['meia'], count: number) =>
  Array.from({ length: count }, (_, index) => meia[index] ?? emptyMeiaHolder);

/**
 * 'Finalizar Pagamento' (docs/screens.md 'Checkout dialog', docs/rules/sale.md 'Checkout'): buyer data, PIX or card, then the payment
 * step. Card in the sandbox: the test form, POST card-payment. Card with Stripe: Stripe's frame
 * (loaded only then), confirmed by Stripe.js in the browser with the order's client secret; the
 * order completes when Stripe's webhook reaches the server, which the card step polls for. A
 * declined card leaves the order pending and the card step asks for another.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  event,
  selection,
  accessCode = null,
  onOrderPlaced,
  onCompleted,
  onPricesChanged,
  waitlistOfferId = null,
}: CheckoutDialogProps) {
  const offer = waitlistOfferId ? { waitlistOfferId } : {};
  const { user, profile } = useSession();
  const { data: config } = usePublicConfig();
  const queryClient = useQueryClient();
  const finishPurchase = useFinishPurchase();
  const placeOrder = usePlaceOrder();
  const payCard = usePayCard();
  const cancelOrder = useCancelOrder();
  const [paymentStep, setPaymentStep] = useState<PaymentStep | null>(null);
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const [stripeState, setStripeState] = useState<StripeCardState>(initialStripeCardState);
  const stripeCard = useRef<StripeCardHandle>(null);
  const provider = config?.paymentProvider;
  const stripeKey = provider === 'stripe' ? (config?.stripePublishableKey ?? null) : null;

  const form = useForm<CheckoutFormValues, { hasCardFields: boolean }>({
    defaultValues: {
      ...emptyCheckoutForm,
      meia: resizeMeia(
        [],
        selection.reduce((sum, s) => sum + s.halfQuantity, 0),
      ),
    },
    resolver: checkoutResolver,
    context: { hasCardFields: provider === 'sandbox' },
    mode: 'onSubmit',
  });
  const { handleSubmit, setValue, getValues, setError, formState, control } = form;
  const method = useWatch({ control, name: 'paymentMethod' });
  const installments = useWatch({ control, name: 'installments' });

  const chosen = useMemo(
    () =>
      selection.flatMap((s) => {
        const type = event.ticketTypes.find((t) => t.id === s.ticketTypeId);
        return type && s.fullQuantity + s.halfQuantity > 0 ? [{ type, full: s.fullQuantity, half: s.halfQuantity }] : [];
      }),
    [event.ticketTypes, selection],
  );
  const fullLines = chosen.filter((c) => c.full > 0).map((c) => ({ ticketTypeId: c.type.id, quantity: c.full }));
  // One holder per half-price unit, in the order of the sectors.
  const meiaUnits = useMemo(() => chosen.flatMap((c) => Array.from({ length: c.half }, () => c.type)), [chosen]);
  const meiaCount = meiaUnits.length;
  const meiaValues = useWatch({ control, name: 'meia' });
  const buyerCpf = useWatch({ control, name: 'buyer.cpf' });
  const fullSubtotal = chosen.reduce((sum, c) => sum + c.full * c.type.priceCentavos, 0);

  // One holder name per full-price unit, in the order of the sectors.
  const fullUnits = useMemo(() => chosen.flatMap((c) => Array.from({ length: c.full }, () => c.type.name)), [chosen]);
  const fullCount = fullUnits.length;

  useEffect(() => {
    if (getValues('meia').length !== meiaCount) setValue('meia', resizeMeia(getValues('meia'), meiaCount));
  }, [meiaCount, getValues, setValue]);
  useEffect(() => {
    const holders = getValues('holders') ?? [];
    if (holders.length !== fullCount)
      setValue(
        'holders',
        Array.from({ length: fullCount }, (_, index) => holders[index] ?? ''),
      );
  }, [fullCount, getValues, setValue]);

  // The applied coupon, priced by the server for the full-price tickets chosen now (coupons never
  // apply to meia-entrada); with a pre-sale code the code is the order's, and no coupon is asked.
  const couponQuery = useCouponPreview(
    appliedCode && !accessCode && fullLines.length > 0 ? { eventId: event.id, items: fullLines, couponCode: appliedCode } : null,
  );
  const couponPreview = appliedCode && couponQuery.isSuccess ? couponQuery.data : undefined;
  const couponError =
    !appliedCode || !couponQuery.isError
      ? null
      : couponQuery.error instanceof ApiError && couponQuery.error.status > 0 && couponQuery.error.status < 500
        ? couponQuery.error.message
        : 'Não foi possível verificar o cupom. Tente novamente.';
  const isCheckingCoupon = appliedCode !== null && couponQuery.isFetching;
  const orderCode = accessCode ?? (couponPreview ? appliedCode : null) ?? undefined;

  // The server's quote, once every half-price unit has its holder (the server asks for them);
  // until then an estimate from the event page's prices.
  const meiaItems = meiaUnits.map((type, index) => {
    const unit = meiaHolderOf(meiaValues?.[index] ?? emptyMeiaHolder);
    return unit ? { ticketTypeId: type.id, quantity: 1, ...unit } : null;
  });
  const hasAllHolders = meiaItems.every((item) => item !== null);
  const quoteInput: QuoteOrderInput | null =
    chosen.length > 0 && hasAllHolders
      ? {
          eventId: event.id,
          items: [...fullLines, ...meiaItems.filter((item) => item !== null)],
          paymentMethod: 'pix',
          installments: 1,
          couponCode: orderCode,
          buyerCpf: isValidCpf(buyerCpf ?? '') ? onlyDigits(buyerCpf) : undefined,
          ...offer,
        }
      : null;
  const quoteQuery = useOrderQuote(quoteInput);
  const quote = quoteInput && quoteQuery.data ? quoteQuery.data : null;
  const quoteError =
    quoteInput && quoteQuery.isError && !quoteQuery.isFetching
      ? quoteQuery.error instanceof ApiError && quoteQuery.error.status > 0 && quoteQuery.error.status < 500
        ? quoteQuery.error.message
        : 'Não foi possível calcular o total. Tente novamente.'
      : null;

  const summaryItems: SummaryItem[] = quote
    ? quote.items.map((item, index) => ({
        key: `${item.ticketTypeId ?? 'item'}-${index}`,
        name: item.ticketTypeName,
        lotName: item.lotName,
        quantity: item.quantity,
        unitPriceCentavos: item.unitPriceCentavos,
      }))
    : chosen.flatMap(({ type, full, half }) => [
        ...(full > 0
          ? [{ key: `${type.id}-full`, name: type.name, lotName: type.lotName, quantity: full, unitPriceCentavos: type.priceCentavos }]
          : []),
        ...(half > 0
          ? [
              {
                key: `${type.id}-half`,
                name: `${type.name} · Meia-entrada`,
                lotName: type.lotName,
                quantity: half,
                unitPriceCentavos: type.halfPriceCentavos,
              },
            ]
          : []),
      ]);
  const estimate = (): SummaryAmounts => {
    const subtotalCentavos = chosen.reduce((sum, c) => sum + c.full * c.type.priceCentavos + c.half * c.type.halfPriceCentavos, 0);
    const feeCentavos = chosen.reduce((sum, c) => sum + c.full * c.type.feeCentavos + c.half * c.type.halfFeeCentavos, 0);
    const discountCentavos = couponPreview?.discountCentavos ?? 0;
    return { subtotalCentavos, discountCentavos, feeCentavos, totalCentavos: subtotalCentavos - discountCentavos + feeCentavos };
  };
  const amounts: SummaryAmounts = { ...(quote ?? estimate()), discountCode: orderCode ?? null };
  const totalCentavos = amounts.totalCentavos;
  const isFree = chosen.length > 0 && totalCentavos === 0;
  const currentKey = selectionKey(selection);
  // A payment step belongs to the tickets it was placed for: other tickets chosen, the form again.
  const step = paymentStep && paymentStep.key === currentKey ? paymentStep : null;
  const isSubmitting = formState.isSubmitting;

  // The CPF (and phone) the buyer used last time, so they are not asked again on every purchase.
  const { data: lastBuyer } = useLastBuyer(open && Boolean(user));
  // Prefill the buyer from the signed-in account, without overwriting what was typed.
  useEffect(() => {
    if (!open) return;
    const buyer = getValues('buyer');
    if (!buyer.cpf && lastBuyer?.cpf) setValue('buyer.cpf', lastBuyer.cpf);
    if (!buyer.phone && !profile?.phone && lastBuyer?.phone) setValue('buyer.phone', lastBuyer.phone);
    if (!buyer.email && user?.email) setValue('buyer.email', user.email);
    const name = profile?.fullName && !profile.fullName.includes('@') ? profile.fullName : user?.name;
    if (!buyer.name && name && !name.includes('@')) setValue('buyer.name', name);
    if (!buyer.phone && profile?.phone) setValue('buyer.phone', formatPhone(profile.phone));
  }, [open, user, profile, lastBuyer, getValues, setValue]);

  // Purchase done: forget the PIX step, keep the buyer for next time, close and show the order paid.
  const finish = useCallback(
    (orderId: string) => {
      setPaymentStep(null);
      setAppliedCode(null);
      setChangedTotal(null);
      form.reset({ ...emptyCheckoutForm, buyer: form.getValues('buyer') });
      onOpenChange(false);
      onCompleted?.();
      finishPurchase(orderId);
    },
    [form, onOpenChange, onCompleted, finishPurchase],
  );

  const complete = (message: string, orderId: string) => {
    toast.success(message);
    finish(orderId);
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
        complete('Compra realizada com sucesso!', orderId);
        return;
      }
    }
    setPaymentStep(null);
  }

  function showApiError(error: unknown) {
    const message = error instanceof ApiError ? error.message : errorMessages.payment_failed;
    toast.error(message || errorMessages.payment_failed);
    // A lot turned (or a deadline passed) since the quote: the new quote is shown, the buyer confirms again.
    if (error instanceof ApiError && error.code === 'price_changed') {
      const total = error.details.totalCentavos;
      setChangedTotal(typeof total === 'number' ? total : null);
      void queryClient.invalidateQueries({ queryKey: orderKeys.quotes() });
      onPricesChanged?.();
      return;
    }
    // The coupon changed since the preview (used up, expired...): ask again, its field shows why.
    if (error instanceof ApiError && error.details.field === 'couponCode') void couponQuery.refetch();
    if (error instanceof ApiError) {
      const field = formFieldOf(error.details.field);
      if (field) setError(field as FieldPath<CheckoutFormValues>, { type: 'server', message }, { shouldFocus: true });
    }
  }

  async function onValid(values: CheckoutFormValues) {
    // A refused coupon is never dropped silently: the buyer removes it or fixes the code first.
    if (appliedCode && !accessCode && !couponPreview) {
      toast.error(couponError ?? 'Aguarde a verificação do cupom.');
      document.getElementById('coupon-code')?.focus();
      return;
    }
    const paymentMethod = isFree ? 'pix' : values.paymentMethod;
    const holders = getValues('meia').map((unit) => meiaHolderOf(unit));
    // The full-price units' holder names, sector by sector; a blank first one is the buyer.
    const names = (values.holders ?? []).map((name) => name.trim());
    if (names.length > 0 && !names[0]) names[0] = values.buyer.name.trim();
    // A nominal event: every full-price unit's holder CPF, checked here as the server checks it.
    const cpfs = (values.holderCpfs ?? []).map((cpf) => onlyDigits(cpf));
    if (event.nominal) {
      let missing = -1;
      for (let index = 0; index < fullUnits.length; index++) {
        if (!isValidCpf(cpfs[index] ?? '')) {
          setError(
            `holderCpfs.${index}`,
            { type: 'nominal', message: cpfs[index] ? 'CPF inválido' : 'Informe o CPF de quem vai usar' },
            { shouldFocus: missing < 0 },
          );
          if (missing < 0) missing = index;
        }
      }
      if (missing >= 0) return;
    }
    let taken = 0;
    const namedFullLines = fullLines.map((line) => {
      const holderNames = names.slice(taken, taken + line.quantity);
      const holderCpfs = event.nominal ? cpfs.slice(taken, taken + line.quantity) : [];
      taken += line.quantity;
      const named = holderNames.some(Boolean) ? { ...line, holderNames } : line;
      return holderCpfs.length > 0 ? { ...named, holderCpfs } : named;
    });
    const items: PlaceOrderInput['items'] = [
      ...namedFullLines,
      ...meiaUnits.flatMap((type, index) => {
        const unit = holders[index];
        return unit ? [{ ticketTypeId: type.id, quantity: 1, ...unit }] : [];
      }),
    ];
    if (items.length === 0 || items.length !== fullLines.length + meiaUnits.length) {
      toast.error(items.length === 0 ? errorMessages.no_tickets_selected : REQUIRED_MESSAGE);
      return;
    }
    // The total to confirm is the server's quote for exactly this order; when it moved since it
    // was shown, the new one is shown and the buyer confirms again.
    let confirmedTotal: number;
    try {
      const fresh = await queryClient.fetchQuery({
        ...orderQuoteQueryOptions({
          eventId: event.id,
          items,
          paymentMethod: 'pix',
          installments: 1,
          couponCode: orderCode,
          buyerCpf: isValidCpf(values.buyer.cpf) ? onlyDigits(values.buyer.cpf) : undefined,
          ...offer,
        }),
        staleTime: 10_000,
      });
      confirmedTotal = fresh.totalCentavos;
    } catch (error) {
      showApiError(error);
      return;
    }
    if (confirmedTotal !== totalCentavos) {
      setChangedTotal(confirmedTotal);
      toast.error(`O total agora é ${formatCentavos(confirmedTotal)}. Confira o resumo e confirme de novo.`);
      return;
    }
    setChangedTotal(null);
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
      couponCode: orderCode,
      expectedTotalCentavos: confirmedTotal,
      ...offer,
    };
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
    onOrderPlaced?.();
    if (order.status === 'completed') {
      complete('Compra realizada com sucesso!', order.id);
      return;
    }
    if (paymentMethod === 'pix') {
      setPaymentStep({ kind: 'pix', orderId: order.id, key: currentKey });
      toast.success('PIX gerado com sucesso! Complete o pagamento para confirmar a compra.');
      return;
    }
    const attempt: CardAttempt = payingWithStripe
      ? {
          provider: 'stripe',
          handle: stripeCard.current,
          billing: { name: input.buyer.name, email: input.buyer.email, phone: input.buyer.phone },
        }
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
      complete('Pagamento realizado com sucesso!', order.id);
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
    const meiaError = Array.isArray(errors.meia)
      ? errors.meia
          .flatMap((unit) => (unit ? [unit.concession, unit.name, unit.cpf, unit.birthDate, unit.documentNumber] : []))
          .find(Boolean)
      : undefined;
    const first =
      errors.buyer?.name ??
      errors.buyer?.email ??
      errors.buyer?.phone ??
      errors.buyer?.cpf ??
      meiaError ??
      errors.card?.cardNumber ??
      errors.card?.holderName ??
      errors.card?.expiry ??
      errors.card?.cvc;
    toast.error(first?.message ?? REQUIRED_MESSAGE);
  }

  const submitLabel = isFree ? 'Confirmar pedido' : method === 'card' ? `Pagar ${formatCentavos(totalCentavos)}` : 'Pagar com PIX';
  const installmentsHint = !isFree && method === 'card' && installments > 1 ? `${installments}x sem juros no cartão` : null;
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
      title="Finalizar pagamento"
    >
      <div className="space-y-5">
        <OrderSummary
          event={event}
          items={summaryItems}
          amounts={amounts}
          feeNote={
            event.serviceFee.refundable
              ? 'A taxa de serviço é devolvida em qualquer reembolso.'
              : 'A taxa de serviço é devolvida na desistência em até 7 dias da compra (até 48 horas antes do evento) e se o evento for cancelado.'
          }
          status={
            <CheckoutSummaryStatus
              changedTotal={changedTotal !== null && changedTotal === totalCentavos ? changedTotal : null}
              error={quoteError}
              isUpdating={quoteInput !== null && quoteQuery.isFetching}
              isEstimate={!quote && meiaCount > 0}
            />
          }
        />

        {step?.kind === 'pix' ? (
          <PixPaymentStep
            key={step.orderId}
            orderId={step.orderId}
            onPaid={() => finish(step.orderId)}
            onBack={() => void leavePaymentStep(step.orderId)}
          />
        ) : step?.kind === 'card' ? (
          <CardPaymentStep
            key={step.orderId}
            orderId={step.orderId}
            initialPhase={step.phase}
            initialError={step.error}
            billing={{ name: getValues('buyer.name').trim(), email: getValues('buyer.email').trim(), phone: getValues('buyer.phone') }}
            onPaid={() => finish(step.orderId)}
            onBack={() => void leavePaymentStep(step.orderId)}
          />
        ) : (
          <form
            noValidate
            onSubmit={handleSubmit(onValid, onInvalid)}
            className="space-y-5 [&_input]:scroll-mb-36 [&_select]:scroll-mb-36"
            aria-busy={isSubmitting}
          >
            <BuyerFields form={form} />
            <TicketHolderFields form={form as UseFormReturn<CheckoutFormValues>} sectorNames={fullUnits} askCpf={event.nominal} />
            <MeiaHolderFields form={form as UseFormReturn<CheckoutFormValues>} sectorNames={meiaUnits.map((type) => type.name)} />
            {accessCode ? (
              <p role="status" className="flex items-center gap-2 rounded-xl border border-success/40 bg-success/10 px-3 py-3 text-sm">
                <KeyRound className="size-5 shrink-0 text-success" aria-hidden />
                <span>
                  Código de acesso <span className="font-mono font-bold">{accessCode}</span> aplicado.
                </span>
              </p>
            ) : fullSubtotal > 0 ? (
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
              <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || isCheckingCoupon || chosen.length === 0}>
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

/** Under the summary's total: a total that changed since it was shown, a refusal, an update under way, an estimate. */
function CheckoutSummaryStatus({
  changedTotal,
  error,
  isUpdating,
  isEstimate,
}: {
  changedTotal: number | null;
  error: string | null;
  isUpdating: boolean;
  isEstimate: boolean;
}) {
  if (error) {
    return (
      <p role="alert" className="mt-3 flex items-start gap-2 rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        {error}
      </p>
    );
  }
  if (changedTotal !== null) {
    return (
      <p
        role="alert"
        className="mt-3 flex items-start gap-2 rounded-xl bg-amber-500/15 px-3 py-2 text-sm font-medium text-amber-900 dark:text-amber-200"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {`O preço mudou: o total agora é ${formatCentavos(changedTotal)}. Confira e confirme de novo.`}
      </p>
    );
  }
  if (isUpdating) {
    return (
      <p role="status" className="mt-2 flex items-center gap-1.5 text-xs text-muted">
        <RefreshCw className="size-3.5 animate-spin" aria-hidden />
        Atualizando o total...
      </p>
    );
  }
  if (isEstimate) {
    return <p className="mt-2 text-xs text-muted">Total estimado: o valor final aparece ao preencher os dados da meia-entrada.</p>;
  }
  return null;
}
