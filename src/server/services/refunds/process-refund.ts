import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { formatCentavos } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { notifyUser } from '../notifications/notify-user';
import { events, orders, refunds } from '../../db/schema';
import { enqueueJobs } from '../jobs';
import { recordAudit, systemActor } from '../audit/record-audit';

/**
 * Marks approved refunds 'processed' when the provider confirms the money went back
 * (docs/rules/refunds.md 'Paying a refund back'), inside the caller's transaction (a webhook stores its event id in the
 * same one), and tells each buyer. Either one refund by the provider's refund id (`refund.updated`
 * with status 'succeeded'), or by payment: a Charge's `amount_refunded` (centavos, cumulative)
 * covers the payment's refunds (of the order it paid for, or of it as another payment of its
 * order, `refunds.payment_id`) in the order they were paid back, so each approved refund the
 * provider knows of is processed once the cumulative amount reaches it (`charge.refunded`).
 * Refunds already processed are left alone, so any number of deliveries, in any order, agree.
 * Returns how many refunds this call processed.
 */
export async function markRefundsProcessed(
  tx: Tx,
  ref: { providerRefundId: string } | { paymentId: string; amountRefundedCentavos: number },
  now: Date = new Date(),
): Promise<number> {
  if ('providerRefundId' in ref) {
    const done = await tx
      .update(refunds)
      .set({ status: 'processed' })
      .where(and(eq(refunds.providerRefundId, ref.providerRefundId), eq(refunds.status, 'approved')))
      .returning({ id: refunds.id });
    for (const refund of done) await notifyRefundPaid(tx, refund.id, now);
    return done.length;
  }
  // The refunds of that payment: those of the order it paid for, or those of it as another payment of its order.
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, ref.paymentId));
  const ofPayment = order ? and(eq(refunds.orderId, order.id), isNull(refunds.paymentId)) : eq(refunds.paymentId, ref.paymentId);
  const paidBack = await tx
    .select()
    .from(refunds)
    .where(and(ofPayment, isNotNull(refunds.providerRefundId), inArray(refunds.status, ['approved', 'processed'])))
    .orderBy(asc(refunds.processedAt), asc(refunds.requestedAt), asc(refunds.id))
    .for('update');
  let covered = 0;
  let processed = 0;
  for (const refund of paidBack) {
    covered += refund.amountCentavos;
    if (covered > ref.amountRefundedCentavos) break;
    if (refund.status === 'processed') continue;
    await tx.update(refunds).set({ status: 'processed' }).where(eq(refunds.id, refund.id));
    await notifyRefundPaid(tx, refund.id, now);
    processed++;
  }
  return processed;
}

/**
 * Records that the provider failed to pay back an approved refund (docs/rules/refunds.md 'Paying a refund back': an
 * approved refund is paid back), inside the caller's transaction: the refund stays 'approved',
 * `payment_failed_at` (`now`, UTC) and the provider's reason are stored for the back office, and
 * its next attempt is due (`payment_attempt` + 1: a new idempotency key, see pay-refund.ts),
 * queued as job 'refund_payment' when `queueRetry` (a webhook; the worker retries a job that
 * threw by itself). Either the provider's answer to one attempt (`refundId` and the `attempt`
 * it used), or a webhook naming the provider's refund (`refund.failed`), which counts only while
 * no failure is recorded since that refund was stored. So each failure is counted once, however
 * often it is reported. Returns true when it was recorded now.
 */
export async function markRefundPaymentFailed(
  tx: Tx,
  ref: { refundId: string; attempt: number; providerRefundId: string } | { providerRefundId: string },
  failureReason: string | null,
  now: Date,
  options: { queueRetry: boolean },
): Promise<boolean> {
  const which =
    'refundId' in ref
      ? and(eq(refunds.id, ref.refundId), eq(refunds.paymentAttempt, ref.attempt))
      : and(eq(refunds.providerRefundId, ref.providerRefundId), isNull(refunds.paymentFailedAt));
  const [failed] = await tx
    .update(refunds)
    .set({
      paymentAttempt: sql`${refunds.paymentAttempt} + 1`,
      paymentFailedAt: now,
      paymentFailureReason: failureReason,
      providerRefundId: ref.providerRefundId,
    })
    .where(and(which, eq(refunds.status, 'approved')))
    .returning({ id: refunds.id });
  if (!failed) return false;
  if (options.queueRetry) await enqueueJobs(tx, [{ kind: 'refund_payment', payload: { refundId: failed.id } }], now);
  return true;
}

/**
 * The audit trail's 'refund.paid' by the system (docs/rules/audit.md 'What is recorded'), in the
 * transaction that made the refund 'processed'.
 */
export async function recordRefundPaid(tx: Tx, refundId: string): Promise<void> {
  const [row] = await tx
    .select({ userId: refunds.userId, orderId: refunds.orderId, eventId: orders.eventId, amountCentavos: refunds.amountCentavos })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!row) return;
  await recordAudit(tx, systemActor, {
    action: 'refund.paid',
    objectType: 'refund',
    objectId: refundId,
    eventId: row.eventId,
    orderId: row.orderId,
    subjectUserId: row.userId,
    changes: { status: { before: 'approved', after: 'processed' }, amountCentavos: row.amountCentavos },
  });
}

/**
 * What follows a refund becoming 'processed', in its transaction: recordRefundPaid, and the in-app
 * word that the money reached the buyer's payment method ('Reembolso concluído').
 */
export async function notifyRefundPaid(tx: Tx, refundId: string, now: Date): Promise<void> {
  await recordRefundPaid(tx, refundId);
  const [row] = await tx
    .select({ userId: refunds.userId, amountCentavos: refunds.amountCentavos, eventTitle: events.title })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(refunds.id, refundId));
  if (!row?.userId) return;
  await notifyUser(
    tx,
    {
      userId: row.userId,
      type: 'event',
      title: 'Reembolso concluído',
      message: `Devolvemos ${formatCentavos(row.amountCentavos)} de ${row.eventTitle} pela mesma forma de pagamento. No cartão, o valor aparece em até duas faturas.`,
      actionUrl: '/refund-request',
    },
    now,
  );
}
