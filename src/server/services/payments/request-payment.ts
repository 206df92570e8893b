import { eq } from 'drizzle-orm';
import { isConnectionError } from '../../db/client';
import { events, orders } from '../../db/schema';
import type { CreatedPayment } from '../../payments/provider';
import type { ServiceDeps } from '../deps';
import { createProviderPayment } from '../orders/place-order';
import { releaseOrder } from '../orders/release-order';

/**
 * Asks the provider for the payment of a pending order and stores its id and BR Code. The
 * idempotency key `order:<id>:create` makes a repeat (a retry, or the restart that finishes an
 * order a crash cut off) answer with the same payment. When the provider refuses, the order is
 * released as 'failed' at once (its units go back) and null is returned; never throws for that.
 * Throws what the database throws (the order then stays pending without a payment, and
 * reconcile-payments.ts asks again). Returns what the provider answered (payment id, BR Code,
 * client secret). `now` (UTC instant) dates a release.
 */
export async function requestPayment(
  deps: ServiceDeps,
  order: typeof orders.$inferSelect,
  now: Date,
  description?: string,
): Promise<CreatedPayment | null> {
  try {
    const title =
      description ?? (await deps.db.select({ title: events.title }).from(events).where(eq(events.id, order.eventId)))[0]?.title ?? '';
    const payment = await createProviderPayment(deps.payments, order, title);
    await deps.db
      .update(orders)
      .set({ paymentId: payment.paymentId, pixCode: payment.pixCode, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    return payment;
  } catch (error) {
    // The database, not the provider, failed: the order stays pending without a payment, the
    // recovery job finishes it with the same idempotency key, and the buyer gets the 503.
    if (isConnectionError(error)) throw error;
    deps.log.error({ err: error, orderId: order.id }, 'payment provider refused to create a payment');
    await releaseOrder(deps.db, order.id, 'failed', now);
    return null;
  }
}
