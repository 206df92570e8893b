import { DomainError } from '../../shared/errors';
import { MAX_INSTALLMENTS, formatInstallmentLabel, splitInstallments } from '../../shared/money';

/** Most units of one ticket type a single order may take. */
export const MAX_QUANTITY_PER_TICKET_TYPE = 20;

/** A coupon as the back office stores it (SPEC.md section 3 discount_coupons). Money in centavos. */
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

/**
 * The discount, in centavos, a coupon gives on a subtotal (PRODUCT.md 'Buying'; SPEC.md
 * section 3 discount_coupons). Percentage: subtotal x points / 100, rounded half up to the
 * centavo (up to two decimal places of points are honoured); fixed: the value in centavos.
 * Never more than the subtotal. The window is inclusive: usable from validFrom through
 * validUntil. Checks, in order, each throwing DomainError with { field: 'couponCode' }:
 * 'coupon_invalid' (inactive, or a discount value out of range), 'coupon_not_started',
 * 'coupon_expired', 'coupon_other_event', 'coupon_exhausted' (currentUses >= maxUses),
 * 'coupon_min_purchase' (subtotal below minPurchaseCentavos; details carry it). A pre-sale code
 * that only unlocks a sector (`unlocksOnly`, value 0) passes the same checks and discounts 0.
 */
export function applyCoupon(coupon: CouponRule, subtotalCentavos: number, eventId: string, now: Date, options: { unlocksOnly?: boolean } = {}): number {
  const field = 'couponCode';
  const value = coupon.discountValue;
  const valueInRange =
    options.unlocksOnly === true ||
    (coupon.discountType === 'percentage' ? Number.isFinite(value) && value > 0 && value <= 100 : Number.isSafeInteger(value) && value > 0);
  if (!coupon.isActive || !valueInRange) throw new DomainError('coupon_invalid', { field });
  if (coupon.validFrom && now.getTime() < coupon.validFrom.getTime()) {
    throw new DomainError('coupon_not_started', { field });
  }
  if (coupon.validUntil && now.getTime() > coupon.validUntil.getTime()) {
    throw new DomainError('coupon_expired', { field });
  }
  if (coupon.eventId !== null && coupon.eventId !== eventId) {
    throw new DomainError('coupon_other_event', { field });
  }
  if (coupon.maxUses !== null && coupon.currentUses >= coupon.maxUses) {
    throw new DomainError('coupon_exhausted', { field });
  }
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

/** A coupon code as stored and compared: trimmed and upper-cased (SPEC.md section 5). */
export function normalizeCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * The card instalment choices for a total in centavos: 1 to 6, interest-free, each with the
 * first (largest) instalment and its label, '3x de R$ 33,34 sem juros' (SPEC.md section 9).
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
 * Checks a requested instalment count: an integer 1..6 (SPEC.md section 9), otherwise throws
 * DomainError('installments_invalid', { field: 'installments' }).
 */
export function assertInstallments(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) {
    throw new DomainError('installments_invalid', { field: 'installments' });
  }
}
