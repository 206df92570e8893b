import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { MyRefund, RequestRefundInput } from '../../../shared/schemas/refunds';
import { orderRefundReason } from '../../domain/refunds';
import type { Db } from '../../db/client';
import { events, orders, refunds, tickets } from '../../db/schema';
import { loadTicketRefundStates } from './refund-state';

/**
 * A buyer asks for the refund of tickets of one of their own orders (SPEC.md section 2 'Refund
 * request', PRODUCT.md 'Buying': the whole order or single unused tickets): locks the order row,
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
 * with `details.ticketId` and `details.reason` for a chosen ticket that cannot be.
 */
export async function requestRefund(db: Db, userId: string, input: RequestRefundInput, now: Date = new Date()): Promise<MyRefund> {
  return db.transaction(async (tx) => {
    // The row lock makes concurrent requests for one order take turns.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new DomainError('order_not_found');
    const states = (await loadTicketRefundStates(tx, [order], now)).get(order.id) ?? [];
    const byId = new Map(states.map((t) => [t.id, t]));
    const chosen = input.ticketIds ? [...new Set(input.ticketIds.map((id) => id.toLowerCase()))] : states.filter((t) => t.eligible).map((t) => t.id);
    if (chosen.length === 0) {
      const reason = orderRefundReason(order, states.map((t) => t.reason!));
      if (reason === 'already_requested') throw new DomainError('refund_already_requested');
      throw new DomainError('order_not_refundable', { reason });
    }
    for (const id of chosen) {
      const ticket = byId.get(id);
      if (!ticket) throw new DomainError('order_not_found', { ticketId: id });
      if (ticket.eligible) continue;
      if (ticket.reason === 'already_requested') throw new DomainError('refund_already_requested', { ticketId: id });
      throw new DomainError('ticket_not_refundable', { ticketId: id, reason: ticket.reason });
    }
    const amountCentavos = chosen.reduce((sum, id) => sum + byId.get(id)!.amountCentavos, 0);
    const [refund] = await tx
      .insert(refunds)
      .values({ orderId: order.id, userId, amountCentavos, ticketCount: chosen.length, reason: input.reason, requestedAt: now })
      .returning();
    const tied = await tx
      .update(tickets)
      .set({ refundId: refund.id })
      .where(and(inArray(tickets.id, chosen), eq(tickets.orderId, order.id), isNull(tickets.refundId), eq(tickets.status, 'valid'), sql`${tickets.checkedInAt} IS NULL`))
      .returning({ id: tickets.id });
    if (tied.length !== chosen.length) throw new DomainError('refund_already_requested');
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
