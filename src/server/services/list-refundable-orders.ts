import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { RefundableOrder } from '../../shared/schemas/refunds';
import { decideRefundEligibility, refundAmountCentavos } from '../domain/refunds';
import type { Db } from '../db/client';
import { events, orderItems, orders, refunds, tickets } from '../db/schema';

/**
 * The orders of one user as /refund-request offers them, newest first, each flagged eligible
 * or not with the reason from decideRefundEligibility (an order with an open request reads
 * 'already_requested', shown 'Já solicitado'). Failed and expired orders are left out: nothing
 * was bought. `amountCentavos` is what a refund would pay back; `now` (UTC) decides whether
 * an event is over.
 */
export async function listRefundableOrders(db: Db, userId: string, now: Date = new Date()): Promise<RefundableOrder[]> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, ['failed', 'expired'])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (orderRows.length === 0) return [];
  const orderIds = orderRows.map((o) => o.id);
  const [ticketRows, itemRows, refundRows, eventRows] = await Promise.all([
    db.select({ orderId: tickets.orderId, checkedInAt: tickets.checkedInAt }).from(tickets).where(inArray(tickets.orderId, orderIds)),
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.ticketTypeName),
    db.select({ orderId: refunds.orderId, status: refunds.status }).from(refunds).where(inArray(refunds.orderId, orderIds)),
    db.select().from(events).where(inArray(events.id, [...new Set(orderRows.map((o) => o.eventId))])),
  ]);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));

  return orderRows.map((order) => {
    const event = eventById.get(order.eventId)!;
    const decision = decideRefundEligibility({
      order,
      tickets: ticketRows.filter((t) => t.orderId === order.id),
      event,
      refundStatuses: refundRows.filter((r) => r.orderId === order.id).map((r) => r.status),
      now,
    });
    return {
      orderId: order.id,
      createdAt: order.createdAt.toISOString(),
      amountCentavos: refundAmountCentavos(order),
      event: { id: event.id, title: event.title, date: event.date, startTime: event.startTime, location: event.location },
      items: itemRows.filter((i) => i.orderId === order.id).map((i) => ({ ticketTypeName: i.ticketTypeName, quantity: i.quantity })),
      eligible: decision.eligible,
      reason: decision.eligible ? null : decision.reason,
    };
  });
}
