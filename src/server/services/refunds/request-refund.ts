import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { MyRefund, RequestRefundInput } from '../../../shared/schemas/refunds';
import type { Db } from '../../db/client';
import { events, orders, refunds } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { chooseRefundTickets, loadTicketRefundStates, tieTicketsToRefund } from './refund-state';

/**
 * A buyer asks for the refund of tickets of one of their own orders (
 * docs/screens.md 'Refund request', docs/rules/refunds.md 'Refund requests': the whole order or single unused tickets): locks the order row,
 * decides each ticket with decideTicketRefund and stores a 'pending' refund of what those
 * tickets cost after their share of any discount (centavos; the client sends no amount), with
 * the trimmed reason; the tickets are tied to it (`tickets.refund_id`), so no ticket is in two
 * open requests. `ticketIds` absent = every refundable ticket of the order. `now` (UTC) decides
 * whether the event is over.
 *
 * Throws DomainError: 'order_not_found' when the order does not exist or belongs to someone
 * else, or a ticket id is not of this order; 'refund_already_requested' when a chosen ticket is
 * in an open request (including a concurrent one); 'order_not_refundable' with `details.reason`
 * (a RefundIneligibility) when no ticket of the order can be refunded; 'ticket_not_refundable'
 * with `details.ticketId` and `details.reason` for a chosen ticket that cannot be. The request is
 * recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function requestRefund(
  db: Db,
  userId: string,
  input: RequestRefundInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<MyRefund> {
  return db.transaction(async (tx) => {
    // The row lock makes concurrent requests for one order take turns.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new DomainError('order_not_found');
    const states = (await loadTicketRefundStates(tx, [order], now)).get(order.id) ?? [];
    const { ticketIds: chosen, amountCentavos } = chooseRefundTickets(order, states, input.ticketIds);
    const [refund] = await tx
      .insert(refunds)
      .values({ orderId: order.id, userId, amountCentavos, ticketCount: chosen.length, reason: input.reason, requestedAt: now })
      .returning();
    await tieTicketsToRefund(tx, refund.id, order, chosen);
    await recordAudit(tx, actor, {
      action: 'refund.requested',
      objectType: 'refund',
      objectId: refund.id,
      eventId: order.eventId,
      orderId: order.id,
      subjectUserId: userId,
      changes: { amountCentavos, ticketCount: chosen.length },
    });
    const [event] = await tx.select({ title: events.title }).from(events).where(eq(events.id, order.eventId));
    return {
      id: refund.id,
      orderId: refund.orderId,
      eventTitle: event.title,
      amountCentavos: refund.amountCentavos,
      ticketCount: refund.ticketCount,
      reason: refund.reason,
      status: refund.status,
      requestedAt: refund.requestedAt.toISOString(),
      processedAt: null,
      adminNotes: null,
    };
  });
}
