import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { moveHoldings, pendingUnitsSql } from './cpf-holdings';
import { releaseCouponHold, returnUnits } from './inventory';

/** Why an unpaid order ends: its hold ran out, its payment failed for good, or the buyer (or an event cancellation) gave it up. */
export type ReleaseStatus = 'expired' | 'failed' | 'cancelled';

/**
 * Ends a `pending` order without payment and returns its held units and coupon use through the
 * inventory module. Does nothing when the order is no longer pending, so it is safe to race with
 * a confirmation: the order row lock makes them take turns and exactly one wins.
 * Returns true when this call released the order.
 */
export async function releaseOrder(db: Db | Tx, orderId: string, status: ReleaseStatus, now: Date): Promise<boolean> {
  return db.transaction((tx) => releaseOrderInTx(tx, { orderId }, status, now));
}

/** releaseOrder inside the caller's transaction, finding the order by id or by the provider's payment id. */
export async function releaseOrderInTx(
  tx: Tx,
  ref: { orderId: string } | { paymentId: string },
  status: ReleaseStatus,
  now: Date,
): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ status, updatedAt: now })
    .where(and('orderId' in ref ? eq(orders.id, ref.orderId) : eq(orders.paymentId, ref.paymentId), eq(orders.status, 'pending')))
    .returning({ id: orders.id, couponId: orders.couponId });
  if (!released) return false;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, released.id));
  await returnUnits(tx, items, now);
  await moveHoldings(tx, pendingUnitsSql(sql`o.id = ${released.id}::uuid`), -1);
  if (released.couponId) await releaseCouponHold(tx, released.couponId);
  return true;
}

/**
 * Records why a card attempt on a pending order failed (the provider's decline), shown when the
 * buyer comes back; the order stays pending so another card may be tried while the hold lasts,
 * as with a provider's PaymentIntent back in 'requires_payment_method'. `message` is pt-BR.
 */
export async function recordPaymentFailure(tx: Db | Tx, paymentId: string, message: string | null, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentError: message ?? 'Erro no pagamento', updatedAt: now })
    .where(and(eq(orders.paymentId, paymentId), eq(orders.status, 'pending')));
}
