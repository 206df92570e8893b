import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { formatCentavos } from '../../../shared/money';
import type { AdminRefund } from '../../../shared/schemas/admin-refunds';
import { events, orders, refunds, tickets } from '../../db/schema';
import { voidTickets } from '../orders/void-tickets';
import type { Tx } from '../../db/client';
import { notifyUser } from '../notifications/notify-user';
import type { ServiceDeps } from '../deps';
import { getAdminRefund } from './list-refunds';
import { payRefund } from './pay-refund';
import { enqueueJobs } from '../jobs';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/** How long the worker waits before retrying a payment the approval could not make at once. */
const REFUND_PAYMENT_RETRY_MS = 60_000;

export interface DecideRefundCommand {
  refundId: string;
  decision: 'approve' | 'reject';
  /** The admin deciding (users.id). */
  adminId: string;
  /** Shown to the buyer; null for none. */
  adminNotes: string | null;
  /** Who decides, for the audit trail (docs/rules/audit.md 'What is recorded'). */
  actor: AuditActor;
}

/**
 * An admin approves or rejects a pending refund request (docs/rules/refunds.md 'Refund status':
 * only pending moves to approved or rejected, setting processed_at, processed_by and the
 * optional admin_notes; docs/rules/refunds.md 'Paying a refund back': an approved refund is paid back, its tickets stop
 * admitting and the units return to stock).
 *
 * One transaction decides, with the conditional `UPDATE refunds ... WHERE status = 'pending'`,
 * so of concurrent decisions exactly one wins. Approving also, in that transaction: marks the
 * refund's tickets 'refunded' (the door then refuses them with 'Ingresso reembolsado'), refuses
 * when one of them already got in at the door, returns their units to stock (inventory.ts),
 * marks the order 'refunded' when no ticket of it is left valid, and queues the payment job
 * (job 'refund_payment'). Rejecting frees the tickets for another request. The coupon use of the order stays counted: the coupon was spent
 * on a sale that happened, and `max_uses` bounds how many discounted sales a promotion makes,
 * refunded or not. Both decisions notify the buyer in the app ('Reembolso aprovado' /
 * 'Reembolso recusado', linking to /refund-request).
 *
 * After the commit an approval pays the money back through the provider (payRefund); the refund
 * becomes 'processed' when the provider confirms it (at once in the sandbox, by the
 * `charge.refunded` webhook with Stripe); if the provider cannot be reached it stays 'approved'
 * and the worker retries; if the provider answers that the refund failed, the failure is shown
 * in the back office and the worker retries with a new idempotency key (payRefund).
 * `now` is the UTC instant recorded as processed_at.
 *
 * Returns the refund as the back office sees it. Throws DomainError: 'refund_not_found';
 * 'refund_not_pending' when it was already decided (by this admin or another);
 * 'order_not_refundable' (details.reason 'order_status' or 'checked_in') when approving an
 * order that is no longer paid or whose ticket already got in; nothing changes then.
 */
export async function decideRefund(deps: ServiceDeps, command: DecideRefundCommand, now: Date = new Date()): Promise<AdminRefund> {
  const { db } = deps;
  const approve = command.decision === 'approve';

  await db.transaction(async (tx) => {
    // The order row first: the lock order of confirmations and event cancellations (orders,
    // then refunds, tickets and stock), so an approval and a cancellation never deadlock.
    const [target] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, command.refundId));
    const [order] = target
      ? await tx.select({ eventId: orders.eventId }).from(orders).where(eq(orders.id, target.orderId)).for('update')
      : [];
    const [refund] = await tx
      .update(refunds)
      .set({ status: approve ? 'approved' : 'rejected', processedBy: command.adminId, processedAt: now, adminNotes: command.adminNotes })
      .where(and(eq(refunds.id, command.refundId), eq(refunds.status, 'pending')))
      .returning();
    if (!refund) {
      const [existing] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, command.refundId));
      throw new DomainError(existing ? 'refund_not_pending' : 'refund_not_found');
    }
    await recordAudit(tx, command.actor, {
      action: approve ? 'refund.approved' : 'refund.rejected',
      objectType: 'refund',
      objectId: refund.id,
      eventId: order?.eventId,
      orderId: refund.orderId,
      subjectUserId: refund.userId,
      changes: {
        status: { before: 'pending', after: refund.status },
        amountCentavos: refund.amountCentavos,
        ticketCount: refund.ticketCount,
        ...(command.adminNotes ? { adminNotes: command.adminNotes } : {}),
      },
    });
    // A rejected request frees its tickets: the buyer may ask again.
    if (!approve) await tx.update(tickets).set({ refundId: null }).where(eq(tickets.refundId, refund.id));
    if (approve) {
      await refundTickets(tx, refund.id, refund.orderId, now);
      await enqueueJobs(
        tx,
        [{ kind: 'refund_payment', payload: { refundId: refund.id }, runAfter: new Date(now.getTime() + REFUND_PAYMENT_RETRY_MS) }],
        now,
      );
    }
    if (refund.userId) {
      const [event] = await tx
        .select({ title: events.title })
        .from(orders)
        .innerJoin(events, eq(events.id, orders.eventId))
        .where(eq(orders.id, refund.orderId));
      await notifyUser(
        tx,
        {
          userId: refund.userId,
          type: 'event',
          ...decisionNotification(approve, formatCentavos(refund.amountCentavos), event.title, command.adminNotes),
          actionUrl: '/refund-request',
        },
        now,
      );
    }
  });

  if (approve) {
    try {
      await payRefund(deps, command.refundId);
    } catch (error) {
      // The outbox row written with the approval retries it; the refund stays 'approved'.
      deps.log.warn({ err: error, refundId: command.refundId }, 'refund payment failed; the worker will retry');
    }
  }

  const decided = await getAdminRefund(db, command.refundId);
  if (!decided) throw new DomainError('refund_not_found');
  return decided;
}

/**
 * Approves the tickets of a refund through the one voider (orders/void-tickets.ts voidTickets):
 * they become 'refunded' (the door then refuses them with 'Ingresso reembolsado'), their units
 * return to stock through the inventory module (to the waiting list first where people wait), and
 * the order becomes 'refunded' once none of its tickets is left valid. Throws
 * DomainError('order_not_refundable') when the order is no longer paid (reason 'order_status') or
 * one of the tickets already got in at the door (reason 'checked_in').
 */
export async function refundTickets(tx: Tx, refundId: string, orderId: string, now: Date) {
  // The order row first: the lock order of confirmations and cancellations (orders, tickets, stock).
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.status !== 'completed') throw new DomainError('order_not_refundable', { reason: 'order_status' });
  const tied = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.refundId, refundId), eq(tickets.status, 'valid')));
  await voidTickets(tx, { orderId, ticketIds: tied.map((t) => t.id), status: 'refunded', now, refuseAdmitted: true });
}

function decisionNotification(approve: boolean, amount: string, eventTitle: string, adminNotes: string | null) {
  if (approve) {
    return {
      title: 'Reembolso aprovado',
      message: `Seu reembolso de ${amount} para ${eventTitle} foi aprovado e será devolvido pela mesma forma de pagamento.${adminNotes ? ` Observações: ${adminNotes}` : ''}`,
    };
  }
  return {
    title: 'Reembolso recusado',
    message: `Seu pedido de reembolso de ${amount} para ${eventTitle} foi recusado.${adminNotes ? ` Motivo: ${adminNotes}` : ''}`,
  };
}
