import { eventInstant, isEventPast } from '../../shared/dates';
import type { RefundIneligibility } from '../../shared/schemas/refunds';
import type { OrderStatus } from '../../shared/ticket-status';

/** A ticket as refund rules see it. */
export interface RefundTicketState {
  id: string;
  status: 'valid' | 'refunded' | 'cancelled';
  /** The accepted entry at the door, or null. */
  checkedInAt: Date | null;
  /** The open refund (pending, approved or processed) the ticket belongs to, or null. */
  refundId: string | null;
  /**
   * The ticket now belongs to another account than its order's buyer (a transfer was accepted:
   * tickets.user_id). The buyer's refund and withdrawal cover only the tickets still theirs.
   */
  transferredAway?: boolean;
}

export interface TicketRefundInput {
  order: { status: OrderStatus };
  ticket: RefundTicketState;
  /** What refunding the ticket pays back, in centavos (ticketRefundAmounts). */
  amountCentavos: number;
  /** The event's calendar date and wall times in America/Sao_Paulo, and whether it was cancelled. */
  event: { date: string; startTime: string; endTime: string | null; cancelledAt: Date | null };
  now: Date;
}

export type RefundEligibility = { eligible: true } | { eligible: false; reason: RefundIneligibility };

/**
 * Decides whether the buyer may ask for the refund of one ticket now (docs/rules/refunds.md 'Refund requests':
 * refunds for the whole order or for single unused tickets). Checks, in order: order not paid
 * -> 'not_paid' (a refunded or cancelled order -> 'refunded' / 'cancelled'); ticket in an open
 * request -> 'already_requested'; ticket refunded / cancelled -> 'refunded' / 'cancelled'; the
 * ticket cost nothing -> 'nothing_to_refund'; the ticket was transferred to another account ->
 * 'transferred' (only its current holder may act on it; the buyer's money follows the tickets
 * still theirs); checked in -> 'checked_in'; the event over at `now`
 * (isEventPast, São Paulo time) -> 'event_past'. A cancelled event is refunded by the organizer,
 * so its tickets read 'cancelled'. Source: docs/rules/refunds.md 'Refund eligibility'.
 * Throws only what isEventPast throws for a malformed date.
 */
export function decideTicketRefund(input: TicketRefundInput): RefundEligibility {
  const { order, ticket } = input;
  if (order.status === 'refunded' || order.status === 'cancelled') return { eligible: false, reason: order.status };
  if (order.status !== 'completed') return { eligible: false, reason: 'not_paid' };
  if (ticket.refundId !== null && ticket.status === 'valid') return { eligible: false, reason: 'already_requested' };
  if (ticket.status === 'refunded') return { eligible: false, reason: 'refunded' };
  if (ticket.status === 'cancelled' || input.event.cancelledAt) return { eligible: false, reason: 'cancelled' };
  if (input.amountCentavos <= 0) return { eligible: false, reason: 'nothing_to_refund' };
  if (ticket.transferredAway) return { eligible: false, reason: 'transferred' };
  if (ticket.checkedInAt !== null) return { eligible: false, reason: 'checked_in' };
  if (isEventPast(input.event, input.now)) return { eligible: false, reason: 'event_past' };
  return { eligible: true };
}

/**
 * Why a whole order cannot be refunded, from its tickets' reasons: an open request on any of
 * them reads 'already_requested' ('Já solicitado'), otherwise the first ticket's reason; an
 * order with no tickets reads from its status.
 */
export function orderRefundReason(order: { status: OrderStatus }, ticketReasons: RefundIneligibility[]): RefundIneligibility {
  if (ticketReasons.includes('already_requested')) return 'already_requested';
  if (ticketReasons.length > 0) return ticketReasons[0];
  if (order.status === 'refunded' || order.status === 'cancelled') return order.status;
  return 'not_paid';
}

/** Days after the purchase in which a buyer may withdraw from it (CDC art. 49; Decreto 7.962/2013 art. 5). */
const WITHDRAWAL_DAYS = 7;

/** Hours before the event's start after which a purchase can no longer be withdrawn on its own. */
const WITHDRAWAL_CLOSES_HOURS_BEFORE = 48;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when a change of the event's date, time or venue (`changedAt`, events.changed_at) lets a
 * buyer who paid before it withdraw: WITHDRAWAL_DAYS x 24 h after the change, and no later than
 * the event's start. Null when there was no such change after the payment.
 */
function changeWindowEnd(input: { paidAt: Date; event: { date: string; startTime: string; changedAt?: Date | null } }): number | null {
  const changedAt = input.event.changedAt;
  if (!changedAt || changedAt.getTime() <= input.paidAt.getTime()) return null;
  return Math.min(changedAt.getTime() + WITHDRAWAL_DAYS * DAY_MS, eventInstant(input.event.date, input.event.startTime).getTime());
}

/**
 * Until when the buyer may withdraw from a purchase on their own, refunded at once with no
 * decision by the organizer (CDC art. 49 and Decreto 7.962/2013 art. 5: 7 days from the purchase
 * made online; docs/rules/refunds.md 'Withdrawal (CDC art. 49)': while the event is more than 48 hours away, so its seats can still be
 * sold): the earlier of `paidAt` + WITHDRAWAL_DAYS x 24 h and the event's start (date and time
 * in America/Sao_Paulo) less WITHDRAWAL_CLOSES_HOURS_BEFORE. When the organizer changed the
 * event's date, time or venue after the payment (`event.changedAt`), the buyer did not agree to
 * the new terms: the window is also open for 7 days after the change (up to the start), and the
 * later of the two deadlines counts. Returns that UTC instant, or null when it has passed at `now`.
 */
export function withdrawalDeadline(input: {
  paidAt: Date;
  event: { date: string; startTime: string; changedAt?: Date | null };
  now: Date;
}): Date | null {
  const byPurchase = input.paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS;
  const byEvent = eventInstant(input.event.date, input.event.startTime).getTime() - WITHDRAWAL_CLOSES_HOURS_BEFORE * 60 * 60 * 1000;
  const deadline = Math.max(Math.min(byPurchase, byEvent), changeWindowEnd(input) ?? -Infinity);
  return input.now.getTime() <= deadline ? new Date(deadline) : null;
}

/**
 * Whether a refund decided at `now` (UTC instant) pays back the service fee (Procon-MG fined a
 * ticketer in 2026 for keeping it on withdrawals). Always on the event's cancellation by the
 * organizer (`eventCancelled`: the event paid for does not happen) and on the
 * withdrawal the product offers, i.e. while withdrawalDeadline is open at `now` for this payment
 * (CDC art. 49 and Decreto 7.962/2013 art. 5: within WITHDRAWAL_DAYS x 24 h of `paidAt`, the
 * order's creation when it has none, and more than WITHDRAWAL_CLOSES_HOURS_BEFORE before the
 * start; or within 7 days of a change of the event's date, time or venue made after the
 * payment). The same decision 'Cancelar compra' (services/refunds/withdraw-purchase.ts) is
 * allowed by, so a refund the withdrawal would refuse does not return the fee either. Otherwise
 * only when the organizer chose to (`feeRefundable`, events.service_fee_refundable).
 */
export function isFeeRefunded(input: {
  paidAt: Date;
  now: Date;
  eventCancelled: boolean;
  feeRefundable: boolean;
  event: { date: string; startTime: string; changedAt?: Date | null };
}): boolean {
  if (input.eventCancelled || input.feeRefundable) return true;
  return withdrawalDeadline({ paidAt: input.paidAt, event: input.event, now: input.now }) !== null;
}

/**
 * What refunding each ticket of an order pays back, in centavos: its unit price less its share
 * of the order's discount, plus the service fee it was charged when `includeFee` (isFeeRefunded).
 * The discount is shared among the full-price tickets (a half-price one
 * never had a coupon) in proportion to their prices, floored, and the centavos left over go to
 * the first tickets, so the amounts of all tickets add up exactly to the order's total actually
 * paid (docs/rules/sale.md 'Buying': an amount sent by a client is never trusted). `units` in a stable
 * order (ticket creation); `unitFeeCentavos` counts only when the order charged its fee
 * (`feeCentavos` > 0). Returns a map ticket id -> centavos.
 */
export function ticketRefundAmounts(
  order: { subtotalCentavos: number; discountCentavos: number; feeCentavos?: number },
  units: { ticketId: string; unitPriceCentavos: number; unitFeeCentavos?: number; meiaPrice?: boolean }[],
  options: { includeFee: boolean },
): Map<string, number> {
  const amounts = new Map<string, number>();
  const fee = (unit: (typeof units)[number]) => (options.includeFee ? ticketFeeCentavos(order, unit) : 0);
  const discounted = units.map((u) => !u.meiaPrice);
  const subtotal = units.reduce((sum, u, i) => sum + (discounted[i] ? u.unitPriceCentavos : 0), 0);
  const discount = Math.min(order.discountCentavos, subtotal);
  const shares = units.map((u, i) => (discount === 0 || !discounted[i] ? 0 : Math.floor((discount * u.unitPriceCentavos) / subtotal)));
  let left = discount - shares.reduce((sum, s) => sum + s, 0);
  for (let i = 0; left > 0 && i < units.length; i++) {
    if (discounted[i] && shares[i] < units[i].unitPriceCentavos) {
      shares[i]++;
      left--;
    }
  }
  units.forEach((unit, i) => amounts.set(unit.ticketId, unit.unitPriceCentavos - shares[i] + fee(unit)));
  return amounts;
}

/**
 * The service fee one ticket was charged, in centavos: its `unitFeeCentavos` when the order
 * charged its fee to the buyer (`feeCentavos` > 0), 0 when the organizer absorbed it.
 */
export function ticketFeeCentavos(order: { feeCentavos?: number }, unit: { unitFeeCentavos?: number }): number {
  return (order.feeCentavos ?? 0) > 0 ? (unit.unitFeeCentavos ?? 0) : 0;
}
