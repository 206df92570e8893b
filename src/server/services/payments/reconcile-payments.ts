import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { confirmPayment } from './confirm-payment';
import { returnHoldsOfOrders } from '../orders/inventory';
import { releaseOrder } from '../orders/release-order';
import { requestPayment } from './request-payment';
import { withDeadline } from '../../lib/deadline';

/** A pending order with no provider payment this long after it was placed was cut off mid-way (a crash). */
export const UNFINISHED_ORDER_AFTER_MS = 30_000;
/** How long a pending order waits for its webhook before the provider is asked, and between asks. */
export const RECONCILE_AFTER_MS = 60_000;
/** Orders handled per round and step, so one round stays short. */
const BATCH = 100;

export interface ReconcileSummary {
  /** Orders whose provider payment was created again after a crash. */
  recovered: number;
  /** Orders confirmed because the provider said they were paid (a webhook late or lost). */
  confirmed: number;
  /** Orders whose hold ended unpaid, units and coupon uses returned. */
  expired: number;
}

/**
 * The background upkeep of pending orders (docs/architecture.md 'Flow of a purchase', steps 4-5,
 * issue 'a lost webhook must not lose a sale'), one round:
 *
 * 1. Finishes what a crash cut off: a pending order with no provider payment, placed more than
 *    UNFINISHED_ORDER_AFTER_MS ago, asks the provider again with the same idempotency key
 *    (`order:<id>:create`, so the provider answers with the payment it may already have made);
 *    if the provider refuses, the order is released as 'failed' at once.
 * 2. With a real provider, asks about pending orders whose webhook is late (older than
 *    RECONCILE_AFTER_MS, asked at most that often): paid ones are confirmed as a webhook would,
 *    with the amount and currency the provider reports checked against the order.
 * 3. Ends holds that ran out: with a real provider each order is asked about once more (paid ->
 *    confirmed; else its payment is cancelled so it can no longer be paid, then it expires); the
 *    sandbox, which has nothing to ask, expires them all in one statement. Units and coupon uses
 *    go back through the inventory module.
 *
 * Step 3 is expireOverdueOrders; `options.expire: false` leaves it out (the running worker runs it
 * in a loop of its own). `now` is a UTC instant. Provider failures are logged and retried next
 * round; never throws for them.
 */
export async function reconcilePayments(
  deps: ServiceDeps,
  now: Date = new Date(),
  options: { expire?: boolean } = {},
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { recovered: 0, confirmed: 0, expired: 0 };
  const { db, payments } = deps;

  const unfinished = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.paymentId),
        sql`${orders.totalCentavos} > 0`,
        lt(orders.createdAt, new Date(now.getTime() - UNFINISHED_ORDER_AFTER_MS)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  for (const order of unfinished) {
    if (order.expiresAt <= now) continue; // step 3 ends it
    if (await requestPayment(deps, order, now)) summary.recovered++;
  }

  if (!payments.isSandbox) {
    const late = await db
      .select({ id: orders.id, paymentId: orders.paymentId })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          sql`${orders.paymentId} IS NOT NULL`,
          lt(orders.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        ),
      )
      .orderBy(asc(orders.updatedAt))
      .limit(BATCH);
    for (const order of late) {
      try {
        const status = await payments.getPaymentState(order.paymentId!);
        if (status.state === 'succeeded') {
          const { outcome } = await confirmPayment(deps, { orderId: order.id, paymentId: order.paymentId!, amounts: status }, now);
          if (outcome === 'completed') summary.confirmed++;
          // Paid another amount: not this order's payment; asked again later, expired with its hold.
          if (outcome !== 'payment_mismatch') continue;
        }
        if (status.state === 'canceled' && (await releaseOrder(db, order.id, 'failed', now))) continue;
        await db
          .update(orders)
          .set({ updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
      } catch (error) {
        deps.log.warn({ err: error, orderId: order.id }, 'reconciliation: provider not reachable; will ask again');
      }
    }
  }

  if (options.expire !== false) {
    const ended = await expireOverdueOrders(deps, now);
    summary.expired += ended.expired;
    summary.confirmed += ended.confirmed;
  }
  return summary;
}

/**
 * How long the hold expiry waits for the provider's answer about one order (is it paid? cancel
 * its payment) before expiring it anyway, in ms: a provider outage must not keep units held.
 */
const EXPIRY_ASK_TIMEOUT_MS = 10_000;
/** Orders whose provider is asked at the same time while their holds are ended. */
const EXPIRY_ASKS_AT_ONCE = 8;

/**
 * Step 3 of reconcilePayments on its own (the worker runs it in a loop of its own, so neither
 * the outbox nor a slow provider delays it): ends the holds that ran out at `now` (UTC instant).
 * The sandbox, which has nothing to ask, expires them all in one statement; with a real provider
 * each order (up to 100 per call, EXPIRY_ASKS_AT_ONCE at a time) is asked about once more, at
 * most EXPIRY_ASK_TIMEOUT_MS: paid -> confirmed (an amount other than its total, in BRL, does not
 * pay for it: it expires); else its payment is cancelled so it can no longer
 * be paid, then it expires (also when the provider does not answer in time: a payment that
 * still arrives is honoured or refunded by the confirmation). Units and coupon uses go back
 * through the inventory module. Returns how many expired and how many turned out paid.
 */
export async function expireOverdueOrders(deps: ServiceDeps, now: Date = new Date()): Promise<{ expired: number; confirmed: number }> {
  const { db, payments } = deps;
  if (payments.isSandbox) return { expired: await expireAllOverdue(deps, now), confirmed: 0 };
  const overdue = await db
    .select({ id: orders.id, paymentId: orders.paymentId })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);
  const result = { expired: 0, confirmed: 0 };
  const endOne = async (order: { id: string; paymentId: string | null }) => {
    try {
      if (order.paymentId) {
        const paymentId = order.paymentId;
        const paid = await withDeadline(
          (async () => {
            const status = await payments.getPaymentState(paymentId);
            if (status.state === 'succeeded') return status;
            await payments.cancelPayment(paymentId);
            return null;
          })(),
          EXPIRY_ASK_TIMEOUT_MS,
          `provider about order ${order.id}`,
        );
        if (paid) {
          const { outcome } = await confirmPayment(deps, { orderId: order.id, paymentId, amounts: paid }, now);
          if (outcome === 'completed') result.confirmed++;
          // Paid another amount than the order's: it does not pay for it, so the hold ends.
          if (outcome !== 'payment_mismatch') return;
        }
      }
    } catch (error) {
      // Expire anyway: the units must not stay held; a payment that still arrives is honoured or refunded.
      deps.log.warn({ err: error, orderId: order.id }, 'reconciliation: could not ask or cancel before expiry');
    }
    if (await releaseOrder(db, order.id, 'expired', now)) result.expired++;
  };
  for (let i = 0; i < overdue.length; i += EXPIRY_ASKS_AT_ONCE) await Promise.all(overdue.slice(i, i + EXPIRY_ASKS_AT_ONCE).map(endOne));
  return result;
}

/** Expires every pending order past its hold in one transaction; returns how many. */
async function expireAllOverdue(deps: ServiceDeps, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const expired = await queryRows<{ id: string }>(
      tx,
      sql`
      UPDATE orders SET status = 'expired', updated_at = ${now}
      WHERE id IN (
        SELECT id FROM orders WHERE status = 'pending' AND expires_at < ${now}
        ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED
      )
      RETURNING id`,
    );
    await returnHoldsOfOrders(
      tx,
      expired.map((r) => r.id),
    );
    return expired.length;
  });
}
