import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { RefundableOrder } from '../../../shared/schemas/refunds';
import { orderRefundReason, withdrawalDeadline } from '../../domain/refunds';
import type { Db } from '../../db/client';
import { events, orderItems, orders } from '../../db/schema';
import { loadTicketRefundStates } from './refund-state';

/**
 * The orders of one user as /refund-request offers them, newest first, each with its tickets
 * refundable one by one or not, with the reason (docs/rules/refunds.md 'Refund requests': refunds for the whole order
 * or single unused tickets). An order is eligible while one of its tickets is; its amount is what
 * refunding all of those would pay back (centavos). Failed and expired orders are left out:
 * nothing was bought. `now` (UTC) decides whether an event is over.
 */
export async function listRefundableOrders(db: Db, userId: string, now: Date = new Date()): Promise<RefundableOrder[]> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, ['failed', 'expired'])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (orderRows.length === 0) return [];
  const orderIds = orderRows.map((o) => o.id);
  const [states, itemRows, eventRows] = await Promise.all([
    loadTicketRefundStates(db, orderRows, now),
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.sectorName),
    db
      .select()
      .from(events)
      .where(inArray(events.id, [...new Set(orderRows.map((o) => o.eventId))])),
  ]);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));

  return orderRows.map((order) => {
    const event = eventById.get(order.eventId)!;
    const ticketStates = states.get(order.id) ?? [];
    const eligibleTickets = ticketStates.filter((t) => t.eligible);
    return {
      orderId: order.id,
      createdAt: order.createdAt.toISOString(),
      amountCentavos: eligibleTickets.reduce((sum, t) => sum + t.amountCentavos, 0),
      keptFeeCentavos: eligibleTickets.reduce((sum, t) => sum + t.keptFeeCentavos, 0),
      withdrawalDeadline:
        eligibleTickets.length > 0 && order.status === 'completed'
          ? (withdrawalDeadline({ paidAt: order.completedAt ?? order.createdAt, event, now })?.toISOString() ?? null)
          : null,
      event: { id: event.id, title: event.title, date: event.date, startTime: event.startTime, location: event.location },
      items: itemRows.filter((i) => i.orderId === order.id).map((i) => ({ sectorName: i.sectorName, quantity: i.quantity })),
      tickets: ticketStates.map(({ sectorId: _type, ...ticket }) => ticket),
      eligible: eligibleTickets.length > 0,
      reason:
        eligibleTickets.length > 0
          ? null
          : orderRefundReason(
              order,
              ticketStates.map((t) => t.reason!),
            ),
    };
  });
}
