import { eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { OrderView } from '../../../shared/schemas/orders';
import { orders } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { loadOrderView } from './order-view';

/**
 * The order behind a payment provider's session id (docs/screens.md 'Payment success': the page the
 * provider sends the buyer back to), in the API shape. `sessionId` is matched exactly against
 * `orders.payment_id` (the caller trims it). Throws DomainError('order_not_found') for a blank id
 * or one no order carries; null only if the order vanished between the two reads. The answer
 * leaves out the buyer's e-mail: the page is public and the id travels in URLs.
 */
export async function getOrderByPaymentSession(
  deps: Pick<ServiceDeps, 'db' | 'payments' | 'log'>,
  sessionId: string,
): Promise<OrderView | null> {
  if (!sessionId) throw new DomainError('order_not_found');
  const [row] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, sessionId));
  if (!row) throw new DomainError('order_not_found');
  const view = await loadOrderView(deps, row.id);
  return view && { ...view, buyerEmail: null };
}
