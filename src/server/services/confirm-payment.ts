import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../shared/errors';
import { formatCentavos } from '../../shared/money';
import { createTicketCode } from '../domain/ticket-code';
import { events, orderItems, orders, outbox, refunds, tickets } from '../db/schema';
import type { Tx } from '../db/client';
import { notifyUser } from './notify-user';
import type { ServiceDeps } from './deps';
import { settleCouponUse, tryHoldUnits } from './inventory';
import { REFUND_PAYMENT_OUTBOX_KIND } from './admin/pay-refund';
import { releaseOrderInTx } from './release-order';

export type ConfirmOutcome = 'completed' | 'already_completed' | 'refunded_late' | 'not_confirmable' | 'unknown_order';

/**
 * Which order a confirmation is about: ours by id, or the provider's payment id (a webhook). A
 * caller that already read the order (by id) gives its `eventId` too, which saves looking it up.
 */
export type PaymentRef = { orderId: string; paymentId?: string; eventId?: string } | { paymentId: string; orderId?: string; eventId?: undefined };

/** What a completed confirmation leaves: the order row as updated, its items and its event. */
export interface CompletedOrder {
  order: typeof orders.$inferSelect;
  items: (typeof orderItems.$inferSelect)[];
  event: { id: string; title: string; date: string; startTime: string; location: string };
}

/**
 * Marks a paid order `completed` exactly once and issues one ticket per unit, each with its own
 * random, signed code (PRODUCT.md 'Tickets and the door'); settles the coupon use; writes the
 * in-app notification and queues the e-mail, all in one transaction (ARCHITECTURE.md step 4).
 * A second confirmation of the same order changes nothing. Confirmation comes only from the
 * provider (a verified webhook, reconciliation) or the sandbox's own simulation.
 *
 * A payment that arrives after the order's hold ended (order `expired`, `failed` or `cancelled`)
 * is honoured when the units (and the coupon use) can be held again; otherwise the order becomes
 * `refunded`, an approved refund of the whole amount is recorded (origin 'late_payment'), its
 * payment back is queued (outbox 'refund_payment') and the buyer is told (ARCHITECTURE.md step 5).
 *
 * Throws DomainError('order_not_found') for an unknown order.
 */
export async function confirmPayment(
  deps: ServiceDeps,
  ref: PaymentRef,
  now: Date = new Date(),
): Promise<{ outcome: ConfirmOutcome; orderId: string; completed?: CompletedOrder }> {
  const result = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, ref);
    if (!order) return null;
    const { outcome, completed } = await confirmLockedOrder(deps, tx, order, ref.paymentId ?? null, now);
    return { outcome, orderId: order.id, completed };
  });
  if (!result) throw new DomainError('order_not_found');
  return result;
}

/**
 * confirmPayment inside the caller's transaction `tx` (a webhook stores its event id in the same
 * transaction). An order that cannot be found by id or payment id answers 'unknown_order'.
 * When the order is found by id and has no payment id yet (a restart lost it), `ref.paymentId` is stored.
 */
export async function confirmPaymentInTx(deps: ServiceDeps, tx: Tx, ref: PaymentRef, now: Date = new Date()): Promise<ConfirmOutcome> {
  const order = await findOrder(tx, ref);
  if (!order) return 'unknown_order';
  return (await confirmLockedOrder(deps, tx, order, ref.paymentId ?? null, now)).outcome;
}

async function findOrder(tx: Tx, ref: PaymentRef): Promise<{ id: string; eventId: string } | null> {
  if (ref.orderId && ref.eventId) return { id: ref.orderId, eventId: ref.eventId };
  if (ref.paymentId) {
    const [byPayment] = await tx.select({ id: orders.id, eventId: orders.eventId }).from(orders).where(eq(orders.paymentId, ref.paymentId));
    if (byPayment) return byPayment;
  }
  if (ref.orderId && /^[0-9a-f-]{36}$/i.test(ref.orderId)) {
    const [byId] = await tx.select({ id: orders.id, eventId: orders.eventId }).from(orders).where(eq(orders.id, ref.orderId));
    if (byId) return byId;
  }
  return null;
}

async function confirmLockedOrder(
  deps: ServiceDeps,
  tx: Tx,
  found: { id: string; eventId: string },
  paymentId: string | null,
  now: Date,
): Promise<{ outcome: ConfirmOutcome; completed?: CompletedOrder }> {
  // The event first (a key-share lock, which only an event's cancellation waits for), so that a
  // cancellation either sees this order completed or this confirmation sees the event cancelled.
  const [event] = await tx
    .select({ id: events.id, title: events.title, date: events.date, startTime: events.startTime, location: events.location, cancelledAt: events.cancelledAt })
    .from(events)
    .where(eq(events.id, found.eventId))
    .for('key share');
  // The row lock makes concurrent confirmations (webhook redeliveries, reconciliation) take turns;
  // the items come in the same query.
  const [locked] = await tx
    .select({
      order: orders,
      items: sql<(typeof orderItems.$inferSelect)[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'id', i.id, 'orderId', i.order_id, 'ticketTypeId', i.ticket_type_id, 'ticketTypeName', i.ticket_type_name,
          'quantity', i.quantity, 'unitPriceCentavos', i.unit_price_centavos, 'holderNames', i.holder_names) ORDER BY i.id), '[]'::json)
        FROM ${orderItems} AS i WHERE i.order_id = ${sql.identifier('orders')}.id)`,
    })
    .from(orders)
    .where(eq(orders.id, found.id))
    .for('update');
  const { order, items } = locked;
  if (order.status === 'completed' || (order.status === 'refunded' && order.completedAt)) return { outcome: 'already_completed' };
  if (order.status === 'refunded') return { outcome: 'refunded_late' };
  if (order.status !== 'pending' && order.status !== 'expired' && order.status !== 'failed' && order.status !== 'cancelled') {
    return { outcome: 'not_confirmable' };
  }
  if (paymentId && !order.paymentId) {
    await tx.update(orders).set({ paymentId }).where(eq(orders.id, order.id));
  }

  if (order.status === 'pending') {
    if (event.cancelledAt) return { outcome: await refundLatePayment(deps, tx, order, event.title, now) };
    if (order.couponId) await settleCouponUse(tx, order.couponId);
  } else {
    // Late payment: hold the units and the coupon use again if they are still there.
    const lines = items.map((i) => ({ ticketTypeId: i.ticketTypeId, quantity: i.quantity }));
    if (event.cancelledAt || !(await tryHoldUnits(tx, lines, order.couponId))) {
      return { outcome: await refundLatePayment(deps, tx, order, event.title, now) };
    }
  }

  // Completed, its tickets issued and its e-mail queued, in one statement.
  const completedValues = { status: 'completed' as const, completedAt: now, paymentError: null, updatedAt: now };
  const ticketRows = items.flatMap((item) =>
    Array.from(
      { length: item.quantity },
      (_, n) => sql`(${order.id}::uuid, ${item.id}::uuid, ${order.eventId}::uuid, ${order.userId}, ${item.ticketTypeName},
        ${item.holderNames[n]?.trim() || null}, ${createTicketCode(deps.ticketSigningKey)}, ${now}::timestamptz)`,
    ),
  );
  await tx.execute(sql`WITH completed AS (
      UPDATE ${orders} SET status = 'completed', completed_at = ${now}, payment_error = NULL, updated_at = ${now} WHERE id = ${order.id}
    )${ticketRows.length === 0 ? sql`` : sql`, issued AS (
      INSERT INTO ${tickets} (order_id, order_item_id, event_id, user_id, ticket_type_name, holder_name, code, created_at)
      VALUES ${sql.join(ticketRows, sql`, `)}
    )`}
    INSERT INTO ${outbox} (kind, payload, created_at, run_after)
    VALUES ('order_confirmation_email', jsonb_build_object('orderId', ${order.id}::text), ${now}, ${now})`);

  const units = ticketRows.length;
  if (order.userId) {
    await notifyUser(
      tx,
      {
        userId: order.userId,
        type: 'event',
        title: 'Compra confirmada!',
        message: `${units} ${units === 1 ? 'ingresso' : 'ingressos'} para ${event.title}. Total: ${formatCentavos(order.totalCentavos)}.`,
        actionUrl: '/tickets',
        // The purchase e-mail (with the QR codes) is its own job below.
        channels: ['push', 'whatsapp'],
      },
      now,
    );
  }
  const { cancelledAt: _cancelledAt, ...orderEvent } = event;
  return {
    outcome: 'completed',
    completed: { order: { ...order, ...completedValues, paymentId: order.paymentId ?? paymentId }, items, event: orderEvent },
  };
}

/**
 * Paid, but the units are gone (or the event was cancelled): the order becomes `refunded`, an
 * approved refund of the whole total is recorded and its payment back queued; the buyer is told.
 */
async function refundLatePayment(deps: ServiceDeps, tx: Tx, order: typeof orders.$inferSelect, eventTitle: string, now: Date): Promise<ConfirmOutcome> {
  if (order.status === 'pending') {
    // A payment for an order still holding units of a cancelled event: give them back first.
    await releaseOrderInTx(tx, { orderId: order.id }, 'cancelled', now);
  }
  await tx.update(orders).set({ status: 'refunded', updatedAt: now }).where(and(eq(orders.id, order.id), sql`${orders.status} <> 'refunded'`));
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      userId: order.userId,
      amountCentavos: order.totalCentavos,
      reason: 'Pagamento recebido depois do prazo do pedido, sem ingressos disponíveis.',
      status: 'approved',
      origin: 'late_payment',
      requestedAt: now,
      processedAt: now,
    })
    .returning({ id: refunds.id });
  await tx.insert(outbox).values({ kind: REFUND_PAYMENT_OUTBOX_KIND, payload: { refundId: refund.id }, createdAt: now, runAfter: now });
  if (order.userId) {
    await notifyUser(
      tx,
      {
        userId: order.userId,
        type: 'event',
        title: 'Pagamento devolvido',
        message: `Seu pagamento de ${formatCentavos(order.totalCentavos)} para ${eventTitle} chegou depois do prazo do pedido e os ingressos não estavam mais disponíveis. O valor será devolvido pela mesma forma de pagamento.`,
        actionUrl: '/refund-request',
      },
      now,
    );
  }
  deps.log.warn({ orderId: order.id }, 'late payment refunded: tickets no longer available');
  return 'refunded_late';
}
