import { isEventPast } from '../../shared/dates';
import type { RefundIneligibility, RefundStatus } from '../../shared/schemas/refunds';
import type { OrderStatus } from '../../shared/ticket-status';

/** Refund statuses that keep an order from getting another request (a rejected one does not). */
export const OPEN_REFUND_STATUSES: readonly RefundStatus[] = ['pending', 'approved', 'processed'];

export interface RefundEligibilityInput {
  order: { status: OrderStatus; totalCentavos: number };
  /** The tickets the order issued; `checkedInAt` is the accepted entry at the door, or null. */
  tickets: { checkedInAt: Date | null }[];
  /** The event's calendar date and wall times in America/Sao_Paulo. */
  event: { date: string; startTime: string; endTime: string | null };
  /** Statuses of every refund already requested for the order. */
  refundStatuses: RefundStatus[];
  now: Date;
}

export type RefundEligibility = { eligible: true } | { eligible: false; reason: RefundIneligibility };

/**
 * Decides whether the buyer may ask for a refund of a whole order now. Checks, in order:
 * an open (pending, approved or processed) refund for the order -> 'already_requested'
 * (a rejected request does not count, so the buyer may ask again); order refunded /
 * cancelled / otherwise not completed -> 'refunded' / 'cancelled' / 'not_paid'; nothing paid
 * (total 0) -> 'nothing_to_refund'; any of its tickets checked in -> 'checked_in'; the event
 * over at `now` (isEventPast, São Paulo time) -> 'event_past'.
 * Sources: SPEC.md section 4 'Refund eligibility: order_status completed and not yet
 * validated'; PRODUCT.md 'Buying' (refunds) for the rest. Throws only what isEventPast throws
 * for a malformed event date or time (DomainError('validation_failed')).
 */
export function decideRefundEligibility(input: RefundEligibilityInput): RefundEligibility {
  const { order } = input;
  if (input.refundStatuses.some((s) => OPEN_REFUND_STATUSES.includes(s))) {
    return { eligible: false, reason: 'already_requested' };
  }
  if (order.status === 'refunded' || order.status === 'cancelled') return { eligible: false, reason: order.status };
  if (order.status !== 'completed') return { eligible: false, reason: 'not_paid' };
  if (order.totalCentavos <= 0) return { eligible: false, reason: 'nothing_to_refund' };
  if (input.tickets.some((t) => t.checkedInAt !== null)) return { eligible: false, reason: 'checked_in' };
  if (isEventPast(input.event, input.now)) return { eligible: false, reason: 'event_past' };
  return { eligible: true };
}

/**
 * What a refund of the order pays back, in centavos: the order's total actually paid (after
 * any coupon), as stored by the server. PRODUCT.md 'Buying': an amount sent by a client is
 * never trusted. SPEC.md section 5's unit_price x quantity is the same sum before a discount.
 */
export function refundAmountCentavos(order: { totalCentavos: number }): number {
  return order.totalCentavos;
}
