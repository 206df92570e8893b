import type { Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutFormValues } from '../lib/checkout-form';
import type { StripeCardHandle, StripeCardState } from '../lib/stripe-card';
import { SandboxCardFields } from './sandbox-card-fields';
import { StripeCardSection } from './stripe-card-section';

/**
 * The card's fields for the payment provider: the sandbox's test form, Stripe's frame (loaded
 * only then), or a placeholder while the provider is not known yet.
 */
export function CheckoutCardFields({
  provider,
  stripeKey,
  form,
  stripeCard,
  stripeState,
  disabled,
  onStripeStateChange,
}: {
  provider: 'sandbox' | 'stripe' | undefined;
  stripeKey: string | null;
  form: UseFormReturn<CheckoutFormValues>;
  stripeCard: Ref<StripeCardHandle>;
  stripeState: StripeCardState;
  disabled: boolean;
  onStripeStateChange(state: StripeCardState): void;
}) {
  if (provider === 'sandbox') return <SandboxCardFields form={form} />;
  if (stripeKey) {
    return (
      <StripeCardSection
        publishableKey={stripeKey}
        handleRef={stripeCard}
        state={stripeState}
        disabled={disabled}
        onStateChange={onStripeStateChange}
      />
    );
  }
  return <div role="status" aria-label="Carregando pagamento com cartão" className="h-12 animate-pulse rounded-xl bg-surface" />;
}
