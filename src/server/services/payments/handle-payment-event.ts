import { eq } from 'drizzle-orm';
import { orders, paymentEvents } from '../../db/schema';
import type { Tx } from '../../db/client';
import { describeStripePaymentError, type StripePaymentError } from '../../payments/stripe-errors';
import type { ServiceDeps } from '../deps';
import { confirmPaymentInTx } from './confirm-payment';
import { recordPaymentFailure, releaseOrderInTx } from '../orders/release-order';
import { markRefundPaymentFailed, markRefundsProcessed } from '../refunds/process-refund';

/** One verified webhook event of the payment provider: its id, type and `data.object` as sent. */
export interface PaymentEvent {
  provider: 'stripe';
  /** Stripe's event id (`evt_...`): the same delivery sent again carries the same id. */
  id: string;
  /** 'payment_intent.succeeded', 'charge.refunded', ... */
  type: string;
  /** The event's `data.object`: a PaymentIntent, a Charge or a Refund, depending on `type`. */
  object: unknown;
}

/**
 * What handling an event did: 'duplicate' (this event id was handled before; nothing changed),
 * 'applied' (it changed an order or a refund), 'ignored' (stored, but nothing of ours to change:
 * an unknown type, a PaymentIntent that is not ours, an order already past that point).
 */
export type PaymentEventOutcome = 'duplicate' | 'applied' | 'ignored';

/** The few fields read from Stripe's objects; everything else is left alone. */
interface StripeObject {
  id?: string;
  object?: string;
  status?: string;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id?: string } | null;
  /** A PaymentIntent's amount asked and received, in centavos, and its currency. */
  amount?: number;
  amount_received?: number;
  currency?: string;
  amount_refunded?: number;
  /** A failed Refund's reason ('expired_or_canceled_card', 'declined', ...). */
  failure_reason?: string | null;
  payment_method_types?: string[];
  last_payment_error?: StripePaymentError | null;
}

/** The PaymentIntent an event is about: the object itself, or the one a Charge or Refund names. */
function paymentIdOf(object: StripeObject): string | null {
  if (object.object === 'payment_intent') return object.id ?? null;
  const intent = object.payment_intent;
  if (typeof intent === 'string') return intent;
  return intent?.id ?? null;
}

/**
 * Applies one verified webhook event of the payment provider, exactly once (docs/architecture.md
 * 'Flow of a purchase' step 4; issue 8 'Webhooks'). One transaction: the event id is inserted
 * into `payment_events` (`ON CONFLICT (event_id) DO NOTHING`); when nothing is inserted the event
 * was handled before (a redelivery, or the same delivery racing itself) and 'duplicate' is
 * returned with nothing changed. Otherwise its effect is applied in the same transaction, so an
 * event is never stored without its effect, nor applied twice:
 * - `payment_intent.succeeded`: the order is confirmed by the PaymentIntent it made (its stored
 *   payment id; or, when a restart lost that id, one naming it in `metadata.order_id`), only when
 *   `amount`, `amount_received` and `currency` are the order's total in BRL
 *   (domain/payment-match.ts); tickets issued once; a payment after the hold ended is honoured
 *   when the units remain, else refunded (confirmPaymentInTx). Another PaymentIntent of the
 *   order's total naming it (a second charge) is paid back once, the order left as it is; any
 *   other changes no order and is logged.
 * - `payment_intent.payment_failed`: the pt-BR reason is recorded on the pending order, which
 *   stays open while its hold lasts, so the buyer may try another card.
 * - `payment_intent.canceled`: a still pending order ends, its units returned: 'failed', or
 *   'expired' when its hold had already ended.
 * - `charge.refunded` (a Charge: `payment_intent`, `amount_refunded` in centavos, cumulative) and
 *   `refund.created` / `refund.updated` with status 'succeeded': approved refunds become 'processed'.
 * - `refund.failed`, and `refund.created` / `refund.updated` with status 'failed' or 'canceled':
 *   the failure is recorded on the approved refund that Stripe refund paid, once, and its next
 *   attempt (with a new idempotency key) queued (markRefundPaymentFailed).
 * Any other type, and PaymentIntents that are not ours, are stored and ignored. Events may come
 * in any order: each effect applies only to an order or refund still in the state it expects.
 * `now` is a UTC instant. Throws what the database throws (the webhook is then answered 500 and
 * Stripe delivers it again).
 */
export async function handlePaymentEvent(deps: ServiceDeps, event: PaymentEvent, now: Date = new Date()): Promise<PaymentEventOutcome> {
  const object = (event.object && typeof event.object === 'object' ? event.object : {}) as StripeObject;
  const paymentId = paymentIdOf(object);
  const outcome = await deps.db.transaction(async (tx) => {
    const stored = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.id, type: event.type, paymentId, receivedAt: now })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ eventId: paymentEvents.eventId });
    if (stored.length === 0) return 'duplicate' as const;
    return applyEvent(deps, tx, event.type, object, paymentId, now);
  });
  deps.log.info({ eventId: event.id, type: event.type, paymentId, outcome }, 'payment event');
  return outcome;
}

async function applyEvent(
  deps: ServiceDeps,
  tx: Tx,
  type: string,
  object: StripeObject,
  paymentId: string | null,
  now: Date,
): Promise<PaymentEventOutcome> {
  switch (type) {
    case 'payment_intent.succeeded': {
      if (!paymentId) return 'ignored';
      const orderId = object.metadata?.order_id;
      const amounts = {
        amountCentavos: typeof object.amount === 'number' ? object.amount : null,
        amountReceivedCentavos: typeof object.amount_received === 'number' ? object.amount_received : null,
        currency: object.currency ?? null,
      };
      const result = await confirmPaymentInTx(deps, tx, orderId ? { paymentId, orderId, amounts } : { paymentId, amounts }, now);
      return result === 'completed' || result === 'refunded_late' || result === 'another_payment_refunded' ? 'applied' : 'ignored';
    }
    case 'payment_intent.payment_failed': {
      if (!paymentId) return 'ignored';
      const message = describeStripePaymentError(object.last_payment_error) ?? pixFailure(object);
      await recordPaymentFailure(tx, paymentId, message, now);
      return 'applied';
    }
    case 'payment_intent.canceled': {
      if (!paymentId) return 'ignored';
      // Cancelled at its hold's end (reconciliation cancels before expiring): 'expired', as the worker would say.
      const [order] = await tx.select({ expiresAt: orders.expiresAt }).from(orders).where(eq(orders.paymentId, paymentId));
      if (!order) return 'ignored';
      const status = order.expiresAt <= now ? 'expired' : 'failed';
      return (await releaseOrderInTx(tx, { paymentId }, status, now)) ? 'applied' : 'ignored';
    }
    case 'charge.refunded': {
      if (!paymentId || typeof object.amount_refunded !== 'number') return 'ignored';
      const processed = await markRefundsProcessed(tx, { paymentId, amountRefundedCentavos: object.amount_refunded }, now);
      return processed > 0 ? 'applied' : 'ignored';
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      if (!object.id) return 'ignored';
      if (object.status === 'succeeded')
        return (await markRefundsProcessed(tx, { providerRefundId: object.id }, now)) > 0 ? 'applied' : 'ignored';
      if (object.status !== 'failed' && object.status !== 'canceled') return 'ignored';
      const failed = await markRefundPaymentFailed(tx, { providerRefundId: object.id }, object.failure_reason ?? null, now, {
        queueRetry: true,
      });
      return failed ? 'applied' : 'ignored';
    }
    default:
      return 'ignored';
  }
}

/** A PIX attempt that failed without a recognisable code: its time ran out unpaid. */
function pixFailure(object: StripeObject): string | null {
  return object.payment_method_types?.includes('pix') ? 'O PIX não foi pago dentro do prazo.' : null;
}
