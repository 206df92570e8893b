import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { formatCentavos } from '../../../shared/money';
import { DomainError } from '../../../shared/errors';
import type { CancelEventResult } from '../../../shared/schemas/admin-events';
import type { EventCancellationPreview } from '../../../shared/schemas/event-cancellation';
import { events, orders, refunds, tickets } from '../../db/schema';
import type { Tx } from '../../db/client';
import { notifyUser } from '../notifications/notify-user';
import type { ServiceDeps } from '../deps';
import { voidTickets } from '../orders/void-tickets';
import { releaseOrderInTx } from '../orders/release-order';
import { loadTicketRefundStates } from '../refunds/refund-state';
import { enqueueJobs } from '../jobs';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * The organizer cancels an event (docs/rules/refunds.md 'Cancelling an event': every paid order is refunded and every
 * buyer told). One transaction: the event is marked cancelled (sales stop: placing an order
 * answers 'event_cancelled'); every pending order is released (units and coupon uses back);
 * every paid order gets one approved refund (origin 'event_cancelled') of what its still-valid
 * tickets cost (requests still pending are approved with it), those tickets become 'cancelled'
 * (the door refuses them), their units return to stock, the order becomes 'refunded' (the one
 * voider, orders/void-tickets.ts voidTickets), the
 * payment back is queued (job 'refund_payment', paid by the worker with retries) and the
 * buyer is notified. After the commit the provider payments of the released orders are cancelled.
 * `now` is a UTC instant. The cancellation and its totals are recorded in the audit trail by
 * `actor` in its transaction (docs/rules/audit.md 'What is recorded').
 *
 * Throws DomainError: event_not_found; event_already_cancelled.
 */
export async function cancelEvent(
  deps: ServiceDeps,
  eventId: string,
  input: { reason: string; adminId: string },
  actor: AuditActor,
  now: Date = new Date(),
): Promise<CancelEventResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const done = await cancelEventInTx(tx, eventId, input, now);
    await recordAudit(tx, actor, {
      action: 'event.cancelled',
      objectType: 'event',
      objectId: eventId,
      eventId,
      changes: {
        reason: input.reason,
        refundedOrders: done.refundedOrders,
        refundCentavos: done.refundCentavos,
        releasedOrders: done.releasedOrders,
        voidedTickets: done.voidedTickets,
      },
    });
    return done;
  });
  for (const paymentId of outcome.releasedPayments) {
    try {
      await deps.payments.cancelPayment(paymentId);
    } catch (error) {
      deps.log.warn({ err: error, paymentId }, 'could not cancel a payment of a cancelled event; a late payment is refunded');
    }
  }
  return { cancelledAt: now.toISOString(), refundedOrders: outcome.refundedOrders, releasedOrders: outcome.releasedPayments.length };
}

/** Thrown inside the preview's transaction to roll the cancellation back with what it did. */
class PreviewRollback extends Error {
  constructor(readonly preview: EventCancellationPreview) {
    super('event cancellation preview');
  }
}

/**
 * What 'Cancelar evento' would do at `now`, asked before the organizer confirms
 * (docs/rules/refunds.md 'Cancelling an event'): the paid orders refunded, the money paid back
 * (centavos, service fees included, as the cancellation prices it), the tickets that stop being
 * valid and the pending orders released. The cancellation itself runs
 * (cancelEventInTx, the same code and amounts) in a transaction that is rolled back: nothing
 * changes, nothing is sent. `adminId` is the admin asking. Throws DomainError: event_not_found;
 * event_already_cancelled.
 */
export async function previewEventCancellation(
  deps: Pick<ServiceDeps, 'db'>,
  eventId: string,
  adminId: string,
  now: Date = new Date(),
): Promise<EventCancellationPreview> {
  try {
    await deps.db.transaction(async (tx) => {
      const outcome = await cancelEventInTx(tx, eventId, { reason: 'Prévia do cancelamento', adminId }, now);
      throw new PreviewRollback({
        refundedOrders: outcome.refundedOrders,
        refundCentavos: outcome.refundCentavos,
        voidedTickets: outcome.voidedTickets,
        releasedOrders: outcome.releasedOrders,
      });
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.preview;
    throw error;
  }
  throw new Error('the cancellation preview did not roll back');
}

interface CancelOutcome {
  /** Provider payments of the released pending orders, to cancel after the commit. */
  releasedPayments: string[];
  releasedOrders: number;
  refundedOrders: number;
  /** Money of the refunds approved, in centavos. */
  refundCentavos: number;
  voidedTickets: number;
}

async function cancelEventInTx(tx: Tx, eventId: string, input: { reason: string; adminId: string }, now: Date): Promise<CancelOutcome> {
  // FOR UPDATE (not the plain UPDATE's weaker lock) waits for every placement and confirmation
  // of this event in flight, which hold a key-share lock on it, and makes new ones wait for this
  // commit; they then see the event cancelled. So every order is either seen below or refused.
  await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  const [event] = await tx
    .update(events)
    .set({ cancelledAt: now, updatedAt: now })
    .where(and(eq(events.id, eventId), isNull(events.cancelledAt)))
    .returning({ id: events.id, title: events.title });
  if (!event) {
    const [existing] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    throw new DomainError(existing ? 'event_already_cancelled' : 'event_not_found');
  }

  // Orders in id order, each locked before its tickets and stock (the lock order everywhere).
  const eventOrders = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, eventId), inArray(orders.status, ['pending', 'completed'])))
    .orderBy(asc(orders.id))
    .for('update');
  const outcome: CancelOutcome = {
    releasedPayments: [],
    releasedOrders: 0,
    refundedOrders: 0,
    refundCentavos: 0,
    voidedTickets: 0,
  };
  for (const order of eventOrders) {
    if (order.status === 'pending') {
      if (await releaseOrderInTx(tx, { orderId: order.id }, 'cancelled', now)) {
        outcome.releasedOrders++;
        if (order.paymentId) outcome.releasedPayments.push(order.paymentId);
      }
      continue;
    }
    const refunded = await refundPaidOrder(tx, order, event.title, input, now);
    if (!refunded) continue;
    outcome.refundedOrders++;
    outcome.refundCentavos += refunded.amountCentavos;
    outcome.voidedTickets += refunded.voidedTickets;
  }
  return outcome;
}

async function refundPaidOrder(
  tx: Tx,
  order: typeof orders.$inferSelect,
  eventTitle: string,
  input: { reason: string; adminId: string },
  now: Date,
): Promise<{ amountCentavos: number; voidedTickets: number } | null> {
  // The event is cancelled in this transaction, so every amount below includes the service fee.
  const states = (await loadTicketRefundStates(tx, [order], now)).get(order.id) ?? [];
  const amountOf = (ticketIds: string[]) => ticketIds.reduce((sum, id) => sum + (states.find((s) => s.id === id)?.amountCentavos ?? 0), 0);
  // The one voider: the valid tickets 'cancelled', their units back (or to the waiting list), the order 'refunded'.
  const stillValid = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.orderId, order.id), eq(tickets.status, 'valid')));
  const { tickets: valid } = await voidTickets(tx, { orderId: order.id, ticketIds: stillValid.map((t) => t.id), status: 'cancelled', now });

  // Requests still waiting for a decision are approved along with the cancellation, for what
  // their tickets cost with the fee (one asked past the 7 days was priced without it).
  const pendingRequests: { id: string; amountCentavos: number }[] = [];
  const pendingRows = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.id));
  for (const request of pendingRows) {
    const amountCentavos = amountOf(valid.filter((t) => t.refundId === request.id).map((t) => t.id));
    await tx
      .update(refunds)
      .set({
        status: 'approved',
        amountCentavos,
        processedAt: now,
        processedBy: input.adminId,
        adminNotes: `Evento cancelado: ${input.reason}`,
      })
      .where(eq(refunds.id, request.id));
    pendingRequests.push({ id: request.id, amountCentavos });
  }

  const untied = valid.filter((t) => t.refundId === null);
  const amount = amountOf(untied.map((t) => t.id));
  const refundIds = pendingRequests.map((r) => r.id);
  if (untied.length > 0) {
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        userId: order.userId,
        amountCentavos: amount,
        ticketCount: untied.length,
        reason: `Evento cancelado: ${input.reason}`,
        status: 'approved',
        origin: 'event_cancelled',
        requestedAt: now,
        processedAt: now,
        processedBy: input.adminId,
      })
      .returning({ id: refunds.id });
    await tx
      .update(tickets)
      .set({ refundId: refund.id })
      .where(
        inArray(
          tickets.id,
          untied.map((t) => t.id),
        ),
      );
    refundIds.push(refund.id);
  }
  await enqueueJobs(
    tx,
    refundIds.map((refundId) => ({ kind: 'refund_payment', payload: { refundId } })),
    now,
  );
  const total = amount + pendingRequests.reduce((sum, r) => sum + r.amountCentavos, 0);
  if (order.userId) {
    await notifyUser(
      tx,
      {
        userId: order.userId,
        type: 'event',
        title: 'Evento cancelado',
        message: `${eventTitle} foi cancelado pelo organizador. ${input.reason} Devolveremos ${formatCentavos(total)} pela mesma forma de pagamento.`,
        actionUrl: '/tickets',
      },
      now,
    );
  }
  return refundIds.length > 0 || valid.length > 0 ? { amountCentavos: total, voidedTickets: valid.length } : null;
}

/**
 * Deletes an event that never had an order (docs/rules/refunds.md 'Cancelling an event': an event with no orders can be
 * deleted; one with orders is cancelled instead, so nothing a buyer paid for disappears). Its
 * ticket types and coupons go with it. Throws DomainError: event_not_found; event_has_orders.
 * The deletion is recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function deleteEvent(deps: Pick<ServiceDeps, 'db'>, eventId: string, actor: AuditActor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw new DomainError('event_not_found');
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.eventId, eventId)).limit(1);
    if (order) throw new DomainError('event_has_orders');
    await tx.delete(events).where(eq(events.id, eventId));
    await recordAudit(tx, actor, {
      action: 'event.deleted',
      objectType: 'event',
      objectId: eventId,
      eventId,
      changes: { title: event.title },
    });
  });
}
