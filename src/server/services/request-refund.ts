import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../shared/errors';
import type { MyRefund, RequestRefundInput } from '../../shared/schemas/refunds';
import { decideRefundEligibility, refundAmountCentavos } from '../domain/refunds';
import type { Db } from '../db/client';
import { events, orders, refunds, tickets } from '../db/schema';

/**
 * A buyer asks for the refund of one of their own orders (SPEC.md section 2 'Refund request',
 * PRODUCT.md 'Buying'): locks the order row, decides with decideRefundEligibility and stores a
 * 'pending' refund of the order's total actually paid (centavos; the client sends no amount)
 * with the trimmed reason. `now` (UTC) decides whether the event is over.
 *
 * Throws DomainError: 'order_not_found' when the order does not exist or belongs to someone
 * else; 'refund_already_requested' when an open request exists, including a concurrent one
 * caught by the unique index `refunds_one_open_per_order`; 'order_not_refundable' with
 * `details.reason` (a RefundIneligibility) for any other refusal.
 */
export async function requestRefund(db: Db, userId: string, input: RequestRefundInput, now: Date = new Date()): Promise<MyRefund> {
  try {
    return await db.transaction(async (tx) => {
      // The row lock makes concurrent requests for one order take turns.
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)))
        .for('update');
      if (!order) throw new DomainError('order_not_found');
      // One connection: queries on a transaction run one after the other.
      const [event] = await tx.select().from(events).where(eq(events.id, order.eventId));
      const ticketRows = await tx.select({ checkedInAt: tickets.checkedInAt }).from(tickets).where(eq(tickets.orderId, order.id));
      const refundRows = await tx.select({ status: refunds.status }).from(refunds).where(eq(refunds.orderId, order.id));
      const decision = decideRefundEligibility({
        order,
        tickets: ticketRows,
        event,
        refundStatuses: refundRows.map((r) => r.status),
        now,
      });
      if (!decision.eligible) {
        if (decision.reason === 'already_requested') throw new DomainError('refund_already_requested');
        throw new DomainError('order_not_refundable', { reason: decision.reason });
      }
      const [refund] = await tx
        .insert(refunds)
        .values({ orderId: order.id, userId, amountCentavos: refundAmountCentavos(order), reason: input.reason, requestedAt: now })
        .returning();
      return {
        id: refund.id,
        orderId: refund.orderId,
        eventTitle: event.title,
        amountCentavos: refund.amountCentavos,
        reason: refund.reason,
        status: refund.status,
        requestedAt: refund.requestedAt.toISOString(),
        processedAt: null,
        adminNotes: null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'refunds_one_open_per_order')) throw new DomainError('refund_already_requested');
    throw error;
  }
}

// PostgreSQL's unique_violation (23505), as `pg` and PGlite raise it, possibly wrapped by Drizzle.
function isUniqueViolation(error: unknown, constraint: string): boolean {
  let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}
