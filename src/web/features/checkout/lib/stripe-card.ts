// What the checkout asks of the Stripe card field. Kept apart from the field itself so the
// checkout's own chunk names these types without pulling Stripe.js into the bundle: the field
// (components/stripe-card-field.tsx) is loaded lazily, and only when Stripe is the provider.

/** The buyer as Stripe's `billing_details` carry them. */
export interface StripeBilling {
  name: string;
  email: string;
  phone: string;
}

export interface StripeConfirmInput {
  clientSecret: string;
  /** 1 to 6; above 1 Stripe's Brazilian instalment plan ('sem juros') is chosen on the confirmation. */
  installments: number;
  billing: StripeBilling;
  /** Where Stripe sends the buyer back after a redirect (3-D Secure): /payment-success. */
  returnUrl: string;
}

/**
 * The browser's part of a card payment: Stripe accepted it (`status` is the PaymentIntent's; the
 * order is confirmed by Stripe's webhook, never by this answer), or refused it with a pt-BR
 * message (null when Stripe gave none).
 */
export type StripeConfirmResult = { ok: true; status: string } | { ok: false; message: string | null };

/** Handed to the checkout by the mounted card field. */
export interface StripeCardHandle {
  confirm(input: StripeConfirmInput): Promise<StripeConfirmResult>;
}

/** The state of the card field, as Stripe reports it while the buyer types. */
export interface StripeCardState {
  isReady: boolean;
  isComplete: boolean;
  /** Stripe's pt-BR message for what was typed wrong, or null. */
  error: string | null;
}

export const initialStripeCardState: StripeCardState = { isReady: false, isComplete: false, error: null };

/** /payment-success for this PaymentIntent: Stripe's `return_url` (docs/screens.md 'Payment success'). */
export function paymentReturnUrl(paymentId: string, origin = window.location.origin): string {
  return `${origin}/payment-success?session_id=${encodeURIComponent(paymentId)}`;
}
