import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { fromRow } from '../../db/rows';
import { DomainError } from '../../../shared/errors';
import { formatCentavos } from '../../../shared/money';
import { decideConfirmation } from '../../domain/confirmation';
import { decideHoldAgain, type SaleState } from '../../domain/sale';
import { matchPayment, type PaymentAmounts, type PaymentMatch } from '../../domain/payment-match';
import { createTicketCode } from '../../domain/ticket-code';
import { orderItems, orders, refunds, tickets } from '../../db/schema';
import { queryRows, type Tx } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import { unnestRows, type UnnestColumn } from '../../lib/unnest';
import { notifyUsers, type Notice } from '../notifications/notify-user';
import { enqueueJobs } from '../jobs';
import { admitOrderInTx } from '../door/admit-at-gate';
import type { ServiceDeps } from '../deps';
import type { Concession } from '../../../shared/concessions';
import { settleCouponUses, tryHoldUnits } from '../orders/inventory';
import { moveHoldings, pendingUnitsSql } from '../orders/cpf-holdings';
import { releaseOrderInTx } from '../orders/release-order';
import { recordAudit, recordAudits, systemActor, type AuditActor, type AuditEntry } from '../audit/record-audit';
import { loadSaleState } from '../orders/sale-state';

/**
 * What confirming one payment did. Besides decideConfirmation's steps: 'payment_mismatch', the
 * payment reported does not pay for the order it names (domain/payment-match.ts) and nothing
 * changed (also when it is another payment of the order already being paid back);
 * 'another_payment_refunded', another payment of the order's amount naming it was recorded as a
 * refund to pay back.
 */
export type ConfirmOutcome =
  | 'completed'
  | 'already_completed'
  | 'refunded_late'
  | 'not_confirmable'
  | 'unknown_order'
  | 'payment_mismatch'
  | 'another_payment_refunded';

/**
 * Which order a confirmation is about: ours by id, or the provider's payment id (a webhook), with
 * the order id its metadata names. A caller that already read the order (by id) gives its
 * `eventId` too, which saves looking it up. `amounts`: what the provider reports was paid (a
 * webhook, reconciliation); when given, the payment confirms the order only if it pays for it
 * (domain/payment-match.ts matchPayment: its own payment, or one naming an order that lost its
 * payment id, of the order's total in BRL). Without them the caller vouches for the payment (the
 * sandbox, a free order).
 */
export type PaymentRef =
  | { orderId: string; paymentId?: string; eventId?: string; amounts?: PaymentAmounts }
  | { paymentId: string; orderId?: string; eventId?: undefined; amounts?: PaymentAmounts };

/** What a completed confirmation leaves: the order row as updated, its items and its event. */
export interface CompletedOrder {
  order: typeof orders.$inferSelect;
  items: LockedItem[];
  event: { id: string; title: string; date: string; startTime: string; location: string };
}

/** What confirming one payment did; `orderId` null when no order matched. */
export interface Confirmation {
  outcome: ConfirmOutcome;
  orderId: string | null;
  completed?: CompletedOrder;
}

/** One payment to confirm and the UTC instant it is confirmed at. */
export interface ConfirmRequest {
  ref: PaymentRef;
  now: Date;
  /** False: no purchase e-mail (a guest let in at the door, who has no QR to show any more); absent: one when the order has an e-mail. */
  sendsEmail?: boolean;
  /** An audit row written with the confirmation when it completes the order (a courtesy issued by staff). */
  audit?: { actor: AuditActor; entry: AuditEntry };
}

/**
 * Confirms the payment of an order (docs/architecture.md 'Flow of a purchase' steps 4-5), through the
 * one confirmation path (confirmOrders), in one transaction shared with the confirmations that
 * arrive meanwhile (db/grouped.ts). Used by the sandbox's simulated PIX and test cards, free
 * orders and reconciliation; the provider's webhook runs confirmOrders in its own transaction
 * (confirmPaymentInTx). `now` is a UTC instant. `audit`: an audit row written in the
 * confirmation's transaction when it completes the order. Throws DomainError('order_not_found')
 * for an unknown order.
 */
export async function confirmPayment(
  deps: ServiceDeps,
  ref: PaymentRef,
  now: Date = new Date(),
  audit?: ConfirmRequest['audit'],
): Promise<Confirmation & { orderId: string }> {
  const result = await confirmGroup(deps.db, 'confirm', { deps, request: { ref, now, audit } });
  if (result.orderId === null) throw new DomainError('order_not_found');
  return { ...result, orderId: result.orderId };
}

/**
 * confirmOrders of one payment inside the caller's transaction `tx` (a webhook stores its event
 * id in the same transaction). An order that cannot be found by id or payment id answers
 * 'unknown_order'. When the order is found by id and has no payment id yet (a restart lost it),
 * `ref.paymentId` is stored, if the payment pays for it. A payment that does not ('payment_mismatch')
 * changes nothing and is logged.
 */
export async function confirmPaymentInTx(deps: ServiceDeps, tx: Tx, ref: PaymentRef, now: Date = new Date()): Promise<ConfirmOutcome> {
  const [result] = await confirmOrders(deps, tx, [{ ref, now }]);
  return result.outcome;
}

const confirmGroup = groupedRunner<{ deps: ServiceDeps; request: ConfirmRequest }, Confirmation>((db, _key, group) =>
  db.transaction((tx) =>
    confirmOrders(
      group[0].deps,
      tx,
      group.map((g) => g.request),
    ),
  ),
);

type LockedEvent = { id: string; title: string; date: string; startTime: string; location: string; isCancelled: boolean };
/** An item as the confirmation reads it: its row and its lot's position ('2º lote'). */
type LockedItem = typeof orderItems.$inferSelect & { lotPosition: number | null };

type LockedOrder = { order: typeof orders.$inferSelect; items: LockedItem[] };

/** The payment providers of orders no payment provider is paid through (orders.payment_provider). */
const OFF_PROVIDER_PAYMENTS = ['free', 'courtesy', 'box_office', 'guest_list'];

/**
 * The one confirmation path, for every provider and every size of group, inside `tx`: marks each
 * paid order `completed` exactly once and issues one ticket per unit, each with its own random,
 * signed code (docs/rules/tickets.md 'Ticket codes'); settles the coupon uses; queues the purchase
 * e-mail and stores, queues and announces the in-app notice (docs/architecture.md 'Flow of a purchase' step 4).
 *
 * Locks, in the order every writer follows: the events (key share, so an event's cancellation
 * either sees these orders completed or they see it cancelled), then the orders (for update, in
 * id order: concurrent confirmations of one order, a webhook redelivered or paid twice at once,
 * take turns and the second finds it completed). What happens to each order is decided by
 * domain/confirmation decideConfirmation; a payment after the order's hold ended is honoured when
 * the units (and the coupon use) can be held again as placed, by the sale's own rules with the
 * event's sectors locked (holdAgain: domain/sale.ts decideHoldAgain), otherwise the order becomes `refunded`, an
 * approved refund of the whole amount is recorded (origin 'late_payment'), its payment back is
 * queued and the buyer told (docs/architecture.md 'Flow of a purchase' step 5). A payment reported with its amounts that
 * does not pay for its order (paymentMatchOf: another amount or currency), or a payment id other
 * than the order's, never completes it: 'payment_mismatch', logged. Another payment of the
 * order's total naming the order (a second charge, whatever the order's state) never completes it
 * either: it is paid back once (refundAnotherPayment, origin 'duplicate_payment'). The same
 * order twice in `requests` is confirmed once; the later request answers 'already_completed'.
 * Returns one Confirmation per request, in order. Throws what the database throws.
 */
export async function confirmOrders(deps: ServiceDeps, tx: Tx, requests: ConfirmRequest[]): Promise<Confirmation[]> {
  const found = await findOrders(
    tx,
    requests.map((r) => r.ref),
  );
  const orderIds = [...new Set(found.flatMap((f) => (f ? [f.id] : [])))].sort();
  if (orderIds.length === 0) return requests.map(() => ({ outcome: 'unknown_order', orderId: null }));
  const eventIds = [...new Set(found.flatMap((f) => (f ? [f.eventId] : [])))].sort();

  const lockedEvents = await queryRows<{
    id: string;
    title: string;
    date: string;
    start_time: string;
    location: string;
    is_cancelled: boolean;
  }>(
    tx,
    sql`
    SELECT id, title, date::text AS date, start_time::text AS start_time, location, cancelled_at IS NOT NULL AS is_cancelled
    FROM events WHERE id IN (${sql.join(
      eventIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY id FOR KEY SHARE`,
  );
  const eventById = new Map<string, LockedEvent>(
    lockedEvents.map((e) => [
      e.id,
      { id: e.id, title: e.title, date: e.date, startTime: e.start_time, location: e.location, isCancelled: e.is_cancelled },
    ]),
  );
  const lockedOrders = (
    await queryRows<Record<string, unknown> & { items: LockedItem[] }>(
      tx,
      sql`
      SELECT o.*, (
        SELECT coalesce(json_agg(json_build_object(
          'id', i.id, 'orderId', i.order_id, 'sectorId', i.ticket_type_id, 'sectorName', i.ticket_type_name,
          'lotId', i.lot_id, 'lotPosition', (SELECT l.position FROM ticket_lots l WHERE l.id = i.lot_id), 'quantity', i.quantity, 'unitPriceCentavos', i.unit_price_centavos, 'unitFeeCentavos', i.unit_fee_centavos,
          'concession', i.concession, 'holderCpf', i.holder_cpf, 'holderBirthDate', i.holder_birth_date, 'documentNumber', i.document_number,
          'holderNames', i.holder_names, 'holderCpfs', i.holder_cpfs) ORDER BY i.id), '[]'::json)
        FROM order_items i WHERE i.order_id = o.id) AS items
      FROM orders o WHERE o.id = ANY(${sql.param(orderIds)}::uuid[]) ORDER BY o.id FOR UPDATE OF o`,
    )
  ).map((raw) => ({ order: fromRow(orders, raw), items: raw.items }));
  const orderById = new Map<string, LockedOrder>(lockedOrders.map((row) => [row.order.id, row]));
  const saleStates = await lockSalesForHoldAgain(tx, lockedOrders, eventById);

  const completions: Completion[] = [];
  const results: Confirmation[] = [];
  for (const [i, request] of requests.entries()) {
    const ref = found[i];
    const locked = ref && orderById.get(ref.id);
    if (!locked) {
      results.push({ outcome: 'unknown_order', orderId: null });
      continue;
    }
    const { order } = locked;
    const event = eventById.get(order.eventId)!;
    const paymentId = request.ref.paymentId ?? null;
    const match = paymentMatchOf(order, request.ref);
    if (match === 'another_payment') {
      results.push({ outcome: await refundAnotherPayment(deps, tx, order, paymentId!, event.title, request.now), orderId: order.id });
      continue;
    }
    if (match !== 'pays') {
      deps.log.warn(
        {
          orderId: order.id,
          orderPaymentId: order.paymentId,
          paymentId,
          match,
          amounts: request.ref.amounts,
          totalCentavos: order.totalCentavos,
        },
        'a payment that does not pay for the order it names: not confirmed',
      );
      results.push({ outcome: 'payment_mismatch', orderId: order.id });
      continue;
    }
    if (paymentId && !order.paymentId) {
      await tx.update(orders).set({ paymentId }).where(eq(orders.id, order.id));
      order.paymentId = paymentId;
    }
    const step = decideConfirmation(order, event.isCancelled);
    let outcome: ConfirmOutcome;
    if (step === 'complete' || (step === 'hold_again' && (await holdAgain(tx, saleStates, locked, request.now)))) {
      completions.push({
        locked,
        event,
        now: request.now,
        settlesCoupon: step === 'complete' && order.couponId !== null,
        sendsEmail: request.sendsEmail !== false && order.buyerEmail !== '',
      });
      outcome = 'completed';
    } else if (step === 'refund' || step === 'hold_again') {
      outcome = await refundLatePayment(deps, tx, order, event.title, request.now);
    } else {
      outcome = step;
    }
    // What this request did is what the next request for the same order finds.
    if (outcome === 'completed')
      Object.assign(order, { status: 'completed', completedAt: request.now, paymentError: null, updatedAt: request.now });
    if (outcome === 'refunded_late') Object.assign(order, { status: 'refunded', updatedAt: request.now });
    const completion = completions.at(-1);
    if (outcome === 'completed' && request.audit) await recordAudit(tx, request.audit.actor, request.audit.entry);
    results.push({
      outcome,
      orderId: order.id,
      completed: outcome === 'completed' && completion?.locked === locked ? completedOrder(completion) : undefined,
    });
  }
  // The audit trail's 'order.paid' for money paid through the provider (docs/rules/audit.md 'What is
  // recorded'): cash and the card machine at the box office and paying guests are recorded by their
  // operator's own action; free and courtesy orders move no money.
  const paid = completions.filter(
    ({ locked: { order } }) => order.totalCentavos > 0 && !OFF_PROVIDER_PAYMENTS.includes(order.paymentProvider),
  );
  await recordAudits(
    tx,
    systemActor,
    paid.map(({ locked: { order, items } }) => ({
      action: 'order.paid',
      objectType: 'order',
      objectId: order.id,
      eventId: order.eventId,
      orderId: order.id,
      subjectUserId: order.userId,
      changes: {
        totalCentavos: order.totalCentavos,
        paymentMethod: order.paymentMethod,
        ticketCount: items.reduce((sum, item) => sum + item.quantity, 0),
      },
    })),
  );
  await completeOrders(deps, tx, completions);
  return results;
}

/**
 * Reads, with every sector locked, the sale state of each event with an order a late payment may
 * hold again (expired, failed or cancelled, of an event not cancelled): sale-state.ts loadSaleState
 * in event id order, after the event (already key-share locked) and the orders, the lock order of
 * the sale and of every writer of stock (events, orders, sectors, coupons). The CPFs' and accounts'
 * holdings read are those of these orders. Returns the states by event id (none: no query).
 */
async function lockSalesForHoldAgain(tx: Tx, locked: LockedOrder[], eventById: Map<string, LockedEvent>): Promise<Map<string, SaleState>> {
  const late = locked.filter(
    ({ order }) => ['expired', 'failed', 'cancelled'].includes(order.status) && !eventById.get(order.eventId)?.isCancelled,
  );
  const states = new Map<string, SaleState>();
  for (const eventId of [...new Set(late.map(({ order }) => order.eventId))].sort()) {
    const mine = late.filter(({ order }) => order.eventId === eventId);
    const { state } = await loadSaleState(tx, eventId, {
      lock: true,
      codes: [],
      cpfs: mine
        .flatMap(({ order, items }) => [order.buyerCpf ?? '', ...items.flatMap((i) => [i.holderCpf ?? '', ...(i.holderCpfs ?? [])])])
        .filter(Boolean),
      anyMeia: mine.some(({ items }) => items.some((i) => i.concession)),
      userIds: mine.flatMap(({ order }) => (order.userId ? [order.userId] : [])),
    });
    states.set(eventId, state);
  }
  return states;
}

/**
 * Holds again the units of an order paid after its hold ended, as they were placed (same lots and
 * prices), when the sale's rules allow it now (domain/sale.ts decideHoldAgain: the limit per CPF
 * and one meia per CPF, the event's and sessions' capacity, the meia-entrada reserve, each lot's
 * units), then writes the hold and counts the coupon use (inventory.ts tryHoldUnits, all or none).
 * False when the rules or the stock refuse: the payment is then refunded.
 */
async function holdAgain(tx: Tx, saleStates: Map<string, SaleState>, locked: LockedOrder, now: Date): Promise<boolean> {
  const { order, items } = locked;
  const state = saleStates.get(order.eventId);
  if (!state) return false;
  const decision = decideHoldAgain(
    state,
    { buyerCpf: order.buyerCpf ?? '', userId: order.userId, items: items.map((i) => ({ ...i, holderCpfs: i.holderCpfs ?? [] })) },
    now,
  );
  if (!decision.accepted) return false;
  // The units and their holders again, all or none (a savepoint): the stock, the coupon use, who holds what.
  try {
    return await tx.transaction(async (savepoint) => {
      if (!(await tryHoldUnits(savepoint, items, order.couponId))) throw new DomainError('ticket_type_sold_out');
      await moveHoldings(savepoint, pendingUnitsSql(sql`o.id = ${order.id}::uuid`), 1);
      return true;
    });
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * Whether the payment of `ref` pays for `order` (row locked): with the provider's amounts, as
 * domain/payment-match.ts matchPayment decides; without them (a caller that vouches for the
 * payment), unless it names a payment id other than the order's.
 */
function paymentMatchOf(order: typeof orders.$inferSelect, ref: PaymentRef): PaymentMatch {
  const paymentId = ref.paymentId ?? null;
  if (ref.amounts && paymentId) return matchPayment(order, { paymentId, orderId: ref.orderId ?? null, ...ref.amounts });
  return paymentId && order.paymentId && paymentId !== order.paymentId ? 'mismatch' : 'pays';
}

/** The CompletedOrder of a completion, as the completion writes it. */
function completedOrder(c: { locked: LockedOrder; event: LockedEvent }): CompletedOrder {
  const { isCancelled: _isCancelled, ...event } = c.event;
  return { order: c.locked.order, items: c.locked.items, event };
}

/** The orders the refs name, in order (null: none): by the provider's payment id first, then by our id. */
async function findOrders(tx: Tx, refs: PaymentRef[]): Promise<({ id: string; eventId: string } | null)[]> {
  const paymentIds = refs.flatMap((r) => (r.paymentId ? [r.paymentId] : []));
  const orderIds = refs.flatMap((r) => (r.orderId && !r.eventId && /^[0-9a-f-]{36}$/i.test(r.orderId) ? [r.orderId] : []));
  const rows =
    paymentIds.length + orderIds.length === 0
      ? []
      : await tx
          .select({ id: orders.id, eventId: orders.eventId, paymentId: orders.paymentId })
          .from(orders)
          .where(
            or(
              paymentIds.length ? inArray(orders.paymentId, paymentIds) : undefined,
              orderIds.length ? inArray(orders.id, orderIds) : undefined,
            ),
          );
  const byPayment = new Map(rows.filter((r) => r.paymentId).map((r) => [r.paymentId!, r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return refs.map((ref) => {
    if (ref.orderId && ref.eventId) return { id: ref.orderId, eventId: ref.eventId };
    const row = (ref.paymentId && byPayment.get(ref.paymentId)) || (ref.orderId && byId.get(ref.orderId.toLowerCase())) || null;
    return row ? { id: row.id, eventId: row.eventId } : null;
  });
}

/**
 * Writes the completions decided by confirmOrders: the orders completed (one statement), one
 * ticket per unit with its holder name and code (one statement), the coupon uses settled, the
 * purchase e-mails queued and the notices stored, queued and announced (notifyUsers).
 */
/** An order a confirmation completes: when, whether it settles its coupon's use and whether its buyer gets the purchase e-mail. */
type Completion = { locked: LockedOrder; event: LockedEvent; now: Date; settlesCoupon: boolean; sendsEmail: boolean };

async function completeOrders(deps: ServiceDeps, tx: Tx, completions: Completion[]): Promise<void> {
  if (completions.length === 0) return;
  const completed = unnestRows(completions, 'c', { id: ['uuid', (c) => c.locked.order.id], at: ['timestamptz', (c) => c.now] });
  await tx.execute(sql`
    UPDATE ${orders} o SET status = 'completed', completed_at = c.at, payment_error = NULL, updated_at = c.at
    FROM ${completed.from} WHERE o.id = c.id`);
  const units = completions.flatMap(({ locked: { order, items }, now }): IssuedTicket[] =>
    items.flatMap((item) =>
      Array.from({ length: item.quantity }, (_, n) => ({
        orderId: order.id,
        orderItemId: item.id,
        eventId: order.eventId,
        userId: order.userId,
        sectorName: item.sectorName,
        concession: item.concession,
        holderName: item.holderNames[n]?.trim() || null,
        // A meia-entrada unit's holder CPF (the item's, one unit), else the CPF named at checkout (nominal events); the door looks holders up by it.
        holderCpf: item.holderCpf ?? (item.holderCpfs?.[n] || null),
        code: createTicketCode(deps.ticketSigningKey),
        createdAt: now,
      })),
    ),
  );
  if (units.length > 0) {
    const issued = unnestRows(units, 'u', ticketColumns);
    await tx.execute(sql`INSERT INTO ${tickets} (${issued.names}) SELECT ${issued.names} FROM ${issued.from} ORDER BY ord`);
  }
  // A box-office PIX sold with 'Gerar PIX e admitir': its buyers go in with the payment, in this transaction.
  for (const {
    locked: { order },
    now,
  } of completions) {
    if (order.admitOnPayment)
      await admitOrderInTx(tx, deps.doorOpensMinutesBefore, {
        orderId: order.id,
        eventId: order.eventId,
        validatorId: null,
        deviceId: null,
        nonce: order.deviceNonce ?? order.id,
        at: now,
        offline: false,
      });
  }
  const couponUses = new Map<string, number>();
  for (const c of completions)
    if (c.settlesCoupon) couponUses.set(c.locked.order.couponId!, (couponUses.get(c.locked.order.couponId!) ?? 0) + 1);
  await settleCouponUses(
    tx,
    [...couponUses].map(([couponId, uses]) => ({ couponId, uses })),
  );
  const now = completions[0].now;
  // An order without an e-mail (an anonymous box-office sale) has nobody to write to.
  await enqueueJobs(
    tx,
    completions
      .filter((c) => c.sendsEmail)
      .map((c) => ({ kind: 'order_confirmation_email' as const, payload: { orderId: c.locked.order.id }, runAfter: c.now })),
    now,
  );
  await notifyUsers(
    tx,
    completions.flatMap((c) => (c.locked.order.userId ? [purchaseNotice(c.locked, c.event.title)] : [])),
    now,
  );
}

type IssuedTicket = {
  orderId: string;
  orderItemId: string;
  eventId: string;
  userId: string | null;
  sectorName: string;
  concession: Concession | null;
  holderName: string | null;
  holderCpf: string | null;
  code: string;
  createdAt: Date;
};

/** The columns of a ticket as issued, each named once (the others keep their defaults: valid, not checked in). */
const ticketColumns: Record<string, UnnestColumn<IssuedTicket>> = {
  order_id: ['uuid', (t) => t.orderId],
  order_item_id: ['uuid', (t) => t.orderItemId],
  event_id: ['uuid', (t) => t.eventId],
  user_id: ['text', (t) => t.userId],
  ticket_type_name: ['text', (t) => t.sectorName],
  concession: ['concession', (t) => t.concession],
  holder_name: ['text', (t) => t.holderName],
  holder_cpf: ['text', (t) => t.holderCpf],
  code: ['text', (t) => t.code],
  created_at: ['timestamptz', (t) => t.createdAt],
};

/** The in-app notice of a completed purchase; the purchase e-mail (with the QR codes) is its own job, so e-mail is left out. */
function purchaseNotice({ order, items }: LockedOrder, eventTitle: string): Notice {
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    userId: order.userId!,
    type: 'event',
    title: 'Compra confirmada!',
    message: `${units} ${units === 1 ? 'ingresso' : 'ingressos'} para ${eventTitle}. Total: ${formatCentavos(order.totalCentavos)}.`,
    actionUrl: '/tickets',
    channels: ['push', 'whatsapp'],
  };
}

/**
 * Paid, but the units are gone (or the event was cancelled): the order becomes `refunded`, an
 * approved refund of the whole total is recorded and its payment back queued; the buyer is told.
 */
async function refundLatePayment(
  deps: ServiceDeps,
  tx: Tx,
  order: typeof orders.$inferSelect,
  eventTitle: string,
  now: Date,
): Promise<ConfirmOutcome> {
  if (order.status === 'pending') {
    // A payment for an order still holding units of a cancelled event: give them back first.
    await releaseOrderInTx(tx, { orderId: order.id }, 'cancelled', now);
  }
  await tx
    .update(orders)
    .set({ status: 'refunded', updatedAt: now })
    .where(and(eq(orders.id, order.id), sql`${orders.status} <> 'refunded'`));
  await recordAutomaticRefund(
    tx,
    order,
    {
      origin: 'late_payment',
      reason: 'Pagamento recebido depois do prazo do pedido, sem ingressos disponíveis.',
      notice: {
        title: 'Pagamento devolvido',
        message: `Seu pagamento de ${formatCentavos(order.totalCentavos)} para ${eventTitle} chegou depois do prazo do pedido e os ingressos não estavam mais disponíveis. O valor será devolvido pela mesma forma de pagamento.`,
      },
    },
    now,
  );
  deps.log.warn({ orderId: order.id }, 'late payment refunded: tickets no longer available');
  return 'refunded_late';
}

/**
 * Another payment of `order`'s total naming it (a second charge, or one made by another hand):
 * it never pays for the order, so an approved refund of it is recorded (origin
 * 'duplicate_payment', `payment_id` the other payment, no tickets) and its payment back queued
 * (job 'refund_payment'); the order and its tickets stay as they are; the buyer is told. Once per
 * payment (unique index refunds_one_per_other_payment): a redelivery answers 'payment_mismatch'.
 */
async function refundAnotherPayment(
  deps: ServiceDeps,
  tx: Tx,
  order: typeof orders.$inferSelect,
  paymentId: string,
  eventTitle: string,
  now: Date,
): Promise<ConfirmOutcome> {
  const isPaid = order.completedAt !== null;
  const amount = formatCentavos(order.totalCentavos);
  const refundId = await recordAutomaticRefund(
    tx,
    order,
    {
      origin: 'duplicate_payment',
      paymentId,
      reason: isPaid
        ? `Pagamento em duplicidade: o pedido já estava pago e recebeu outra cobrança (${paymentId}).`
        : `Pagamento por uma cobrança que não é a do pedido (${paymentId}).`,
      notice: {
        title: isPaid ? 'Pagamento em duplicidade devolvido' : 'Pagamento devolvido',
        message: isPaid
          ? `Recebemos um segundo pagamento de ${amount} para o seu pedido de ${eventTitle}, que já estava pago. Esse valor será devolvido pela mesma forma de pagamento; seus ingressos continuam válidos.`
          : `Recebemos um pagamento de ${amount} para o seu pedido de ${eventTitle} por uma cobrança que não é a do pedido. Esse valor será devolvido pela mesma forma de pagamento.`,
      },
    },
    now,
  );
  if (!refundId) return 'payment_mismatch';
  deps.log.warn({ orderId: order.id, orderPaymentId: order.paymentId, paymentId, refundId }, 'another payment of the order: paid back');
  return 'another_payment_refunded';
}

/**
 * An approved refund of the whole order total that the system decides (a late payment, another
 * payment of the order): recorded with `origin` and `reason` (and the other payment's id, once per
 * payment: a second record of it inserts nothing and answers null), its payment back queued (job
 * 'refund_payment') and the buyer told with `notice`. Returns the refund's id. `now` is UTC.
 */
async function recordAutomaticRefund(
  tx: Tx,
  order: typeof orders.$inferSelect,
  refund: { origin: 'late_payment' | 'duplicate_payment'; reason: string; paymentId?: string; notice: { title: string; message: string } },
  now: Date,
): Promise<string | null> {
  const [recorded] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      userId: order.userId,
      amountCentavos: order.totalCentavos,
      reason: refund.reason,
      status: 'approved',
      origin: refund.origin,
      paymentId: refund.paymentId ?? null,
      requestedAt: now,
      processedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  if (!recorded) return null;
  await enqueueJobs(tx, [{ kind: 'refund_payment', payload: { refundId: recorded.id } }], now);
  if (order.userId) await notifyUsers(tx, [{ userId: order.userId, type: 'event', ...refund.notice, actionUrl: '/refund-request' }], now);
  return recorded.id;
}
