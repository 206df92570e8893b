/**
 * What the server asks of a payment provider (ARCHITECTURE.md 'Flow of a purchase'). Amounts in
 * centavos. The sandbox provider runs when no provider keys are set; Stripe when they are.
 */
export interface PaymentRequest {
  orderId: string;
  amountCentavos: number;
  method: 'pix' | 'card';
  installments: number;
  buyer: { name: string; email: string; cpf: string };
  description: string;
  /** UTC instant after which the payment may no longer be made. */
  expiresAt: Date;
}

export interface CreatedPayment {
  /** The provider's id of this payment; unique across providers. */
  paymentId: string;
  /** PIX 'copia e cola' (BR Code) for PIX payments. */
  pixCode: string | null;
}

export interface CardDetails {
  number: string;
  holderName: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardChargeResult =
  | { outcome: 'approved' }
  | { outcome: 'declined'; code: 'payment_declined' | 'card_invalid'; message?: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly isSandbox: boolean;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** Charges a card for a payment created with method 'card'. */
  chargeCard(paymentId: string, amountCentavos: number, card: CardDetails, now: Date): Promise<CardChargeResult>;
  /**
   * Pays an amount (centavos) back on a payment; returns the provider's refund id. Calls that
   * repeat an `idempotencyKey` pay back once and return the first refund id, so a retry after a
   * lost answer never pays twice. Throws when the provider refuses or cannot be reached.
   */
  refund(paymentId: string, amountCentavos: number, options?: { idempotencyKey?: string }): Promise<{ refundId: string }>;
}
