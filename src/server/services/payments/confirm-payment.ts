import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { formatCentavos } from '../../../shared/money';
import { createTicketCode } from '../../domain/ticket-code';
import { events, orderItems, orders, outbox, refunds, tickets } from '../../db/schema';
import { preparedStatement, type Db, type Tx } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import { NOTIFICATION_CHANNEL_KINDS, NOTIFICATIONS_CHANNEL, notifyUser } from '../notifications/notify-user';
import type { ServiceDeps } from '../deps';
import { settleCouponUse, tryHoldUnits } from '../orders/inventory';
import { REFUND_PAYMENT_OUTBOX_KIND } from '../refunds/pay-refund';
import { releaseOrderInTx } from '../orders/release-order';

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

  if (order.userId) {
    await notifyUser(tx, { userId: order.userId, ...PURCHASE_NOTICE, message: purchaseMessage(ticketRows.length, event.title, order.totalCentavos) }, now);
  }
  const { cancelledAt: _cancelledAt, ...orderEvent } = event;
  return {
    outcome: 'completed',
    completed: { order: { ...order, ...completedValues, paymentId: order.paymentId ?? paymentId }, items, event: orderEvent },
  };
}

/** The in-app notice of a completed purchase; the purchase e-mail (with the QR codes) is its own job. */
const PURCHASE_NOTICE = {
  type: 'event' as const,
  title: 'Compra confirmada!',
  actionUrl: '/tickets',
  channels: ['push', 'whatsapp'] as ('push' | 'whatsapp')[],
};

/** The text of the purchase notice: units, event and total in reais. */
function purchaseMessage(units: number, eventTitle: string, totalCentavos: number): string {
  return `${units} ${units === 1 ? 'ingresso' : 'ingressos'} para ${eventTitle}. Total: ${formatCentavos(totalCentavos)}.`;
}

/** A pending order as the one-statement completion needs it: its row, items and event. */
export interface PendingOrder {
  order: typeof orders.$inferSelect;
  items: (typeof orderItems.$inferSelect)[];
  event: { id: string; title: string; date: string; startTime: string; location: string };
}

const completeStatement = preparedStatement<{ id: string }>(
  'complete_pending_orders',
  `WITH requests AS (
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[]) AS r(id, event_id, at, message)
   ), open_events AS (
     SELECT id FROM events WHERE id IN (SELECT event_id FROM requests) AND cancelled_at IS NULL ORDER BY id FOR KEY SHARE
   ), completed AS (
     UPDATE orders o SET status = 'completed', completed_at = r.at, payment_error = NULL, updated_at = r.at
     FROM requests r
     WHERE o.id = r.id AND o.status = 'pending' AND o.coupon_id IS NULL AND o.event_id = r.event_id
       AND r.event_id IN (SELECT id FROM open_events)
     RETURNING o.id, o.user_id, o.event_id, r.at, r.message
   ), issued AS (
     INSERT INTO tickets (order_id, order_item_id, event_id, user_id, ticket_type_name, holder_name, code, created_at)
     SELECT c.id, u.item_id, c.event_id, c.user_id, u.type_name, u.holder_name, u.code, c.at
     FROM unnest($5::uuid[], $6::uuid[], $7::text[], $8::text[], $9::text[]) AS u(order_id, item_id, type_name, holder_name, code)
     JOIN completed c ON c.id = u.order_id
   ), mailed AS (
     INSERT INTO outbox (kind, payload, created_at, run_after)
     SELECT 'order_confirmation_email', jsonb_build_object('orderId', c.id::text), c.at, c.at FROM completed c
   ), stored AS (
     INSERT INTO notifications (user_id, type, title, message, action_url, created_at)
     SELECT c.user_id, $10::text, $11::text, c.message, $12::text, c.at FROM completed c WHERE c.user_id IS NOT NULL
     RETURNING id, user_id, created_at
   ), queued AS (
     INSERT INTO outbox (kind, payload, created_at, run_after)
     SELECT kind, jsonb_build_object('notificationId', s.id), s.created_at, s.created_at FROM stored s, unnest($13::text[]) AS kind
   ), notified AS (
     SELECT pg_notify($14::text, s.user_id) FROM stored s
   )
   SELECT c.id, (SELECT count(*) FROM notified) AS notified FROM completed c`,
);

/** One pending order to complete, with its ticket codes drawn and its notice written. */
interface Completion {
  pending: PendingOrder;
  now: Date;
  message: string;
  units: { itemId: string; ticketTypeName: string; holderName: string | null; code: string }[];
}

/** Completions arriving together share one statement (db/grouped.ts). */
const completeGroup = groupedRunner<Completion, boolean>(async (db, _key, group) => {
  const units = group.flatMap((c) => c.units.map((u) => ({ ...u, orderId: c.pending.order.id })));
  const notice = PURCHASE_NOTICE;
  const rows = await completeStatement(db, [
    group.map((c) => c.pending.order.id), group.map((c) => c.pending.order.eventId), group.map((c) => c.now), group.map((c) => c.message),
    units.map((u) => u.orderId), units.map((u) => u.itemId), units.map((u) => u.ticketTypeName), units.map((u) => u.holderName), units.map((u) => u.code),
    notice.type, notice.title, notice.actionUrl, notice.channels.map((channel) => NOTIFICATION_CHANNEL_KINDS[channel]),
    NOTIFICATIONS_CHANNEL,
  ]);
  const done = new Set(rows.map((r) => r.id));
  return group.map((c) => done.has(c.pending.order.id));
});

/**
 * confirmPayment of a pending order without a coupon, already read with its items and event
 * (`pending`), in one statement and no transaction, shared with the completions that arrive
 * meanwhile: the events' key-share locks and `cancelled_at IS NULL`, the order `pending` →
 * `completed` (the row lock makes a second confirmation find it completed), one ticket per unit
 * with its own signed code, the purchase e-mail queued, and the notice stored, queued on push
 * and WhatsApp and announced (what notifyUser does). Returns the CompletedOrder, or null when it
 * completed nothing (paid meanwhile, expired, coupon, event cancelled, or the shared statement
 * failed): confirmPayment then decides alone with the whole rule. `now` is a UTC instant.
 */
export async function completePendingOrder(deps: Pick<ServiceDeps, 'ticketSigningKey'> & { db: Db }, pending: PendingOrder, now: Date): Promise<CompletedOrder | null> {
  const { order, items, event } = pending;
  if (order.status !== 'pending' || order.couponId) return null;
  const units = items.flatMap((item) =>
    Array.from({ length: item.quantity }, (_, n) => ({
      itemId: item.id,
      ticketTypeName: item.ticketTypeName,
      holderName: item.holderNames[n]?.trim() || null,
      code: createTicketCode(deps.ticketSigningKey),
    })),
  );
  const message = purchaseMessage(units.length, event.title, order.totalCentavos);
  let done = false;
  try {
    done = await completeGroup(deps.db, 'complete', { pending, now, message, units });
  } catch {
    return null;
  }
  if (!done) return null;
  return { order: { ...order, status: 'completed', completedAt: now, paymentError: null, updatedAt: now }, items, event };
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
