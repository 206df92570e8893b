import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { CashDrawerView } from '../../../shared/schemas/box-office';
import { queryRows, type Db } from '../../db/client';
import { enqueueJobs } from '../jobs';
import { voidTickets } from '../orders/void-tickets';
import { listDrawerViews } from './drawers';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Refunds a whole box-office sale at the box office: its tickets stop admitting (status
 * 'refunded'), its units go back to the lots they came from (the one voider, orders/void-tickets.ts
 * voidTickets: meia units leave the sector's half_taken, and where people wait the units go to the
 * waiting list), the order becomes 'refunded' and a refund of its total is
 * recorded. Cash is paid back from the sale's drawer there and then (refund 'processed', counted
 * against the drawer's expected amount), so that drawer must be open; a card-machine sale is paid
 * back on the machine ('processed'); a PIX sale through the provider (refund 'approved', job
 * 'refund_payment'). Only the drawer's operator, or an admin (`operatorId` null). `now` UTC.
 * Throws DomainError: order_not_found; order_not_refundable (not completed, or a ticket already
 * admitted); drawer_closed (a cash sale whose drawer was closed). `actor` is who refunds, recorded
 * on the refund and in the audit trail (docs/rules/audit.md 'What is recorded').
 */
export async function refundBoxOfficeSale(
  db: Db,
  operatorId: string | null,
  actor: AuditActor,
  orderId: string,
  now: Date = new Date(),
): Promise<CashDrawerView> {
  const drawerId = await db.transaction(async (tx) => {
    const [order] = await queryRows<{
      id: string;
      status: string;
      total_centavos: number;
      payment_method: string;
      drawer_id: string;
      operator_id: string | null;
      closed_at: Date | null;
      event_id: string;
    }>(
      tx,
      sql`
      SELECT o.id, o.status, o.total_centavos, o.payment_method, o.drawer_id, d.operator_id, d.closed_at, o.event_id
      FROM orders o JOIN cash_drawers d ON d.id = o.drawer_id WHERE o.id = ${orderId}::uuid AND o.channel = 'box_office' FOR UPDATE OF o`,
    );
    if (!order || (operatorId !== null && order.operator_id !== operatorId)) throw new DomainError('order_not_found');
    if (order.status !== 'completed') throw new DomainError('order_not_refundable');
    if (order.payment_method === 'cash' && order.closed_at) throw new DomainError('drawer_closed');
    // The tickets, then their sectors (voidTickets): the lock order of every refund.
    const tickets = await queryRows<{ id: string; checked_in_at: Date | null }>(
      tx,
      sql`SELECT id, checked_in_at FROM tickets WHERE order_id = ${orderId}::uuid FOR UPDATE`,
    );
    if (tickets.some((t) => t.checked_in_at)) throw new DomainError('order_not_refundable', { reason: 'checked_in' });
    const paidBack = order.payment_method !== 'pix';
    const [refund] = await queryRows<{ id: string }>(
      tx,
      sql`
      INSERT INTO refunds (order_id, user_id, amount_centavos, ticket_count, reason, status, requested_at, processed_at, processed_by, origin)
      VALUES (${orderId}::uuid, NULL, ${order.total_centavos}, ${tickets.length}, 'Devolução na bilheteria', ${paidBack ? 'processed' : 'approved'}, ${now}, ${now}, ${actor.userId}, 'request')
      RETURNING id`,
    );
    await voidTickets(tx, { orderId, ticketIds: tickets.map((t) => t.id), status: 'refunded', refundId: refund.id, now });
    await recordAudit(tx, actor, {
      action: 'box_office.refund',
      objectType: 'order',
      objectId: orderId,
      eventId: order.event_id,
      orderId,
      changes: {
        status: { before: 'completed', after: 'refunded' },
        amountCentavos: Number(order.total_centavos),
        paymentMethod: order.payment_method,
        ticketCount: tickets.length,
      },
    });
    if (!paidBack) await enqueueJobs(tx, [{ kind: 'refund_payment', payload: { refundId: refund.id } }], now);
    return order.drawer_id;
  });
  const [view] = await listDrawerViews(db, { drawerId });
  return view;
}
