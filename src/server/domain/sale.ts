import { DomainError } from '../../shared/errors';
import { isEventPast } from '../../shared/dates';
import { assertInstallments, normalizeCouponCode, priceOrder, type CouponRule, type PricedOrder, type PricingTicketType } from './pricing';

/** The event of a sale as read with its row locked: what decides whether it is on sale. `date` 'yyyy-MM-dd', times 'HH:mm[:ss]' (America/Sao_Paulo). */
export interface SaleEvent {
  id: string;
  isPublished: boolean;
  isCancelled: boolean;
  date: string;
  startTime: string;
  endTime: string | null;
}

/** A coupon as read with its row locked; `heldUses` are unpaid orders holding a use. */
export type SaleCoupon = CouponRule & { id: string; heldUses: number };

/** What one buyer asks for: the lines, the payment choice and the coupon code as typed. */
export interface OrderRequest {
  lines: { ticketTypeId: string; quantity: number }[];
  paymentMethod: 'pix' | 'card';
  installments: number;
  couponCode?: string | null;
}

/**
 * The state a group of orders of one event is decided against (services/orders/place-order.ts
 * reads it with the rows locked): the event, every ticket type of the event with what remains,
 * and the coupons the requests name, keyed by normalised code. decideSale changes `remaining` and
 * `heldUses` as it accepts orders, so each later request sees what the earlier ones took.
 */
export interface SaleState {
  event: SaleEvent | null;
  ticketTypes: PricingTicketType[];
  couponsByCode: Map<string, SaleCoupon>;
}

/** What decideSale says of one request: placed at a price (and the coupon whose use it holds), or refused with the error to answer. */
export type SaleDecision = { accepted: true; priced: PricedOrder; couponId: string | null } | { accepted: false; error: DomainError };

/**
 * Refuses a sale for an event that is not on sale: missing or unpublished (event_not_found),
 * cancelled (event_cancelled), over (event_finished, shared/dates isEventPast). The coupon
 * preview and the sale both ask this (PRODUCT.md 'Buying').
 */
export function assertOnSale(event: SaleEvent | null, now: Date): asserts event is SaleEvent {
  if (!event || !event.isPublished) throw new DomainError('event_not_found');
  if (event.isCancelled) throw new DomainError('event_cancelled');
  if (isEventPast({ date: event.date, startTime: event.startTime, endTime: event.endTime }, now)) throw new DomainError('event_finished');
}

/**
 * Decides one order against the state of its event, without changing the state. Checks, in
 * order: the instalments (1..6, and 1 for PIX: installments_invalid); the event on sale
 * (assertOnSale); the lines, ticket types and stock (domain/pricing priceOrder: validation_failed,
 * no_tickets_selected, ticket_type_not_found, ticket_type_sold_out); the coupon (coupon_invalid
 * for an unknown code, then applyCoupon's rules with the uses held by unpaid orders counted as
 * taken). Returns the priced order; throws the DomainError that refuses it. Money in centavos.
 */
export function decideOrder(state: SaleState, request: OrderRequest, now: Date): { priced: PricedOrder; coupon: SaleCoupon | null } {
  assertInstallments(request.installments);
  if (request.paymentMethod === 'pix' && request.installments !== 1) throw new DomainError('installments_invalid', { field: 'installments' });
  assertOnSale(state.event, now);
  let coupon: SaleCoupon | null = null;
  if (request.couponCode) {
    coupon = state.couponsByCode.get(normalizeCouponCode(request.couponCode)) ?? null;
    if (!coupon) throw new DomainError('coupon_invalid', { field: 'couponCode' });
  }
  const priced = priceOrder({
    eventId: state.event.id,
    lines: request.lines,
    ticketTypes: state.ticketTypes,
    coupon: coupon && { ...coupon, currentUses: coupon.currentUses + coupon.heldUses },
    now,
  });
  return { priced, coupon };
}

/**
 * Decides the orders of one event that arrive together, first come first served (ARCHITECTURE.md
 * 'Flow of a purchase'): each request in turn through decideOrder against what the earlier
 * accepted ones left; an accepted order takes its units out of `state.ticketTypes[].remaining`
 * and one use of its coupon (`heldUses`). A refused request takes nothing and is answered its
 * error. This is the one place the sale's rules are decided; the service only loads and locks
 * the state before and writes what was accepted after. Returns one decision per request, in order.
 */
export function decideSale(state: SaleState, requests: OrderRequest[], now: Date): SaleDecision[] {
  const typesById = new Map(state.ticketTypes.map((type) => [type.id, type]));
  return requests.map((request): SaleDecision => {
    try {
      const { priced, coupon } = decideOrder(state, request, now);
      for (const item of priced.items) typesById.get(item.ticketTypeId)!.remaining -= item.quantity;
      if (coupon) coupon.heldUses += 1;
      return { accepted: true, priced, couponId: coupon?.id ?? null };
    } catch (error) {
      if (error instanceof DomainError) return { accepted: false, error };
      throw error;
    }
  });
}
