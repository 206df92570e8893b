import { useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import type { ConfirmCardPaymentData, Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import type { StripeCardHandle, StripeCardState, StripeConfirmInput, StripeConfirmResult } from '../lib/stripe-card';

// This module is only ever loaded lazily, when /api/config names Stripe as the provider: the
// sandbox and every other page never download Stripe.js or its React elements. The card number
// is typed into Stripe's own frame and goes from the browser to Stripe, never to our server.

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for `publishableKey`, fetched once per page; null when it could not be loaded. */
function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey, { locale: 'pt-BR' }))
      .catch(() => {
        stripes.delete(publishableKey); // the next card form tries again
        return null;
      });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * confirmCardPayment's data plus Brazilian instalments, which Stripe's API takes on the
 * confirmation (payment_method_options.card.installments.plan) but stripe-js does not type.
 */
type ConfirmWithInstallments = ConfirmCardPaymentData & {
  payment_method_options: {
    card: { installments: { plan: { count: number; interval: 'month'; type: 'fixed_count' } | null } };
  };
};

function themeColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The frame's text in the app's colours (Stripe's frame does not see our CSS). */
function cardElementOptions(disabled: boolean): StripeCardElementOptions {
  const muted = themeColour('--muted', '#5b5870');
  const danger = themeColour('--danger', '#b91c1c');
  return {
    hidePostalCode: true,
    disabled,
    style: {
      base: {
        color: themeColour('--fg', '#14121f'),
        iconColor: muted,
        fontSize: '16px',
        fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        '::placeholder': { color: muted },
      },
      invalid: { color: danger, iconColor: danger },
    },
  };
}

interface StripeCardFieldProps {
  publishableKey: string;
  /** Receives `confirm` once the field is mounted. */
  handleRef: Ref<StripeCardHandle>;
  /** The id of the visible label, read by screen readers for the group. */
  labelId: string;
  disabled?: boolean;
  onStateChange(state: StripeCardState): void;
}

/** Stripe's card element (number, validity, CVC) inside its own Elements, with the checkout's look. */
export default function StripeCardField({ publishableKey, ...props }: StripeCardFieldProps) {
  const stripe = useMemo(() => loadStripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ locale: 'pt-BR' }}>
      <CardField stripePromise={stripe} {...props} />
    </Elements>
  );
}

function CardField({
  stripePromise,
  handleRef,
  labelId,
  disabled = false,
  onStateChange,
}: Omit<StripeCardFieldProps, 'publishableKey'> & { stripePromise: Promise<Stripe | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setReady] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [hasError, setHasError] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const options = useMemo(() => cardElementOptions(disabled), [disabled]);

  useEffect(() => {
    let active = true;
    void stripePromise.then((loaded) => {
      if (active && !loaded) {
        setLoadFailed(true);
        onStateChange({ isReady: false, isComplete: false, error: 'Não foi possível carregar o pagamento com cartão. Tente novamente.' });
      }
    });
    return () => {
      active = false;
    };
  }, [stripePromise, onStateChange]);

  useImperativeHandle(
    handleRef,
    () => ({
      async confirm({ clientSecret, installments, billing, returnUrl }: StripeConfirmInput): Promise<StripeConfirmResult> {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { ok: false, message: null };
        const data: ConfirmWithInstallments = {
          payment_method: { card, billing_details: billing },
          payment_method_options: {
            card: {
              installments: { plan: installments > 1 ? { count: installments, interval: 'month', type: 'fixed_count' } : null },
            },
          },
          return_url: returnUrl,
        };
        try {
          const result = await stripe.confirmCardPayment(clientSecret, data);
          if (result.error) return { ok: false, message: result.error.message ?? null };
          return { ok: true, status: result.paymentIntent.status };
        } catch {
          return { ok: false, message: null };
        }
      },
    }),
    [stripe, elements],
  );

  if (loadFailed) {
    return (
      <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-3 text-sm text-danger">
        Não foi possível carregar o pagamento com cartão. Verifique sua conexão e tente novamente.
      </p>
    );
  }

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={cn(
        'relative min-h-12 min-w-0 rounded-xl border bg-card px-3 py-3.5 transition',
        hasError ? 'border-danger' : 'border-border',
        isFocused && 'outline-3 outline-offset-2 outline-accent',
      )}
    >
      <CardElement
        options={options}
        onReady={() => {
          setReady(true);
          onStateChange({ isReady: true, isComplete: false, error: null });
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(event) => {
          setHasError(Boolean(event.error));
          onStateChange({ isReady: true, isComplete: event.complete, error: event.error?.message ?? null });
        }}
      />
      {isReady ? null : <Skeleton className="absolute inset-2 rounded-lg" aria-hidden />}
    </div>
  );
}
