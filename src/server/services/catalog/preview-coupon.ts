import { eq } from 'drizzle-orm';
import type { CouponPreviewInput } from '../../../shared/schemas/admin-content';
import type { CouponPreview } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { normalizeCouponCode } from '../../domain/pricing';
import { decideOrder } from '../../domain/sale';
import type { Db } from '../../db/client';
import { coupons, events, ticketTypes } from '../../db/schema';

/**
 * What the checkout would charge with a coupon, before any order exists (the 'Aplicar' button
 * of the checkout dialog). Decided by the sale's own rule (domain/sale decideOrder: the event on
 * sale, the lines, the stored prices and stock, the coupon with the uses held by unpaid orders
 * counted as taken), on the rows as they are now, without locking or holding anything: placing
 * the order decides everything again. Money in centavos.
 * Throws DomainError: event_not_found, event_cancelled, event_finished, no_tickets_selected,
 * ticket_type_not_found, ticket_type_sold_out, validation_failed { field: 'quantity' }, and
 * with { field: 'couponCode' }: coupon_invalid (unknown or inactive code), coupon_not_started,
 * coupon_expired, coupon_other_event, coupon_exhausted, coupon_min_purchase.
 */
export async function previewCoupon(db: Db, input: CouponPreviewInput, now: Date = new Date()): Promise<CouponPreview> {
  const [event] = await db.select().from(events).where(eq(events.id, input.eventId));
  const typeRows = event ? await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id)) : [];
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, normalizeCouponCode(input.couponCode)));
  const { priced } = decideOrder(
    {
      event: event ? { ...event, isCancelled: event.cancelledAt !== null } : null,
      ticketTypes: typeRows,
      couponsByCode: new Map(coupon ? [[coupon.code, coupon]] : []),
    },
    { lines: input.items, paymentMethod: 'pix', installments: 1, couponCode: input.couponCode },
    now,
  );
  if (!coupon) throw new DomainError('coupon_invalid', { field: 'couponCode' });
  return {
    code: coupon.code,
    discountCentavos: priced.discountCentavos,
    subtotalCentavos: priced.subtotalCentavos,
    totalCentavos: priced.totalCentavos,
  };
}
