import { and, eq } from 'drizzle-orm';
import type { CardPaymentInput, OrderView } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { orders } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { completePendingOrder, confirmPayment, type PendingOrder } from '../payments/confirm-payment';
import { preparedStatement } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import { recordPaymentFailure, releaseOrder } from './release-order';
import { loadOrderView, toOrderView } from './order-view';

async function loadOwnPendingOrder(deps: ServiceDeps, orderId: string, userId: string, now: Date) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return assertPayable(deps, order, now);
}

/**
 * The order if it can still be paid. Throws DomainError: order_not_found (none, or someone
 * else's), order_expired (its hold ended: a pending one is released now), order_not_pending.
 */
async function assertPayable(deps: ServiceDeps, order: typeof orders.$inferSelect | undefined, now: Date) {
  if (!order) throw new DomainError('order_not_found');
  if (order.status === 'pending' && order.expiresAt <= now) {
    await releaseOrder(deps.db, order.id, 'expired', now);
    throw new DomainError('order_expired');
  }
  if (order.status === 'expired') throw new DomainError('order_expired');
  if (order.status !== 'pending') throw new DomainError('order_not_pending');
  return order;
}

const readOrdersStatement = preparedStatement<PendingOrder & { id: string; user_id: string }>(
  'read_own_orders',
  `SELECT o.id, o.user_id, json_build_object(
            'id', o.id, 'eventId', o.event_id, 'userId', o.user_id, 'status', o.status, 'subtotalCentavos', o.subtotal_centavos,
            'discountCentavos', o.discount_centavos, 'totalCentavos', o.total_centavos, 'couponId', o.coupon_id,
            'paymentMethod', o.payment_method, 'installments', o.installments, 'buyerName', o.buyer_name, 'buyerEmail', o.buyer_email,
            'buyerPhone', o.buyer_phone, 'buyerCpf', o.buyer_cpf, 'paymentProvider', o.payment_provider, 'paymentId', o.payment_id,
            'pixCode', o.pix_code, 'paymentError', o.payment_error, 'expiresAt', o.expires_at, 'completedAt', o.completed_at,
            'createdAt', o.created_at, 'updatedAt', o.updated_at) AS "order",
          (SELECT coalesce(json_agg(json_build_object(
             'id', i.id, 'orderId', i.order_id, 'ticketTypeId', i.ticket_type_id, 'ticketTypeName', i.ticket_type_name,
             'quantity', i.quantity, 'unitPriceCentavos', i.unit_price_centavos, 'holderNames', i.holder_names) ORDER BY i.id), '[]'::json)
           FROM order_items i WHERE i.order_id = o.id) AS items,
          json_build_object('id', e.id, 'title', e.title, 'date', e.date::text, 'startTime', e.start_time::text, 'location', e.location) AS event
   FROM orders o JOIN events e ON e.id = o.event_id
   WHERE o.id = ANY($1::uuid[])`,
);

/** Reads of orders arriving together share one query (db/grouped.ts); each only finds its own user's order. */
const readOrderGroup = groupedRunner<{ orderId: string; userId: string }, (PendingOrder & { id: string; user_id: string }) | undefined>(async (db, _key, reads) => {
  const rows = await readOrdersStatement(db, [reads.map((r) => r.orderId)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return reads.map((read) => {
    const row = byId.get(read.orderId.toLowerCase());
    return row?.user_id === read.userId ? row : undefined;
  });
});

/** An order of `userId` with its items and event, in one prepared query; undefined when there is none (or it is someone else's). */
async function readOwnOrder(deps: ServiceDeps, orderId: string, userId: string): Promise<PendingOrder | undefined> {
  const row = await readOrderGroup(deps.db, 'orders', { orderId, userId });
  if (!row) return undefined;
  const { order, items, event } = row;
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  return { items, event, order: { ...order, expiresAt: at(order.expiresAt)!, completedAt: at(order.completedAt), createdAt: at(order.createdAt)!, updatedAt: at(order.updatedAt)! } };
}

/**
 * One order of `userId` in the API shape (GET /api/orders/:id). While it waits for payment it
 * carries again what the browser needs to pay (PIX code, or the client secret with Stripe), so
 * a pending order can be resumed from 'Meus ingressos' (PRODUCT.md 'Buying').
 * Throws DomainError('order_not_found') for an order of someone else or none.
 */
export async function getMyOrder(deps: ServiceDeps, userId: string, orderId: string): Promise<OrderView> {
  const [own] = await deps.db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!own) throw new DomainError('order_not_found');
  return (await loadOrderView(deps, orderId, { fetchInstructions: true }))!;
}

/**
 * Sandbox only: pays a pending card order of `userId` with the test card form (SPEC.md section 7
 * 'Payment': card, 1-6 instalments). Approved: the order is confirmed and returned. Declined:
 * as with a provider's PaymentIntent, the order stays pending with the reason recorded, so the
 * buyer may try another card while the hold lasts (nothing is sold; the units stay held until it
 * is paid, cancelled or expires), and DomainError('payment_declined' or 'card_invalid') is thrown
 * with the provider's reason. Throws not_found when a real provider runs (card data never
 * reaches this server then).
 */
export async function payOrderWithCard(
  deps: ServiceDeps,
  userId: string,
  orderId: string,
  card: CardPaymentInput,
  now: Date = new Date(),
): Promise<OrderView> {
  const chargeCard = deps.payments.chargeCard;
  if (!chargeCard) throw new DomainError('not_found');
  const order = await loadOwnPendingOrder(deps, orderId, userId, now);
  if (order.paymentMethod !== 'card' || !order.paymentId) throw new DomainError('payment_method_invalid');
  const [month, year] = card.expiry.split('/').map(Number);
  const result = await chargeCard(
    order.paymentId,
    order.totalCentavos,
    { number: card.cardNumber, holderName: card.holderName, expMonth: month, expYear: year, cvc: card.cvc },
    now,
  );
  if (result.outcome === 'declined') {
    const error = new DomainError(result.code, { field: result.code === 'card_invalid' ? 'cardNumber' : undefined }, result.message);
    await recordPaymentFailure(deps.db, order.paymentId, error.message, now);
    throw error;
  }
  await confirmPayment(deps, { orderId: order.id }, now);
  return (await loadOrderView(deps, order.id))!;
}

/**
 * Sandbox only (PRODUCT.md 'Buying'): simulates the bank confirming the PIX payment of a pending
 * order of `userId`, exactly as a provider's confirmation would. Throws not_found when a real
 * provider runs.
 */
export async function simulatePixPayment(
  deps: ServiceDeps,
  userId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<OrderView> {
  if (!deps.payments.isSandbox) throw new DomainError('not_found');
  const pending = await readOwnOrder(deps, orderId, userId);
  const order = await assertPayable(deps, pending?.order, now);
  if (order.paymentMethod !== 'pix') throw new DomainError('payment_method_invalid');
  // Almost always one statement; anything it cannot complete takes the whole rule.
  const completed =
    (await completePendingOrder(deps, pending!, now)) ?? (await confirmPayment(deps, { orderId: order.id, eventId: order.eventId }, now)).completed;
  // The answer from what the confirmation wrote: no query to read it back.
  if (completed) return toOrderView(completed.order, completed.event, completed.items, deps.payments.isSandbox);
  return (await loadOrderView(deps, order.id))!;
}

/**
 * The buyer gives up a pending order of theirs (PRODUCT.md 'Buying'): its units and coupon use
 * return at once, and its provider payment is cancelled so it can no longer be paid (a payment
 * that still gets through is refunded or honoured as a late one). Cancelling an order already
 * cancelled answers it again. Throws DomainError: order_not_found; order_not_pending when it was
 * paid (or ended) meanwhile.
 */
export async function cancelMyOrder(deps: ServiceDeps, userId: string, orderId: string, now: Date = new Date()): Promise<OrderView> {
  const [order] = await deps.db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError('order_not_found');
  if (order.status === 'cancelled') return (await loadOrderView(deps, order.id))!;
  if (!(await releaseOrder(deps.db, order.id, 'cancelled', now))) throw new DomainError('order_not_pending');
  if (order.paymentId) {
    try {
      await deps.payments.cancelPayment(order.paymentId);
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'could not cancel the provider payment of a cancelled order');
    }
  }
  return (await loadOrderView(deps, order.id))!;
}
