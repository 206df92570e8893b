import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import {
  type CouponRule,
  type UnlockingCode,
  applyCoupon,
  assertInstallments,
  assertUnlocksSector,
  couponRefusal,
  installmentOptions,
  normalizeCouponCode,
  unlocksSector,
} from './pricing';

const now = new Date('2025-03-01T15:00:00.000Z');
function coupon(overrides: Partial<CouponRule> = {}): CouponRule {
  return {
    code: 'NEXT10',
    discountType: 'percentage',
    discountValue: 10,
    minPurchaseCentavos: null,
    maxUses: null,
    currentUses: 0,
    validFrom: null,
    validUntil: null,
    isActive: true,
    eventId: null,
    ...overrides,
  };
}

function codeOf(action: () => unknown): { code: string; details: unknown } | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, details: error.details };
    throw error;
  }
  return undefined;
}

describe('applyCoupon', () => {
  it('takes a percentage of the subtotal', () => {
    expect(applyCoupon(coupon({ discountValue: 10 }), 16000, 'ev1', now)).toBe(1600);
    expect(applyCoupon(coupon({ discountValue: 100 }), 16000, 'ev1', now)).toBe(16000);
  });

  it('rounds a percentage meia up to the centavo', () => {
    expect(applyCoupon(coupon({ discountValue: 10 }), 1005, 'ev1', now)).toBe(101); // 100.5
    expect(applyCoupon(coupon({ discountValue: 10 }), 1004, 'ev1', now)).toBe(100); // 100.4
    expect(applyCoupon(coupon({ discountValue: 15 }), 999, 'ev1', now)).toBe(150); // 149.85
    expect(applyCoupon(coupon({ discountValue: 12.5 }), 1000, 'ev1', now)).toBe(125);
  });

  it('takes a fixed amount in centavos', () => {
    expect(applyCoupon(coupon({ discountType: 'fixed', discountValue: 2000 }), 16000, 'ev1', now)).toBe(2000);
  });

  it('never discounts more than the subtotal', () => {
    expect(applyCoupon(coupon({ discountType: 'fixed', discountValue: 2000 }), 1500, 'ev1', now)).toBe(1500);
  });

  it('refuses an inactive coupon', () => {
    expect(codeOf(() => applyCoupon(coupon({ isActive: false }), 16000, 'ev1', now))).toEqual({
      code: 'coupon_invalid',
      details: { field: 'couponCode' },
    });
  });

  it('refuses a coupon whose discount value is out of range', () => {
    for (const bad of [
      coupon({ discountValue: 0 }),
      coupon({ discountValue: 101 }),
      coupon({ discountType: 'fixed', discountValue: -5 }),
    ]) {
      expect(codeOf(() => applyCoupon(bad, 16000, 'ev1', now))?.code).toBe('coupon_invalid');
    }
  });

  it('refuses a coupon before its validity window and accepts it from the first instant', () => {
    const validFrom = new Date('2025-03-01T15:00:00.001Z');
    expect(codeOf(() => applyCoupon(coupon({ validFrom }), 16000, 'ev1', now))?.code).toBe('coupon_not_started');
    expect(applyCoupon(coupon({ validFrom: now }), 16000, 'ev1', now)).toBe(1600);
  });

  it('refuses a coupon after its validity window and accepts it up to the last instant', () => {
    const validUntil = new Date('2025-03-01T14:59:59.999Z');
    expect(codeOf(() => applyCoupon(coupon({ validUntil }), 16000, 'ev1', now))?.code).toBe('coupon_expired');
    expect(applyCoupon(coupon({ validUntil: now }), 16000, 'ev1', now)).toBe(1600);
  });

  it('refuses a coupon that reached its maximum uses', () => {
    expect(codeOf(() => applyCoupon(coupon({ maxUses: 5, currentUses: 5 }), 16000, 'ev1', now))?.code).toBe('coupon_exhausted');
    expect(applyCoupon(coupon({ maxUses: 5, currentUses: 4 }), 16000, 'ev1', now)).toBe(1600);
  });

  it('refuses a subtotal below the minimum purchase', () => {
    expect(codeOf(() => applyCoupon(coupon({ minPurchaseCentavos: 20000 }), 16000, 'ev1', now))).toEqual({
      code: 'coupon_min_purchase',
      details: { field: 'couponCode', minPurchaseCentavos: 20000 },
    });
    expect(applyCoupon(coupon({ minPurchaseCentavos: 16000 }), 16000, 'ev1', now)).toBe(1600);
  });

  it('refuses a coupon made for another event and accepts one for this event', () => {
    expect(codeOf(() => applyCoupon(coupon({ eventId: 'ev2' }), 16000, 'ev1', now))?.code).toBe('coupon_other_event');
    expect(applyCoupon(coupon({ eventId: 'ev1' }), 16000, 'ev1', now)).toBe(1600);
  });
});

describe('couponRefusal', () => {
  it('gives the first reason a code cannot be used, or null', () => {
    expect(couponRefusal(coupon(), 'ev1', now)).toBeNull();
    expect(couponRefusal(coupon({ isActive: false, validUntil: new Date(now.getTime() - 1) }), 'ev1', now)).toBe('coupon_invalid');
    expect(couponRefusal(coupon({ validFrom: new Date(now.getTime() + 1) }), 'ev1', now)).toBe('coupon_not_started');
    expect(couponRefusal(coupon({ validUntil: new Date(now.getTime() - 1) }), 'ev1', now)).toBe('coupon_expired');
    expect(couponRefusal(coupon({ eventId: 'ev2' }), 'ev1', now)).toBe('coupon_other_event');
    expect(couponRefusal(coupon({ maxUses: 3, currentUses: 3 }), 'ev1', now)).toBe('coupon_exhausted');
  });

  it('counts the uses held by orders waiting for payment', () => {
    expect(couponRefusal(coupon({ maxUses: 3, currentUses: 1 }), 'ev1', now, 1)).toBeNull();
    expect(couponRefusal(coupon({ maxUses: 3, currentUses: 1 }), 'ev1', now, 2)).toBe('coupon_exhausted');
  });
});

describe('unlocksSector', () => {
  const preSale = (overrides: Partial<UnlockingCode> = {}): UnlockingCode => ({
    ...coupon({ code: 'PREVENDA', discountType: 'fixed', discountValue: 0, eventId: 'ev1' }),
    unlocksSectorId: 'camarote',
    heldUses: 0,
    ...overrides,
  });

  it('unlocks the sector the code names while the code is valid, its window inclusive', () => {
    expect(unlocksSector(preSale(), 'camarote', 'ev1', now)).toBe(true);
    expect(unlocksSector(preSale({ validFrom: now, validUntil: now }), 'camarote', 'ev1', now)).toBe(true);
    expect(unlocksSector(preSale(), 'pista', 'ev1', now)).toBe(false);
    expect(unlocksSector(preSale({ unlocksSectorId: null }), 'camarote', 'ev1', now)).toBe(false);
    expect(unlocksSector(null, 'camarote', 'ev1', now)).toBe(false);
  });

  it('unlocks nothing with a code not valid yet, expired, inactive, of another event or used up', () => {
    expect(unlocksSector(preSale({ validFrom: new Date(now.getTime() + 60_000) }), 'camarote', 'ev1', now)).toBe(false);
    expect(unlocksSector(preSale({ validUntil: new Date(now.getTime() - 60_000) }), 'camarote', 'ev1', now)).toBe(false);
    expect(unlocksSector(preSale({ isActive: false }), 'camarote', 'ev1', now)).toBe(false);
    expect(unlocksSector(preSale(), 'camarote', 'ev2', now)).toBe(false);
    expect(unlocksSector(preSale({ maxUses: 2, currentUses: 2 }), 'camarote', 'ev1', now)).toBe(false);
    // Its last use held by an order waiting for payment.
    expect(unlocksSector(preSale({ maxUses: 2, currentUses: 1, heldUses: 1 }), 'camarote', 'ev1', now)).toBe(false);
  });

  it("refuses the sale of the sector as unknown without its code, and with the code's own reason when it cannot be used", () => {
    expect(codeOf(() => assertUnlocksSector(preSale(), 'camarote', 'ev1', now))).toBeUndefined();
    expect(codeOf(() => assertUnlocksSector(null, 'camarote', 'ev1', now))).toEqual({
      code: 'ticket_type_not_found',
      details: { sectorId: 'camarote' },
    });
    expect(codeOf(() => assertUnlocksSector(preSale({ unlocksSectorId: 'pista' }), 'camarote', 'ev1', now))?.code).toBe(
      'ticket_type_not_found',
    );
    expect(codeOf(() => assertUnlocksSector(preSale({ validUntil: new Date(now.getTime() - 1) }), 'camarote', 'ev1', now))).toEqual({
      code: 'coupon_expired',
      details: { field: 'couponCode' },
    });
    expect(codeOf(() => assertUnlocksSector(preSale({ maxUses: 1, heldUses: 1 }), 'camarote', 'ev1', now))?.code).toBe('coupon_exhausted');
  });
});

describe('normalizeCouponCode', () => {
  it('trims and upper-cases the code', () => {
    expect(normalizeCouponCode('  next10 ')).toBe('NEXT10');
    expect(normalizeCouponCode('Verão')).toBe('VERÃO');
  });
});

describe('installmentOptions', () => {
  it('offers 1 to 6 interest-free instalments with their labels', () => {
    const options = installmentOptions(10000);
    expect(options.map((option) => option.count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(options[0]).toEqual({ count: 1, amountCentavos: 10000, label: '1x de R$ 100,00 sem juros' });
    expect(options[2]).toEqual({ count: 3, amountCentavos: 3334, label: '3x sem juros (1x R$ 33,34 + 2x R$ 33,33)' });
    expect(options[5]).toEqual({ count: 6, amountCentavos: 1670, label: '6x sem juros (1x R$ 16,70 + 5x R$ 16,66)' });
  });
});

describe('assertInstallments', () => {
  it('accepts 1 to 6 instalments', () => {
    for (let count = 1; count <= 6; count++) expect(() => assertInstallments(count)).not.toThrow();
  });

  it('refuses any other count', () => {
    for (const count of [0, 7, 2.5, -1, Number.NaN]) {
      expect(codeOf(() => assertInstallments(count))?.code).toBe('installments_invalid');
    }
  });
});
