import { and, eq } from 'drizzle-orm';
import type { CardPaymentInput, OrderView } from '../../shared/schemas/orders';
import { DomainError } from '../../shared/errors';
import { orders } from '../db/schema';
import type { ServiceDeps } from './deps';
import { confirmPayment } from './confirm-payment';
import { releaseOrder } from './release-order';
import { loadOrderView } from './order-view';

async function loadOwnPendingOrder(deps: ServiceDeps, orderId: string, userId: string, now: Date) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError('order_not_found');
  if (order.status === 'pending' && order.expiresAt <= now) {
    await releaseOrder(deps.db, order.id, 'expired', now);
    throw new DomainError('order_expired');
  }
  if (order.status === 'expired') throw new DomainError('order_expired');
  if (order.status !== 'pending') throw new DomainError('order_not_pending');
  return order;
}

/**
 * Pays a pending card order of `userId` (SPEC.md section 7 'Payment': card, 1-6 instalments).
 * Approved: the order is confirmed and the completed order returned. Declined: the order becomes
 * `failed`, its units return to stock (nothing is sold) and DomainError('payment_declined' or
 * 'card_invalid') is thrown with the provider's reason.
 */
export async function payOrderWithCard(
  deps: ServiceDeps,
  userId: string,
  orderId: string,
  card: CardPaymentInput,
  now: Date = new Date(),
): Promise<OrderView> {
  const order = await loadOwnPendingOrder(deps, orderId, userId, now);
  if (order.paymentMethod !== 'card' || !order.paymentId) throw new DomainError('payment_method_invalid');
  const [month, year] = card.expiry.split('/').map(Number);
  const result = await deps.payments.chargeCard(
    order.paymentId,
    order.totalCentavos,
    { number: card.cardNumber, holderName: card.holderName, expMonth: month, expYear: year, cvc: card.cvc },
    now,
  );
  if (result.outcome === 'declined') {
    await releaseOrder(deps.db, order.id, 'failed', now);
    throw new DomainError(result.code, { field: result.code === 'card_invalid' ? 'cardNumber' : undefined }, result.message);
  }
  await confirmPayment(deps, { orderId: order.id }, now);
  return (await loadOrderView(deps.db, order.id, deps.payments.isSandbox))!;
}

/**
 * Sandbox only (PRODUCT.md 'Buying'): simulates the bank confirming the PIX payment of a pending
 * order of `userId`, exactly as a provider's confirmation would. Throws not_found when a real
 * provider runs.
 */
export async function simulatePixPayment(
  deps: ServiceDeps,
  userId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<OrderView> {
  if (!deps.payments.isSandbox) throw new DomainError('not_found');
  const order = await loadOwnPendingOrder(deps, orderId, userId, now);
  if (order.paymentMethod !== 'pix') throw new DomainError('payment_method_invalid');
  await confirmPayment(deps, { orderId: order.id }, now);
  return (await loadOrderView(deps.db, order.id, deps.payments.isSandbox))!;
}
