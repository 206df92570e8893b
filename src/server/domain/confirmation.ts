import type { OrderStatus } from '../../shared/schemas/orders';

/**
 * What a confirmed payment does to its order (docs/architecture.md 'Flow of a purchase' steps 4-5):
 * - 'complete': a pending order of an event still on: completed, its tickets issued;
 * - 'hold_again': paid after its hold ended (expired, failed, cancelled): completed if its units
 *   (and coupon use) can be held again, else refunded;
 * - 'refund': paid, but its event was cancelled: refunded in full;
 * - 'already_completed': paid before (a redelivery, or two confirmations at once): nothing;
 * - 'refunded_late': refunded as a late payment before: nothing;
 * - 'not_confirmable': nothing to do.
 */
export type ConfirmationStep = 'complete' | 'hold_again' | 'refund' | 'already_completed' | 'refunded_late' | 'not_confirmable';

/**
 * Decides what a confirmed payment does to an order, from its status as read with its row locked
 * and whether its event is cancelled. Checks, in order: completed (or refunded after being
 * completed: `completedAt` set) -> 'already_completed'; refunded -> 'refunded_late'; a status no
 * payment can move -> 'not_confirmable'; event cancelled -> 'refund'; pending -> 'complete';
 * otherwise (expired, failed, cancelled) -> 'hold_again'. The one place this rule is decided;
 * services/payments/confirm-payment.ts carries it out for every provider.
 */
export function decideConfirmation(order: { status: OrderStatus; completedAt: Date | null }, isEventCancelled: boolean): ConfirmationStep {
  if (order.status === 'completed' || (order.status === 'refunded' && order.completedAt)) return 'already_completed';
  if (order.status === 'refunded') return 'refunded_late';
  if (order.status !== 'pending' && order.status !== 'expired' && order.status !== 'failed' && order.status !== 'cancelled')
    return 'not_confirmable';
  if (isEventCancelled) return 'refund';
  return order.status === 'pending' ? 'complete' : 'hold_again';
}
