import type { CouponPreviewInput } from '../../../shared/schemas/admin-content';
import type { CouponPreview } from '../../../shared/schemas/orders';
import type { Db } from '../../db/client';
import { quoteOrder } from '../orders/quote-order';

/**
 * What the checkout would charge with a coupon, before any order exists (the 'Aplicar' button of
 * the checkout dialog): the quote of services/orders/quote-order.ts with the code (the same rules
 * as placing the order, nothing held). Money in centavos; the total includes the service fee.
 * Throws what quoteOrder throws: event_*, no_tickets_selected, ticket_type_*, validation_failed,
 * and with { field: 'couponCode' }: coupon_invalid, coupon_not_started, coupon_expired,
 * coupon_other_event, coupon_exhausted, coupon_min_purchase.
 */
export async function previewCoupon(db: Db, input: CouponPreviewInput, now: Date = new Date()): Promise<CouponPreview> {
  const quote = await quoteOrder(db, { ...input, paymentMethod: 'pix', installments: 1 }, now);
  return {
    code: input.couponCode.trim().toUpperCase(),
    discountCentavos: quote.discountCentavos,
    subtotalCentavos: quote.subtotalCentavos,
    totalCentavos: quote.totalCentavos,
  };
}
