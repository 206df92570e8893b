import type { PaymentAmounts } from '../domain/payment-match';

/**
 * What the server asks of a payment provider (docs/architecture.md 'Flow of a purchase'). Amounts in
 * centavos, instants UTC. The sandbox provider runs when no provider keys are set; Stripe when
 * they are. Every call that creates or moves money takes an idempotency key, so a retry after a
 * lost answer (or a restart) never charges or pays back twice.
 */
export interface PaymentRequest {
  orderId: string;
  amountCentavos: number;
  method: 'pix' | 'card';
  /** 1 to 6 ('sem juros'); always 1 for PIX. */
  installments: number;
  buyer: { name: string; email: string; cpf: string };
  description: string;
  /** UTC instant after which the payment may no longer be made (the order's hold). */
  expiresAt: Date;
  /** Same key, same payment: `order:<id>:create`. */
  idempotencyKey: string;
}

/** What the browser needs to pay: the BR Code for PIX, the client secret for a card with Stripe.js. */
export interface PaymentInstructions {
  /** PIX 'copia e cola' (BR Code) for PIX payments; null for card. */
  pixCode: string | null;
  /** Stripe: the PaymentIntent's client secret Stripe.js confirms with; null in the sandbox. */
  clientSecret: string | null;
}

export interface CreatedPayment extends PaymentInstructions {
  /** The provider's id of this payment (Stripe: the PaymentIntent id); unique across providers. */
  paymentId: string;
}

/** Where a payment stands at the provider. */
export type PaymentState = 'succeeded' | 'processing' | 'awaiting_payment' | 'canceled';

/**
 * The provider's view of a payment, as reconciliation reads it: where it stands and what it
 * states was paid (amounts in centavos, currency), which the confirmation checks against the
 * order (domain/payment-match.ts).
 */
export interface PaymentStatus extends PaymentAmounts {
  state: PaymentState;
}

export interface CardDetails {
  number: string;
  holderName: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardChargeResult =
  { outcome: 'approved' } | { outcome: 'declined'; code: 'payment_declined' | 'card_invalid'; message?: string };

/** A refund as the provider answered it; 'succeeded' means the money is on its way back. */
export interface ProviderRefund {
  refundId: string;
  status: 'succeeded' | 'pending' | 'failed';
  /** When 'failed': the provider's reason (Stripe's `failure_reason`, e.g. 'expired_or_canceled_card'), or null. */
  failureReason?: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly isSandbox: boolean;
  /** Stripe's publishable key for Stripe.js in the browser; null in the sandbox. */
  readonly publishableKey: string | null;
  /**
   * Payments are made in this process without a call out (the sandbox): an order may ask for its
   * payment before it is stored and store both in one statement. A payment made for an order that
   * then could not be placed is never shown to anyone.
   */
  readonly createsPaymentsInProcess?: boolean;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** What the browser needs to go on paying a payment still waiting (resuming a pending order). */
  getPaymentInstructions(paymentId: string): Promise<PaymentInstructions>;
  /** Asks the provider where a payment stands and for how much (reconciliation when a webhook is late or lost). */
  getPaymentState(paymentId: string): Promise<PaymentStatus>;
  /** Cancels a payment that was not made, so it can no longer be paid; a paid or gone one is left alone. */
  cancelPayment(paymentId: string): Promise<void>;
  /**
   * Sandbox only: charges raw test card numbers (the test form of POST /api/orders/:id/card-payment).
   * Absent with a real provider, where card data never reaches this server.
   */
  chargeCard?(paymentId: string, amountCentavos: number, card: CardDetails, now: Date): Promise<CardChargeResult>;
  /**
   * Pays an amount (centavos) back on a payment. Calls that repeat an `idempotencyKey` pay back
   * once and return the first refund, also when it failed: paying again after a failure takes a
   * new key. Throws when the provider refuses or cannot be reached.
   */
  refund(paymentId: string, amountCentavos: number, options: { idempotencyKey: string }): Promise<ProviderRefund>;
}
