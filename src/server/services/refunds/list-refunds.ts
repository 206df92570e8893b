import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_REFUNDS_PAGE_SIZE,
  type AdminRefund,
  type AdminRefundList,
  type ListAdminRefundsQuery,
} from '../../../shared/schemas/admin-refunds';
import type { Db, Tx } from '../../db/client';
import { events, orders, profiles, refunds, users } from '../../db/schema';

const buyerAccounts = alias(users, 'buyer_accounts');
const deciders = alias(users, 'deciders');
const deciderProfiles = alias(profiles, 'decider_profiles');

/** Rows of `refunds` joined with what the back office shows; `where` narrows them. */
async function selectAdminRefunds(db: Db | Tx, where: SQL | undefined, page: { limit: number; offset: number }): Promise<AdminRefund[]> {
  const rows = await db
    .select({
      refund: refunds,
      event: { id: events.id, title: events.title, date: events.date, startTime: events.startTime },
      order: { buyerName: orders.buyerName, buyerEmail: orders.buyerEmail, paymentMethod: orders.paymentMethod },
      buyerEmail: buyerAccounts.email,
      buyerName: profiles.fullName,
      deciderEmail: deciders.email,
      deciderName: sql<string | null>`coalesce(${deciderProfiles.fullName}, ${deciders.name})`,
      ticketCount: refunds.ticketCount,
      hasCheckedInTicket: sql<boolean>`EXISTS (SELECT 1 FROM tickets t WHERE t.refund_id = ${refunds.id} AND t.checked_in_at IS NOT NULL)`,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(buyerAccounts, eq(buyerAccounts.id, refunds.userId))
    .leftJoin(profiles, eq(profiles.id, refunds.userId))
    .leftJoin(deciders, eq(deciders.id, refunds.processedBy))
    .leftJoin(deciderProfiles, eq(deciderProfiles.id, refunds.processedBy))
    .where(where)
    .orderBy(desc(refunds.requestedAt), desc(refunds.id))
    .limit(page.limit)
    .offset(page.offset);

  return rows.map((row) => ({
    id: row.refund.id,
    orderId: row.refund.orderId,
    status: row.refund.status,
    origin: row.refund.origin,
    amountCentavos: row.refund.amountCentavos,
    reason: row.refund.reason,
    requestedAt: row.refund.requestedAt.toISOString(),
    processedAt: row.refund.processedAt ? row.refund.processedAt.toISOString() : null,
    processedBy: row.deciderEmail ? { name: row.deciderName ?? row.deciderEmail, email: row.deciderEmail } : null,
    adminNotes: row.refund.adminNotes,
    providerRefundId: row.refund.providerRefundId,
    paymentFailure:
      row.refund.status === 'approved' && row.refund.paymentFailedAt
        ? {
            failedAt: row.refund.paymentFailedAt.toISOString(),
            reason: row.refund.paymentFailureReason,
            failedAttempts: row.refund.paymentAttempt - 1,
          }
        : null,
    event: row.event,
    buyer: { name: row.buyerName ?? row.order.buyerName, email: row.buyerEmail ?? row.order.buyerEmail },
    paymentMethod: row.order.paymentMethod,
    ticketCount: Number(row.ticketCount),
    hasCheckedInTicket: row.hasCheckedInTicket === true || String(row.hasCheckedInTicket) === 't',
  }));
}

/**
 * The refund requests for the back office (docs/rules/refunds.md 'Refund requests', admin: refunds with order
 * and event title, optional status filter, newest request first), one page of
 * ADMIN_REFUNDS_PAGE_SIZE, with the number of refunds in each status for the filter.
 * Each carries the buyer (account name and e-mail), who decided and when, who started it, whether
 * a ticket of the order already got in, and, while a new attempt at paying it back is due, the
 * provider's failure of the last one. Amounts in centavos, instants UTC ISO 8601. The caller checks
 * that the user is an admin.
 */
export async function listAdminRefunds(db: Db, query: ListAdminRefundsQuery): Promise<AdminRefundList> {
  const where = query.status ? eq(refunds.status, query.status) : undefined;
  const page = query.page;
  const [list, countRows] = await Promise.all([
    selectAdminRefunds(db, where, { limit: ADMIN_REFUNDS_PAGE_SIZE, offset: (page - 1) * ADMIN_REFUNDS_PAGE_SIZE }),
    db.select({ status: refunds.status, value: count() }).from(refunds).groupBy(refunds.status),
  ]);
  const counts: AdminRefundList['counts'] = { all: 0, pending: 0, approved: 0, rejected: 0, processed: 0 };
  for (const row of countRows) {
    counts[row.status] = Number(row.value);
    counts.all += Number(row.value);
  }
  return {
    refunds: list,
    page,
    pageSize: ADMIN_REFUNDS_PAGE_SIZE,
    total: query.status ? counts[query.status] : counts.all,
    counts,
  };
}

/** One refund as the back office sees it, or null when there is none with that id. */
export async function getAdminRefund(db: Db | Tx, refundId: string): Promise<AdminRefund | null> {
  const [refund] = await selectAdminRefunds(db, eq(refunds.id, refundId), { limit: 1, offset: 0 });
  return refund ?? null;
}
