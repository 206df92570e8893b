import { asc, eq, inArray } from 'drizzle-orm';
import type { RefundableTicket } from '../../../shared/schemas/refunds';
import { decideTicketRefund, isFeeRefunded, ticketFeeCentavos, ticketRefundAmounts } from '../../domain/refunds';
import type { Db, Tx } from '../../db/client';
import { events, orderItems, orders, tickets } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

/**
 * Every ticket of the given orders as refund rules see it: its amount (its price less its share
 * of the discount, plus its service fee when a refund at `now` pays the fee back: domain/refunds.ts
 * ticketRefundAmounts and isFeeRefunded), the fee kept when it does not (`keptFeeCentavos`), and
 * whether it may be refunded now (decideTicketRefund), in ticket creation order. Reads through
 * `db` or the caller's `tx`. Returns a map order id -> tickets (empty for an order with none).
 */
export async function loadTicketRefundStates(db: Db | Tx, orderRows: OrderRow[], now: Date): Promise<Map<string, (RefundableTicket & { ticketTypeId: string | null })[]>> {
  const result = new Map<string, (RefundableTicket & { ticketTypeId: string | null })[]>();
  if (orderRows.length === 0) return result;
  const orderIds = orderRows.map((o) => o.id);
  const ticketRows = await db
    .select({
      id: tickets.id,
      orderId: tickets.orderId,
      ticketTypeName: tickets.ticketTypeName,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      refundId: tickets.refundId,
      unitPriceCentavos: orderItems.unitPriceCentavos,
      unitFeeCentavos: orderItems.unitFeeCentavos,
      concession: orderItems.concession,
      ticketTypeId: orderItems.ticketTypeId,
    })
    .from(tickets)
    .innerJoin(orderItems, eq(orderItems.id, tickets.orderItemId))
    .where(inArray(tickets.orderId, orderIds))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  const eventRows = await db.select().from(events).where(inArray(events.id, [...new Set(orderRows.map((o) => o.eventId))]));
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  for (const order of orderRows) {
    const own = ticketRows.filter((t) => t.orderId === order.id);
    const event = eventById.get(order.eventId)!;
    const includeFee = isFeeRefunded({
      paidAt: order.completedAt ?? order.createdAt,
      now,
      eventCancelled: event.cancelledAt !== null,
      feeRefundable: event.serviceFeeRefundable,
      event,
    });
    const units = own.map((t) => ({ ticketId: t.id, unitPriceCentavos: t.unitPriceCentavos, unitFeeCentavos: t.unitFeeCentavos, halfPrice: t.concession !== null }));
    const amounts = ticketRefundAmounts(order, units, { includeFee });
    result.set(
      order.id,
      own.map((ticket) => {
        const amountCentavos = amounts.get(ticket.id) ?? 0;
        const decision = decideTicketRefund({ order, ticket, amountCentavos, event, now });
        return {
          id: ticket.id,
          ticketTypeName: ticket.ticketTypeName,
          ticketTypeId: ticket.ticketTypeId,
          amountCentavos,
          keptFeeCentavos: includeFee ? 0 : ticketFeeCentavos(order, units.find((u) => u.ticketId === ticket.id)!),
          eligible: decision.eligible,
          reason: decision.eligible ? null : decision.reason,
        };
      }),
    );
  }
  return result;
}
