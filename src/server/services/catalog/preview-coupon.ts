import { eq } from 'drizzle-orm';
import type { CouponPreviewInput } from '../../../shared/schemas/admin-content';
import type { CouponPreview } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { isEventPast } from '../../../shared/dates';
import { normalizeCouponCode, priceOrder } from '../../domain/pricing';
import type { Db } from '../../db/client';
import { coupons, events, ticketTypes } from '../../db/schema';

/**
 * What the checkout would charge with a coupon, before any order exists (the 'Aplicar' button
 * of the checkout dialog). Prices the lines exactly as placeOrder does: the stored prices and
 * domain/pricing priceOrder, with the uses already held by unpaid orders counted as taken.
 * Holds nothing: placing the order checks everything again.
 * Throws DomainError: event_not_found, event_finished, no_tickets_selected,
 * ticket_type_not_found, ticket_type_sold_out, validation_failed { field: 'quantity' }, and
 * with { field: 'couponCode' }: coupon_invalid (unknown or inactive code), coupon_not_started,
 * coupon_expired, coupon_other_event, coupon_exhausted, coupon_min_purchase.
 */
export async function previewCoupon(db: Db, input: CouponPreviewInput, now: Date = new Date()): Promise<CouponPreview> {
  const [event] = await db.select().from(events).where(eq(events.id, input.eventId));
  if (!event || !event.isPublished) throw new DomainError('event_not_found');
  if (isEventPast({ date: event.date, startTime: event.startTime, endTime: event.endTime }, now)) {
    throw new DomainError('event_finished');
  }
  const typeRows = await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id));
  const code = normalizeCouponCode(input.couponCode);
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!row) throw new DomainError('coupon_invalid', { field: 'couponCode' });
  const priced = priceOrder({
    eventId: event.id,
    lines: input.items,
    ticketTypes: typeRows,
    coupon: { ...row, currentUses: row.currentUses + row.heldUses },
    now,
  });
  return {
    code: row.code,
    discountCentavos: priced.discountCentavos,
    subtotalCentavos: priced.subtotalCentavos,
    totalCentavos: priced.totalCentavos,
  };
}
