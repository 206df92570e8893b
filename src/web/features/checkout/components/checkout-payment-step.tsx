import type { PaymentStep } from '../hooks/use-payment-step';
import type { StripeBilling } from '../lib/stripe-card';
import { CardPaymentStep } from './card-payment-step';
import { PixPaymentStep } from './pix-payment-step';

/** The placed order's payment step: its PIX code, or its card payment (another card after a decline, or Stripe confirming). */
export function CheckoutPaymentStep({
  step,
  billing,
  onPaid,
  onBack,
}: {
  step: PaymentStep;
  /** The buyer's data, for Stripe's billing details. */
  billing: StripeBilling;
  onPaid(): void;
  onBack(): void;
}) {
  return step.kind === 'pix' ? (
    <PixPaymentStep key={step.orderId} orderId={step.orderId} onPaid={onPaid} onBack={onBack} />
  ) : (
    <CardPaymentStep
      key={step.orderId}
      orderId={step.orderId}
      initialPhase={step.phase}
      initialError={step.error}
      billing={billing}
      onPaid={onPaid}
      onBack={onBack}
    />
  );
}
