import { DomainError } from '../../shared/errors';
import { MAX_INSTALLMENTS, formatInstallmentLabel, splitInstallments } from '../../shared/money';

/** Most units of one ticket type a single order may take. */
export const MAX_QUANTITY_PER_TICKET_TYPE = 20;

/** A coupon as the back office stores it (docs/data-model.md 'Coupons'). Money in centavos. */
export interface CouponRule {
  code: string;
  discountType: 'percentage' | 'fixed';
  /** Percentage points (1..100) for 'percentage', centavos for 'fixed'. */
  discountValue: number;
  minPurchaseCentavos: number | null;
  maxUses: number | null;
  currentUses: number;
  validFrom: Date | null;
  validUntil: Date | null;
  isActive: boolean;
  /** null: valid for every event. */
  eventId: string | null;
}

export interface InstallmentOption {
  count: number;
  /** The first (largest) instalment, centavos. */
  amountCentavos: number;
  /** e.g. '3x de R$ 33,34 sem juros'. */
  label: string;
}

/** Why a code cannot be used, in the order couponRefusal checks. */
export type CouponRefusal = 'coupon_invalid' | 'coupon_not_started' | 'coupon_expired' | 'coupon_other_event' | 'coupon_exhausted';

/**
 * Whether a coupon or pre-sale code may be used at `now` (UTC instant) for `eventId`, whatever it
 * is used for; the first reason it may not, in this order: 'coupon_invalid' (not active),
 * 'coupon_not_started' (before validFrom), 'coupon_expired' (after validUntil; the window is
 * inclusive), 'coupon_other_event' (a code of another event), 'coupon_exhausted' (currentUses
 * plus `heldUses`, the uses held by orders waiting for payment (coupons.held_uses), reach
 * maxUses). Null: it may be used. The one reading of a code's validity (the coupons table,
 * db/schema/sales.ts): applyCoupon and unlocksSector both decide through it.
 */
export function couponRefusal(coupon: CouponRule, eventId: string, now: Date, heldUses = 0): CouponRefusal | null {
  if (!coupon.isActive) return 'coupon_invalid';
  if (coupon.validFrom && now.getTime() < coupon.validFrom.getTime()) return 'coupon_not_started';
  if (coupon.validUntil && now.getTime() > coupon.validUntil.getTime()) return 'coupon_expired';
  if (coupon.eventId !== null && coupon.eventId !== eventId) return 'coupon_other_event';
  if (coupon.maxUses !== null && coupon.currentUses + heldUses >= coupon.maxUses) return 'coupon_exhausted';
  return null;
}

/** A pre-sale code as the sale reads it: its rule, the hidden sector it unlocks, and its uses held by unpaid orders. */
export type UnlockingCode = CouponRule & { unlocksSectorId: string | null; heldUses: number };

/**
 * Whether `code` unlocks the pre-sale sector `sectorId` (ticket_types.hidden_without_code) of
 * `eventId` at `now` (UTC instant): it names that sector (coupons.unlocks_ticket_type_id) and
 * couponRefusal finds nothing, its held uses counted. A code not yet valid, expired, inactive or
 * used up unlocks nothing. The event page lists the sector on this decision
 * (services/catalog/get-event.ts) and the sale sells it on the same one (assertUnlocksSector).
 */
export function unlocksSector(code: UnlockingCode | null | undefined, sectorId: string, eventId: string, now: Date): boolean {
  return !!code && code.unlocksSectorId === sectorId && couponRefusal(code, eventId, now, code.heldUses) === null;
}

/**
 * The sale's side of unlocksSector, for an order line of a pre-sale sector: throws
 * DomainError('ticket_type_not_found', { sectorId }) when `code` does not name the sector
 * (to whoever lacks its code the sector does not exist), and DomainError(couponRefusal's reason,
 * { field: 'couponCode' }) when it names it but cannot be used at `now`, so the buyer reads why.
 */
export function assertUnlocksSector(code: UnlockingCode | null | undefined, sectorId: string, eventId: string, now: Date): void {
  if (unlocksSector(code, sectorId, eventId, now)) return;
  if (!code || code.unlocksSectorId !== sectorId) throw new DomainError('ticket_type_not_found', { sectorId: sectorId });
  throw new DomainError(couponRefusal(code, eventId, now, code.heldUses)!, { field: 'couponCode' });
}

/**
 * The discount, in centavos, a coupon gives on a subtotal (docs/rules/sale.md 'Coupons').
 * Percentage: subtotal x points / 100, rounded half up to the
 * centavo (up to two decimal places of points are honoured); fixed: the value in centavos.
 * Never more than the subtotal. Checks, in order, each throwing DomainError with
 * { field: 'couponCode' }: 'coupon_invalid' for a discount value out of range, then
 * couponRefusal's reasons ('coupon_invalid' when inactive, 'coupon_not_started',
 * 'coupon_expired', 'coupon_other_event', 'coupon_exhausted' when currentUses >= maxUses: the
 * caller counts held uses into currentUses), then 'coupon_min_purchase' (subtotal below
 * minPurchaseCentavos; details carry it). A pre-sale code that only unlocks a sector
 * (`unlocksOnly`, value 0) passes the same checks and discounts 0.
 */
export function applyCoupon(
  coupon: CouponRule,
  subtotalCentavos: number,
  eventId: string,
  now: Date,
  options: { unlocksOnly?: boolean } = {},
): number {
  const field = 'couponCode';
  const value = coupon.discountValue;
  const valueInRange =
    options.unlocksOnly === true ||
    (coupon.discountType === 'percentage' ? Number.isFinite(value) && value > 0 && value <= 100 : Number.isSafeInteger(value) && value > 0);
  const refusal = valueInRange ? couponRefusal(coupon, eventId, now) : 'coupon_invalid';
  if (refusal) throw new DomainError(refusal, { field });
  if (coupon.minPurchaseCentavos !== null && subtotalCentavos < coupon.minPurchaseCentavos) {
    throw new DomainError('coupon_min_purchase', { field, minPurchaseCentavos: coupon.minPurchaseCentavos });
  }
  if (options.unlocksOnly) return 0;

  let discount: number;
  if (coupon.discountType === 'percentage') {
    // Hundredths of a point keep the arithmetic in integers: 12.5% -> 1250.
    const hundredthsOfPoint = Math.round(value * 100);
    discount = Math.floor((subtotalCentavos * hundredthsOfPoint + 5000) / 10000);
  } else {
    discount = value;
  }
  return Math.min(discount, subtotalCentavos);
}

/** A coupon code as stored and compared: trimmed and upper-cased (docs/rules/sale.md 'Coupons'). */
export function normalizeCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * The card instalment choices for a total in centavos: 1 to 6, interest-free, each with the
 * first (largest) instalment and its label, '3x de R$ 33,34 sem juros' (docs/rules/money-and-dates.md 'Money').
 * Throws DomainError('validation_failed') for a negative or fractional total.
 */
export function installmentOptions(totalCentavos: number): InstallmentOption[] {
  return Array.from({ length: MAX_INSTALLMENTS }, (_, index) => {
    const count = index + 1;
    return {
      count,
      amountCentavos: splitInstallments(totalCentavos, count)[0],
      label: formatInstallmentLabel(totalCentavos, count),
    };
  });
}

/**
 * Checks a requested instalment count: an integer 1..6 (docs/rules/money-and-dates.md 'Money'), otherwise throws
 * DomainError('installments_invalid', { field: 'installments' }).
 */
export function assertInstallments(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) {
    throw new DomainError('installments_invalid', { field: 'installments' });
  }
}
