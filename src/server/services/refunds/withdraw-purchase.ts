import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { formatCentavos } from '../../../shared/money';
import type { MyRefund, WithdrawPurchaseInput } from '../../../shared/schemas/refunds';
import { withdrawalDeadline } from '../../domain/refunds';
import type { ServiceDeps } from '../deps';
import { events, orders, refunds } from '../../db/schema';
import { enqueueJobs } from '../jobs';
import { notifyUser } from '../notifications/notify-user';
import { refundTickets } from './decide-refund';
import { payRefund } from './pay-refund';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { chooseRefundTickets, loadTicketRefundStates, tieTicketsToRefund } from './refund-state';

/** How long the worker waits before retrying a payment back that could not be made at once. */
const REFUND_PAYMENT_RETRY_MS = 60_000;

/**
 * The buyer withdraws from a purchase on their own ('Cancelar compra'; CDC art. 49, Decreto
 * 7.962/2013 art. 5; docs/rules/refunds.md 'Withdrawal (CDC art. 49)'): while domain/refunds withdrawalDeadline is open, the chosen
 * tickets (`ticketIds` absent: every refundable ticket of the order) are refunded at once, with
 * no decision by the organizer, for everything they cost, the service fee included
 * (isFeeRefunded: within 7 days of the payment). One transaction, in the lock order of every
 * refund (the order row, then tickets and stock): an approved refund of origin 'withdrawal' is
 * stored, the tickets become 'refunded' (the door refuses them), their units go back to their
 * lots, the order becomes 'refunded' when none is left valid, the payment back is queued and the
 * buyer notified. After the commit the money is paid back through the provider (payRefund;
 * the worker retries when the provider cannot be reached). `now` is a UTC instant.
 *
 * Throws DomainError: 'order_not_found' (not this user's order, or a ticket not of it);
 * 'withdrawal_closed' with `details.reason` 'deadline' when the window has passed (the request
 * flow of /refund-request remains); 'refund_already_requested'; 'order_not_refundable' /
 * 'ticket_not_refundable' with `details.reason` as requestRefund. Recorded in the audit trail by
 * `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function withdrawPurchase(
  deps: ServiceDeps,
  userId: string,
  input: WithdrawPurchaseInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<MyRefund> {
  const refund = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new DomainError('order_not_found');
    const [event] = await tx
      .select({ title: events.title, date: events.date, startTime: events.startTime, changedAt: events.changedAt })
      .from(events)
      .where(eq(events.id, order.eventId));
    if (order.status === 'completed' && !withdrawalDeadline({ paidAt: order.completedAt ?? order.createdAt, event, now })) {
      throw new DomainError('withdrawal_closed', { reason: 'deadline' });
    }
    const states = (await loadTicketRefundStates(tx, [order], now)).get(order.id) ?? [];
    const { ticketIds: chosen, amountCentavos } = chooseRefundTickets(order, states, input.ticketIds);
    const [stored] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        userId,
        amountCentavos,
        ticketCount: chosen.length,
        reason: input.reason ?? 'Desistência da compra (até 7 dias)',
        status: 'approved',
        origin: 'withdrawal',
        requestedAt: now,
        processedAt: now,
      })
      .returning();
    await tieTicketsToRefund(tx, stored.id, order, chosen);
    await refundTickets(tx, stored.id, order.id, now);
    await recordAudit(tx, actor, {
      action: 'refund.withdrawal',
      objectType: 'refund',
      objectId: stored.id,
      eventId: order.eventId,
      orderId: order.id,
      subjectUserId: userId,
      changes: { amountCentavos, ticketCount: chosen.length },
    });
    await enqueueJobs(
      tx,
      [{ kind: 'refund_payment', payload: { refundId: stored.id }, runAfter: new Date(now.getTime() + REFUND_PAYMENT_RETRY_MS) }],
      now,
    );
    await notifyUser(
      tx,
      {
        userId,
        type: 'event',
        title: 'Compra cancelada',
        message: `Você desistiu de ${chosen.length === 1 ? '1 ingresso' : `${chosen.length} ingressos`} de ${event.title}. ${formatCentavos(amountCentavos)} voltam pela mesma forma de pagamento.`,
        actionUrl: '/refund-request',
      },
      now,
    );
    return { ...stored, eventTitle: event.title };
  });

  try {
    await payRefund(deps, refund.id);
  } catch (error) {
    // The job queued with the refund retries it; the refund stays 'approved' meanwhile.
    deps.log.warn({ err: error, refundId: refund.id }, 'withdrawal payment failed; the worker will retry');
  }
  const [paid] = await deps.db
    .select({ status: refunds.status, processedAt: refunds.processedAt })
    .from(refunds)
    .where(eq(refunds.id, refund.id));
  return {
    id: refund.id,
    orderId: refund.orderId,
    eventTitle: refund.eventTitle,
    amountCentavos: refund.amountCentavos,
    ticketCount: refund.ticketCount,
    reason: refund.reason,
    status: paid.status,
    requestedAt: refund.requestedAt.toISOString(),
    processedAt: paid.processedAt?.toISOString() ?? null,
    adminNotes: null,
  };
}
