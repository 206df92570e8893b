import { desc, eq } from 'drizzle-orm';
import type { MyRefund } from '../../../shared/schemas/refunds';
import type { Db } from '../../db/client';
import { events, orders, refunds } from '../../db/schema';

/**
 * The refund requests of one user, newest first (docs/rules/refunds.md 'Refund requests': own refunds by
 * user_id), each with its event's title, amount in centavos, status and the admin's notes.
 * Instants are UTC ISO 8601 strings.
 */
export async function listMyRefunds(db: Db, userId: string): Promise<MyRefund[]> {
  const rows = await db
    .select({ refund: refunds, eventTitle: events.title })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(refunds.userId, userId))
    .orderBy(desc(refunds.requestedAt), desc(refunds.id));
  return rows.map(({ refund, eventTitle }) => ({
    id: refund.id,
    orderId: refund.orderId,
    eventTitle,
    amountCentavos: refund.amountCentavos,
    ticketCount: refund.ticketCount,
    reason: refund.reason,
    status: refund.status,
    requestedAt: refund.requestedAt.toISOString(),
    processedAt: refund.processedAt ? refund.processedAt.toISOString() : null,
    adminNotes: refund.adminNotes,
  }));
}
