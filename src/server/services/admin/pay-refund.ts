import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import type { ServiceDeps } from '../deps';

/** Outbox kind of the job that pays an approved refund back (see src/server/worker.ts). */
export const REFUND_PAYMENT_OUTBOX_KIND = 'refund_payment';

/**
 * Pays an approved refund back through the payment provider and marks it 'processed' with the
 * provider's refund id (PRODUCT.md 'Buying': an approved refund is paid back through the
 * provider). Runs inside the caller's transaction `tx` and locks the refund row first, so the
 * call right after the approval and the worker's retry (outbox kind 'refund_payment') take
 * turns: whichever comes second finds it 'processed' and does nothing. The refund id is the
 * provider's idempotency key, so a retry after a lost answer never pays twice. Nothing to pay
 * back (0 centavos) is marked 'processed' without a provider call.
 *
 * Returns true when this call processed the refund, false when it was not 'approved' (already
 * processed, or unknown). Throws what the provider throws (the refund stays 'approved'), or an
 * Error when the order has no provider payment to pay back.
 */
export async function payRefund(deps: Pick<ServiceDeps, 'payments'>, tx: Tx, refundId: string): Promise<boolean> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund || refund.status !== 'approved') return false;
  let providerRefundId: string | null = null;
  if (refund.amountCentavos > 0) {
    const [order] = await tx.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, refund.orderId));
    if (!order?.paymentId) throw new Error(`refund ${refund.id}: its order has no provider payment to pay back`);
    const paid = await deps.payments.refund(order.paymentId, refund.amountCentavos, { idempotencyKey: `refund_${refund.id}` });
    providerRefundId = paid.refundId;
  }
  await tx.update(refunds).set({ status: 'processed', providerRefundId }).where(eq(refunds.id, refund.id));
  return true;
}
