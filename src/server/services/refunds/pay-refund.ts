import { and, eq } from 'drizzle-orm';
import { orders, refunds } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { markRefundPaymentFailed, notifyRefundPaid, recordRefundPaid } from './process-refund';

/**
 * The provider's idempotency key of one attempt at paying a refund back: `refund:<refund id>` for
 * the first (the key every refund had before attempts were counted), `refund:<refund id>:<n>` for
 * the n-th. A key answers its first answer again at the provider, a failure included, so an
 * attempt after a failure needs a key of its own.
 */
function refundIdempotencyKey(refundId: string, attempt: number): string {
  return attempt === 1 ? `refund:${refundId}` : `refund:${refundId}:${attempt}`;
}

/**
 * Pays an approved refund back through the payment provider (docs/rules/refunds.md 'Paying a refund back': an approved
 * refund is paid back through the provider, 'processed' once the provider confirms), on its own
 * payment when it has one (another payment of its order, `refunds.payment_id`), else on its
 * order's. The call to the provider runs outside any transaction (it holds no connection or row
 * lock while it waits); the call right after the approval and the worker's retries (job
 * 'refund_payment', services/jobs.ts) may overlap, and the idempotency key of the refund's
 * current attempt (refundIdempotencyKey, `refunds.payment_attempt`) makes them one refund: a
 * retry after a lost answer never pays twice.
 *
 * The provider's refund id is stored, in a short transaction that changes only a refund still
 * 'approved' and still at that attempt; the refund becomes 'processed' when the provider answers
 * 'succeeded' (the sandbox, most cards), or later when its webhook says so (`charge.refunded`,
 * `refund.updated`; a PIX refund takes a while). When the provider answers 'failed' (a closed
 * card, say), the failure is recorded on the refund and its next attempt made due
 * (markRefundPaymentFailed): only then does a retry use a new key, so two attempts never both
 * pay. Nothing to pay back (0 centavos) is 'processed' without a provider call.
 *
 * Returns true when the provider was asked (or nothing was owed), false when there was nothing
 * to do (already paid back, not approved, unknown). Throws what the provider throws, an Error
 * when it answers 'failed' (after recording it), or when there is no provider payment: the
 * refund stays 'approved' and the worker retries with backoff. `now` is a UTC instant.
 */
export async function payRefund(deps: Pick<ServiceDeps, 'db' | 'payments'>, refundId: string, now: Date = new Date()): Promise<boolean> {
  const { db } = deps;
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund || refund.status !== 'approved') return false;
  if (refund.amountCentavos === 0) {
    await db.transaction(async (tx) => {
      const [stored] = await tx
        .update(refunds)
        .set({ status: 'processed' })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'approved')))
        .returning({ id: refunds.id });
      if (stored) await recordRefundPaid(tx, refund.id);
    });
    return true;
  }
  const [order] = await db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, refund.orderId));
  const paymentId = refund.paymentId ?? order?.paymentId;
  if (!paymentId) throw new Error(`refund ${refund.id}: its order has no provider payment to pay back`);
  const attempt = refund.paymentAttempt;
  const paid = await deps.payments.refund(paymentId, refund.amountCentavos, { idempotencyKey: refundIdempotencyKey(refund.id, attempt) });
  if (paid.status === 'failed') {
    const reason = paid.failureReason ?? null;
    await db.transaction((tx) =>
      markRefundPaymentFailed(tx, { refundId: refund.id, attempt, providerRefundId: paid.refundId }, reason, now, { queueRetry: false }),
    );
    throw new Error(
      `refund ${refund.id}: the provider answered 'failed' to attempt ${attempt} (${paid.refundId}, ${reason ?? 'no reason'}); the next attempt takes a new key`,
    );
  }
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .update(refunds)
      .set({
        providerRefundId: paid.refundId,
        status: paid.status === 'succeeded' ? 'processed' : 'approved',
        paymentFailedAt: null,
        paymentFailureReason: null,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'approved'), eq(refunds.paymentAttempt, attempt)))
      .returning({ id: refunds.id });
    // The overlapping call that stored it first told the buyer.
    if (stored && paid.status === 'succeeded') await notifyRefundPaid(tx, refund.id, now);
  });
  return true;
}
