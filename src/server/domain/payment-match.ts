/** The one currency orders are sold and paid in (ISO 4217, lower case as Stripe writes it). */
export const PAYMENT_CURRENCY = 'brl';

/**
 * What the provider says was paid: the amounts it states, in centavos (Stripe: the
 * PaymentIntent's `amount` and `amount_received`; null when it does not state one), and the
 * currency (Stripe: `currency`).
 */
export interface PaymentAmounts {
  amountCentavos: number | null;
  amountReceivedCentavos: number | null;
  currency: string | null;
}

/** A succeeded payment as the provider reports it: its id, the order its metadata names (Stripe: `metadata.order_id`), and its amounts. */
export interface ReportedPayment extends PaymentAmounts {
  paymentId: string;
  orderId: string | null;
}

/**
 * What a succeeded payment is to the order it was matched to:
 * - 'pays': it pays for the order (it is then confirmed);
 * - 'another_payment': a payment of the order's amount naming the order, but not the one the
 *   order made: it never pays for the order (a second charge, or one made by another hand);
 * - 'mismatch': not a payment of this order as it stands (another amount or currency, or it
 *   names another order): it changes nothing.
 */
export type PaymentMatch = 'pays' | 'another_payment' | 'mismatch';

/**
 * Decides whether a succeeded payment reported by the provider pays for an order, from the
 * order's stored payment id and total (centavos). Checks, in order: every amount the provider
 * states equals the order's total and the currency is PAYMENT_CURRENCY, else 'mismatch'; the
 * payment is the one the order made (its id is the order's `paymentId`) -> 'pays'; it does not
 * name the order in its metadata -> 'mismatch'; the order has no payment id (a crash lost it
 * between asking the provider and storing the answer) -> 'pays' (the caller stores its id);
 * otherwise -> 'another_payment'. Source: docs/architecture.md 'Flow of a purchase' step 4 (an order
 * is confirmed by the payment it asked the provider for); Stripe's advice to check the amount
 * and currency of a PaymentIntent before fulfilling an order.
 */
export function matchPayment(
  order: { id: string; paymentId: string | null; totalCentavos: number },
  payment: ReportedPayment,
): PaymentMatch {
  const stated = [payment.amountCentavos, payment.amountReceivedCentavos].filter((amount): amount is number => amount !== null);
  const isOrderAmount =
    stated.length > 0 && stated.every((amount) => amount === order.totalCentavos) && payment.currency === PAYMENT_CURRENCY;
  if (!isOrderAmount) return 'mismatch';
  if (payment.paymentId === order.paymentId) return 'pays';
  if (payment.orderId?.toLowerCase() !== order.id.toLowerCase()) return 'mismatch';
  return order.paymentId === null ? 'pays' : 'another_payment';
}
