import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import { decideSale, type SaleState } from './sale';

const now = new Date('2026-11-25T12:00:00.000Z');

function state(remaining: number, coupon?: { maxUses: number | null; currentUses: number; heldUses: number }): SaleState {
  return {
    event: { id: 'ev1', isPublished: true, isCancelled: false, date: '2026-12-20', startTime: '22:00', endTime: '05:00' },
    ticketTypes: [{ id: 'pista', eventId: 'ev1', name: 'Pista', priceCentavos: 8000, remaining }],
    couponsByCode: new Map(
      coupon
        ? [['NEXT10', { id: 'c1', code: 'NEXT10', discountType: 'percentage', discountValue: 10, minPurchaseCentavos: null, validFrom: null, validUntil: null, isActive: true, eventId: null, ...coupon }]]
        : [],
    ),
  };
}

const order = (quantity: number, extra: object = {}) => ({ lines: [{ ticketTypeId: 'pista', quantity }], paymentMethod: 'pix' as const, installments: 1, ...extra });
const codes = (decisions: ReturnType<typeof decideSale>) => decisions.map((d) => (d.accepted ? d.priced.totalCentavos : d.error.code));

describe('decideSale', () => {
  it('serves in arrival order, a smaller order after a larger one included, and takes the units it accepts', () => {
    const s = state(5);
    expect(codes(decideSale(s, [order(3), order(3), order(2), order(1)], now))).toEqual([24000, 'ticket_type_sold_out', 16000, 'ticket_type_sold_out']);
    expect(s.ticketTypes[0].remaining).toBe(0);
  });

  it('counts the coupon uses held by unpaid orders and by the earlier orders of the group', () => {
    const s = state(10, { maxUses: 3, currentUses: 1, heldUses: 1 });
    expect(codes(decideSale(s, [order(1, { couponCode: ' next10 ' }), order(1, { couponCode: 'NEXT10' })], now))).toEqual([7200, 'coupon_exhausted']);
  });

  it('refuses a cancelled event, an unknown coupon and PIX in instalments with their own errors, taking nothing', () => {
    const cancelled = state(5);
    cancelled.event!.isCancelled = true;
    expect(codes(decideSale(cancelled, [order(1)], now))).toEqual(['event_cancelled']);
    const s = state(5);
    const decisions = decideSale(s, [order(1, { couponCode: 'NADA' }), order(1, { installments: 3 })], now);
    expect(codes(decisions)).toEqual(['coupon_invalid', 'installments_invalid']);
    expect(decisions.every((d) => !d.accepted && d.error instanceof DomainError)).toBe(true);
    expect(s.ticketTypes[0].remaining).toBe(5);
  });
});
