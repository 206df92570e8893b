import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { RefundableTicket } from '../../../shared/schemas/refunds';
import { decideTicketRefund, isFeeRefunded, orderRefundReason, ticketFeeCentavos, ticketRefundAmounts } from '../../domain/refunds';
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
export async function loadTicketRefundStates(
  db: Db | Tx,
  orderRows: OrderRow[],
  now: Date,
): Promise<Map<string, (RefundableTicket & { sectorId: string | null })[]>> {
  const result = new Map<string, (RefundableTicket & { sectorId: string | null })[]>();
  if (orderRows.length === 0) return result;
  const orderIds = orderRows.map((o) => o.id);
  const ticketRows = await db
    .select({
      id: tickets.id,
      orderId: tickets.orderId,
      sectorName: tickets.sectorName,
      holderName: tickets.holderName,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      refundId: tickets.refundId,
      userId: tickets.userId,
      unitPriceCentavos: orderItems.unitPriceCentavos,
      unitFeeCentavos: orderItems.unitFeeCentavos,
      concession: orderItems.concession,
      sectorId: orderItems.sectorId,
    })
    .from(tickets)
    .innerJoin(orderItems, eq(orderItems.id, tickets.orderItemId))
    .where(inArray(tickets.orderId, orderIds))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  const eventRows = await db
    .select()
    .from(events)
    .where(inArray(events.id, [...new Set(orderRows.map((o) => o.eventId))]));
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
    const units = own.map((t) => ({
      ticketId: t.id,
      unitPriceCentavos: t.unitPriceCentavos,
      unitFeeCentavos: t.unitFeeCentavos,
      meiaPrice: t.concession !== null,
    }));
    const amounts = ticketRefundAmounts(order, units, { includeFee });
    result.set(
      order.id,
      own.map((ticket) => {
        const amountCentavos = amounts.get(ticket.id) ?? 0;
        const decision = decideTicketRefund({
          order,
          ticket: { ...ticket, transferredAway: isTransferredAway(order, ticket) },
          amountCentavos,
          event,
          now,
        });
        return {
          id: ticket.id,
          sectorName: ticket.sectorName,
          holderName: ticket.holderName ?? order.buyerName,
          sectorId: ticket.sectorId,
          amountCentavos,
          keptFeeCentavos: includeFee
            ? 0
            : ticketFeeCentavos(
                order,
                units.find((u) => u.ticketId === ticket.id)!,
              ),
          eligible: decision.eligible,
          reason: decision.eligible ? null : decision.reason,
        };
      }),
    );
  }
  return result;
}

/** Whether a ticket now belongs to another account than its order's buyer (an accepted transfer moved tickets.user_id). */
function isTransferredAway(order: Pick<OrderRow, 'userId'>, ticket: { userId: string | null }): boolean {
  return order.userId !== null && ticket.userId !== order.userId;
}

/**
 * The tickets a buyer's refund of `order` takes and what it pays back (centavos): `ticketIds`
 * (absent: every refundable ticket of the order) checked against `states`
 * (loadTicketRefundStates of the order). Used by the request and by the withdrawal alike.
 * Throws DomainError: 'refund_already_requested' (with `details.ticketId` for a chosen ticket);
 * 'order_not_refundable' with `details.reason` when nothing of the order can be refunded;
 * 'order_not_found' with `details.ticketId` for a ticket not of this order;
 * 'ticket_not_refundable' with `details.ticketId` and `details.reason`.
 */
export function chooseRefundTickets(
  order: OrderRow,
  states: RefundableTicket[],
  ticketIds: string[] | undefined,
): { ticketIds: string[]; amountCentavos: number } {
  const byId = new Map(states.map((t) => [t.id, t]));
  const chosen = ticketIds ? [...new Set(ticketIds.map((id) => id.toLowerCase()))] : states.filter((t) => t.eligible).map((t) => t.id);
  if (chosen.length === 0) {
    const reason = orderRefundReason(
      order,
      states.map((t) => t.reason!),
    );
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
  return { ticketIds: chosen, amountCentavos: chosen.reduce((sum, id) => sum + byId.get(id)!.amountCentavos, 0) };
}

/**
 * Ties the chosen tickets to `refundId` (`tickets.refund_id`), so no ticket is in two open
 * refunds: only valid tickets of the order that are in no refund, never got in and still belong
 * to the order's buyer (a transfer accepted meanwhile takes the ticket out of the buyer's hands:
 * the conditional update re-reads the row after the acceptance's commit, so a withdrawal and an
 * acceptance racing for one ticket have one outcome). Throws DomainError('ticket_not_refundable',
 * { ticketId, reason: 'transferred' }) when one of them was transferred meanwhile, else
 * DomainError('refund_already_requested') when one was taken meanwhile.
 */
export async function tieTicketsToRefund(
  tx: Tx,
  refundId: string,
  order: Pick<OrderRow, 'id' | 'userId'>,
  ticketIds: string[],
): Promise<void> {
  const tied = await tx
    .update(tickets)
    .set({ refundId })
    .where(
      and(
        inArray(tickets.id, ticketIds),
        eq(tickets.orderId, order.id),
        isNull(tickets.refundId),
        eq(tickets.status, 'valid'),
        sql`${tickets.checkedInAt} IS NULL`,
        order.userId === null ? sql`true` : eq(tickets.userId, order.userId),
      ),
    )
    .returning({ id: tickets.id });
  if (tied.length === ticketIds.length) return;
  const left = await tx
    .select({ id: tickets.id, userId: tickets.userId })
    .from(tickets)
    .where(
      inArray(
        tickets.id,
        ticketIds.filter((id) => !tied.some((t) => t.id === id)),
      ),
    );
  const moved = left.find((ticket) => isTransferredAway(order, ticket));
  if (moved) throw new DomainError('ticket_not_refundable', { ticketId: moved.id, reason: 'transferred' });
  throw new DomainError('refund_already_requested');
}
