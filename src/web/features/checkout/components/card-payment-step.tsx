import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { AlertCircle, ArrowLeft, Clock, CreditCard, Loader2, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCentavos, formatInstallments } from '../../../../shared/money';
import { onlyDigits } from '../../../../shared/cpf';
import { useSession } from '../../../lib/session';
import { useOrder } from '../api/get-order';
import { usePublicConfig } from '../api/get-public-config';
import { formatCountdown, useCountdown } from '../../../lib/countdown';
import { useOrderEnded } from '../hooks/use-order-ended';
import { useOrderPaid } from '../hooks/use-order-paid';
import { usePayCard, type CardAttempt } from '../hooks/use-pay-card';
import { cardRetrySchema, emptyCheckoutForm, type CheckoutFormValues } from '../lib/checkout-form';
import { initialStripeCardState, type StripeBilling, type StripeCardHandle, type StripeCardState } from '../lib/stripe-card';
import { OrderLoadError, PaymentEnded } from './payment-ended';
import { SandboxCardFields } from './sandbox-card-fields';
import { StripeCardSection } from './stripe-card-section';

const sandboxCardResolver = zodResolver(cardRetrySchema) as unknown as Resolver<CheckoutFormValues>;
// Only the sandbox's own card fields are checked here; with Stripe its frame reports its errors.
const cardOnlyResolver: Resolver<CheckoutFormValues, { hasCardFields: boolean }> = (values, context, options) =>
  context?.hasCardFields ? sandboxCardResolver(values, context, options) : { values, errors: {} };

export type CardStepPhase = 'form' | 'confirming';

/**
 * Paying a pending card order: after a declined card in the checkout, or when the order is resumed
 * from 'Meus ingressos'. 'form' asks for a card (the sandbox's test form, or Stripe's frame with
 * Stripe) with the last decline shown; 'confirming' waits, polling the order, for the provider's
 * confirmation (with Stripe only its webhook confirms). Paid: `onPaid`. Expired, cancelled or
 * failed: the units were released. Instalments are the order's (chosen when it was placed).
 */
export function CardPaymentStep({
  orderId,
  initialPhase = 'form',
  initialError = null,
  billing,
  onPaid,
  onBack,
  onClose,
  scrollIntoView = true,
}: {
  orderId: string;
  initialPhase?: CardStepPhase;
  /** The decline that brought the buyer here, shown until the next attempt. */
  initialError?: string | null;
  /** The buyer as Stripe's billing details carry them; the signed-in account's when left out. */
  billing?: StripeBilling;
  onPaid: () => void;
  onBack?: () => void;
  onClose?: () => void;
  /** Brings the step into view when it appears (the checkout form was scrolled down to its button). */
  scrollIntoView?: boolean;
}) {
  const [phase, setPhase] = useState<CardStepPhase>(initialPhase);
  const [error, setError] = useState<string | null>(initialError);
  const [stripeState, setStripeState] = useState<StripeCardState>(initialStripeCardState);
  const stripeCard = useRef<StripeCardHandle>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const { data: order, isError } = useOrder(orderId, { poll: phase === 'confirming' });
  const { data: config } = usePublicConfig();
  const { user, profile } = useSession();
  const payCard = usePayCard();
  const remainingMs = useCountdown(order?.expiresAt ?? null);
  const provider = config?.paymentProvider;
  const stripeKey = provider === 'stripe' ? (config?.stripePublishableKey ?? null) : null;
  const form = useForm<CheckoutFormValues, { hasCardFields: boolean }>({
    defaultValues: { ...emptyCheckoutForm, paymentMethod: 'card' },
    resolver: cardOnlyResolver,
    context: { hasCardFields: provider === 'sandbox' },
  });
  const isSubmitting = form.formState.isSubmitting;

  const hasOrder = Boolean(order);
  useEffect(() => {
    if (hasOrder && scrollIntoView) rootRef.current?.scrollIntoView({ block: 'start' });
  }, [hasOrder, scrollIntoView]);

  const status = order?.status;
  useOrderPaid(status, onPaid, 'Pagamento realizado com sucesso!');
  const { isExpired, isEnded } = useOrderEnded(order, remainingMs, phase === 'form', `card-expired-${orderId}`);
  const shownError = error ?? order?.paymentError ?? null;

  if (!order) {
    return isError ? (
      <OrderLoadError onBack={onBack ?? onClose} />
    ) : (
      <div className="space-y-4" role="status" aria-label="Carregando">
        <Skeleton className="mx-auto h-16 w-48" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }

  if (isEnded)
    return <PaymentEnded status={isExpired ? 'expired' : order.status} reason={order.paymentError} onBack={onBack} onClose={onClose} />;

  if (phase === 'confirming' || status === 'completed') {
    return (
      <div ref={rootRef} className="flex scroll-mt-4 flex-col items-center gap-3 py-6 text-center" role="status">
        <Loader2 className="size-10 animate-spin text-accent" aria-hidden />
        <p className="text-lg font-bold">Confirmando pagamento...</p>
        <p className="max-w-sm text-sm text-muted">
          A operadora do cartão está confirmando a compra. Seus ingressos aparecem assim que ela responder.
        </p>
      </div>
    );
  }

  async function pay(values: CheckoutFormValues) {
    if (!order) return;
    let attempt: CardAttempt;
    if (provider === 'stripe') {
      if (!stripeState.isComplete) {
        toast.error(stripeState.error ?? 'Preencha os dados do cartão.');
        return;
      }
      const name = profile?.fullName && !profile.fullName.includes('@') ? profile.fullName : (user?.name ?? '');
      attempt = {
        provider: 'stripe',
        handle: stripeCard.current,
        billing: billing ?? { name, email: user?.email ?? '', phone: profile?.phone ?? '' },
      };
    } else {
      attempt = {
        provider: 'sandbox',
        card: {
          cardNumber: onlyDigits(values.card.cardNumber),
          holderName: values.card.holderName.trim().toUpperCase(),
          expiry: values.card.expiry,
          cvc: values.card.cvc.trim(),
        },
      };
    }
    setError(null);
    const outcome = await payCard(order, attempt);
    if (outcome.status === 'declined') {
      setError(outcome.message);
      toast.error(outcome.message);
    } else if (outcome.status === 'confirming') {
      setPhase('confirming');
    }
    // 'completed' shows through the order query: useOrderPaid calls onPaid.
  }

  const canPay = provider === 'sandbox' || (provider === 'stripe' && stripeKey !== null && stripeState.isReady);

  return (
    <div ref={rootRef} className="scroll-mt-4 space-y-5">
      <div className="text-center">
        <p className="text-sm text-muted">Valor a pagar</p>
        <p className="text-3xl font-extrabold tabular-nums">{formatCentavos(order.totalCentavos)}</p>
        <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-muted">
          <CreditCard className="size-4 shrink-0" aria-hidden />
          {formatInstallments(order.totalCentavos, order.installments)}
        </p>
        <p
          className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm font-semibold"
          role="timer"
          aria-live="off"
        >
          <Clock className="size-4" aria-hidden />
          Expira em {formatCountdown(remainingMs)}
        </p>
      </div>

      {shownError ? (
        <div role="alert" className="flex gap-2 rounded-xl border border-danger/40 bg-danger/10 px-3 py-3 text-sm">
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          <div>
            <p className="font-semibold">{shownError}</p>
            <p className="mt-0.5 text-muted">Seus ingressos continuam reservados até o fim do prazo.</p>
          </div>
        </div>
      ) : null}

      <form noValidate onSubmit={form.handleSubmit(pay)} className="space-y-3" aria-busy={isSubmitting}>
        <fieldset className="min-w-0 space-y-3 rounded-2xl border border-border p-4" disabled={isSubmitting}>
          <legend className="px-1 text-base font-bold">Cartão de crédito</legend>
          {provider === 'sandbox' ? (
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
            <Skeleton className="h-12 w-full rounded-xl" />
          )}
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || !canPay}>
          {isSubmitting ? (
            <>
              <Loader2 className="size-5 animate-spin" aria-hidden /> Processando...
            </>
          ) : (
            `Pagar ${formatCentavos(order.totalCentavos)}`
          )}
        </Button>
        <p className="flex items-center justify-center gap-1.5 text-xs text-muted">
          <Lock className="size-3.5" aria-hidden />
          Pagamento seguro. Seus dados são protegidos.
        </p>
      </form>

      {onBack ? (
        <Button variant="ghost" className="w-full text-sm" onClick={onBack} disabled={isSubmitting}>
          <ArrowLeft className="size-4" aria-hidden /> Escolher outra forma de pagamento
        </Button>
      ) : null}
    </div>
  );
}
