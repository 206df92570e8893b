import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { coupons, orderItems, orders, ticketTypes } from '../db/schema';

/**
 * Ends a `pending` order without payment (`expired`, `failed` or `cancelled`) and returns its
 * held units and coupon use. Does nothing when the order is no longer pending, so it is safe to
 * race with a confirmation: exactly one of them wins the `status = 'pending'` update.
 * Returns true when this call released the order.
 */
export async function releaseOrder(
  db: Db | Tx,
  orderId: string,
  status: 'expired' | 'failed' | 'cancelled',
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(orders)
      .set({ status, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id, couponId: orders.couponId });
    if (!released) return false;
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    for (const item of items) {
      if (!item.ticketTypeId) continue;
      await tx
        .update(ticketTypes)
        .set({ remaining: sql`${ticketTypes.remaining} + ${item.quantity}` })
        .where(eq(ticketTypes.id, item.ticketTypeId));
    }
    if (released.couponId) {
      await tx
        .update(coupons)
        .set({ heldUses: sql`${coupons.heldUses} - 1` })
        .where(eq(coupons.id, released.couponId));
    }
    return true;
  });
}
