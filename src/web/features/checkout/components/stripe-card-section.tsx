import { lazy, Suspense, useEffect, useId, useRef, type Ref } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { initialStripeCardState, type StripeCardHandle, type StripeCardState } from '../lib/stripe-card';

// Stripe.js and @stripe/react-stripe-js live in this lazily loaded chunk only.
const StripeCardField = lazy(() => import('./stripe-card-field'));

/** 'Dados do cartão' with Stripe: Stripe's own card frame, Stripe's pt-BR error under it. */
export function StripeCardSection({
  publishableKey,
  handleRef,
  state,
  disabled,
  onStateChange,
}: {
  publishableKey: string;
  handleRef: Ref<StripeCardHandle>;
  state: StripeCardState;
  disabled?: boolean;
  onStateChange(state: StripeCardState): void;
}) {
  const labelId = useId();
  const errorId = `${labelId}-error`;
  // The frame goes when the buyer switches to PIX; what it held must not count once it is back.
  const reportState = useRef(onStateChange);
  useEffect(() => {
    reportState.current = onStateChange;
  });
  useEffect(() => () => reportState.current(initialStripeCardState), []);
  return (
    <div className="min-w-0">
      <Label id={labelId}>Dados do cartão</Label>
      <Suspense fallback={<Skeleton className="h-12 w-full rounded-xl" />}>
        <StripeCardField
          publishableKey={publishableKey}
          handleRef={handleRef}
          labelId={labelId}
          disabled={disabled}
          onStateChange={onStateChange}
        />
      </Suspense>
      {state.error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {state.error}
        </p>
      ) : (
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted">
          <ShieldCheck className="size-3.5 shrink-0" aria-hidden />
          Os dados do cartão vão direto para a Stripe, nosso processador de pagamentos.
        </p>
      )}
    </div>
  );
}
