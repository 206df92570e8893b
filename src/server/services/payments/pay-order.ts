import { and, eq } from 'drizzle-orm';
import type { CardPaymentInput, OrderView } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { orders } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { confirmPayment } from './confirm-payment';
import { groupedRunner } from '../../db/grouped';
import { preparedStatement } from '../../db/client';
import { fromRow } from '../../db/rows';
import { recordPaymentFailure, releaseOrder, releaseOrderInTx } from '../orders/release-order';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { loadOrderView, toOrderView } from '../orders/order-view';

async function loadOwnPendingOrder(deps: ServiceDeps, orderId: string, userId: string, now: Date) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return assertPayable(deps, order, now);
}

/**
 * The order if it can still be paid. Throws DomainError: order_not_found (none, or someone
 * else's), order_expired (its hold ended: a pending one is released now), order_not_pending.
 */
async function assertPayable(deps: ServiceDeps, order: typeof orders.$inferSelect | undefined, now: Date) {
  if (!order) throw new DomainError('order_not_found');
  if (order.status === 'pending' && order.expiresAt <= now) {
    await releaseOrder(deps.db, order.id, 'expired', now);
    throw new DomainError('order_expired');
  }
  if (order.status === 'expired') throw new DomainError('order_expired');
  if (order.status !== 'pending') throw new DomainError('order_not_pending');
  return order;
}

const readOrders = preparedStatement<Record<string, unknown>>('read_orders', 'SELECT * FROM orders WHERE id = ANY($1::uuid[])');

/** Reads of orders arriving together share one query (db/grouped.ts); each only finds its own user's order. */
const readOrderGroup = groupedRunner<{ orderId: string; userId: string }, typeof orders.$inferSelect | undefined>(
  async (db, _key, reads) => {
    const rows = (await readOrders(db, [reads.map((r) => r.orderId)])).map((raw) => fromRow(orders, raw));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return reads.map((read) => {
      const row = byId.get(read.orderId.toLowerCase());
      return row?.userId === read.userId ? row : undefined;
    });
  },
);

/**
 * One order of `userId` in the API shape (GET /api/orders/:id). While it waits for payment it
 * carries again what the browser needs to pay (PIX code, or the client secret with Stripe), so
 * a pending order can be resumed from 'Meus ingressos' (docs/rules/sale.md 'Pending orders').
 * Throws DomainError('order_not_found') for an order of someone else or none.
 */
export async function getMyOrder(deps: ServiceDeps, userId: string, orderId: string): Promise<OrderView> {
  const [own] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!own) throw new DomainError('order_not_found');
  return (await loadOrderView(deps, orderId, { fetchInstructions: true }))!;
}

/**
 * Sandbox only: pays a pending card order of `userId` with the test card form (
 * docs/rules/sale.md 'Payment': card, 1-6 instalments). Approved: the order is confirmed and returned. Declined:
 * as with a provider's PaymentIntent, the order stays pending with the reason recorded, so the
 * buyer may try another card while the hold lasts (nothing is sold; the units stay held until it
 * is paid, cancelled or expires), and DomainError('payment_declined' or 'card_invalid') is thrown
 * with the provider's reason. Throws not_found when a real provider runs (card data never
 * reaches this server then).
 */
export async function payOrderWithCard(
  deps: ServiceDeps,
  userId: string,
  orderId: string,
  card: CardPaymentInput,
  now: Date = new Date(),
): Promise<OrderView> {
  const chargeCard = deps.payments.chargeCard;
  if (!chargeCard) throw new DomainError('not_found');
  const order = await loadOwnPendingOrder(deps, orderId, userId, now);
  if (order.paymentMethod !== 'card' || !order.paymentId) throw new DomainError('payment_method_invalid');
  const [month, year] = card.expiry.split('/').map(Number);
  const result = await chargeCard(
    order.paymentId,
    order.totalCentavos,
    { number: card.cardNumber, holderName: card.holderName, expMonth: month, expYear: year, cvc: card.cvc },
    now,
  );
  if (result.outcome === 'declined') {
    const error = new DomainError(result.code, { field: result.code === 'card_invalid' ? 'cardNumber' : undefined }, result.message);
    await recordPaymentFailure(deps.db, order.paymentId, error.message, now);
    throw error;
  }
  await confirmPayment(deps, { orderId: order.id }, now);
  return (await loadOrderView(deps, order.id))!;
}

/**
 * Sandbox only (docs/rules/sale.md 'Payment'): simulates the bank confirming the PIX payment of a pending
 * order of `userId`, exactly as a provider's confirmation would. Throws not_found when a real
 * provider runs.
 */
export async function simulatePixPayment(deps: ServiceDeps, userId: string, orderId: string, now: Date = new Date()): Promise<OrderView> {
  if (!deps.payments.isSandbox) throw new DomainError('not_found');
  const order = await assertPayable(deps, await readOrderGroup(deps.db, 'orders', { orderId, userId }), now);
  if (order.paymentMethod !== 'pix') throw new DomainError('payment_method_invalid');
  // Exactly as a provider's webhook confirms it (confirm-payment.ts confirmOrders).
  const { completed } = await confirmPayment(deps, { orderId: order.id, eventId: order.eventId }, now);
  // The answer from what the confirmation wrote: no query to read it back.
  if (completed) return toOrderView(completed.order, completed.event, completed.items, deps.payments.isSandbox);
  return (await loadOrderView(deps, order.id))!;
}

/**
 * The buyer gives up a pending order of theirs (docs/rules/sale.md 'Pending orders'): its units and coupon use
 * return at once, and its provider payment is cancelled so it can no longer be paid (a payment
 * that still gets through is refunded or honoured as a late one). Cancelling an order already
 * cancelled answers it again. Throws DomainError: order_not_found; order_not_pending when it was
 * paid (or ended) meanwhile. The cancellation is recorded in the audit trail by `actor`, in its
 * transaction (docs/rules/audit.md 'What is recorded').
 */
export async function cancelMyOrder(
  deps: ServiceDeps,
  userId: string,
  orderId: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<OrderView> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError('order_not_found');
  if (order.status === 'cancelled') return (await loadOrderView(deps, order.id))!;
  const released = await deps.db.transaction(async (tx) => {
    if (!(await releaseOrderInTx(tx, { orderId: order.id }, 'cancelled', now))) return false;
    await recordAudit(tx, actor, {
      action: 'order.cancelled',
      objectType: 'order',
      objectId: order.id,
      eventId: order.eventId,
      orderId: order.id,
      subjectUserId: userId,
      changes: { status: { before: 'pending', after: 'cancelled' }, totalCentavos: order.totalCentavos },
    });
    return true;
  });
  if (!released) throw new DomainError('order_not_pending');
  if (order.paymentId) {
    try {
      await deps.payments.cancelPayment(order.paymentId);
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'could not cancel the provider payment of a cancelled order');
    }
  }
  return (await loadOrderView(deps, order.id))!;
}
