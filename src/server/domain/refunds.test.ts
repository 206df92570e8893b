import { describe, expect, it } from 'vitest';
import { decideRefundEligibility, refundAmountCentavos, type RefundEligibilityInput } from './refunds';

// Event on 2025-03-15, 20:00-23:00 in São Paulo (UTC-3): ends at 2025-03-16T02:00:00Z.
const before = new Date('2025-03-10T12:00:00Z');

function input(overrides: Partial<RefundEligibilityInput> = {}): RefundEligibilityInput {
  return {
    order: { status: 'completed', totalCentavos: 16000 },
    tickets: [{ checkedInAt: null }, { checkedInAt: null }],
    event: { date: '2025-03-15', startTime: '20:00', endTime: '23:00' },
    refundStatuses: [],
    now: before,
    ...overrides,
  };
}

describe('decideRefundEligibility', () => {
  it('accepts a paid order with no ticket used before the event ends', () => {
    expect(decideRefundEligibility(input())).toEqual({ eligible: true });
  });

  it('refuses an order that already has a pending, approved or processed request', () => {
    for (const status of ['pending', 'approved', 'processed'] as const) {
      expect(decideRefundEligibility(input({ refundStatuses: [status] }))).toEqual({ eligible: false, reason: 'already_requested' });
    }
  });

  it('lets the buyer ask again after a rejected request', () => {
    expect(decideRefundEligibility(input({ refundStatuses: ['rejected'] }))).toEqual({ eligible: true });
    expect(decideRefundEligibility(input({ refundStatuses: ['rejected', 'pending'] }))).toEqual({
      eligible: false,
      reason: 'already_requested',
    });
  });

  it('reports an open request before the order status, so a refunded order reads as already requested', () => {
    const decision = decideRefundEligibility(input({ order: { status: 'refunded', totalCentavos: 16000 }, refundStatuses: ['processed'] }));
    expect(decision).toEqual({ eligible: false, reason: 'already_requested' });
  });

  it('refuses orders that are not completed, naming why', () => {
    const reasonFor = (status: RefundEligibilityInput['order']['status']) =>
      decideRefundEligibility(input({ order: { status, totalCentavos: 16000 }, tickets: [] }));
    expect(reasonFor('pending')).toEqual({ eligible: false, reason: 'not_paid' });
    expect(reasonFor('expired')).toEqual({ eligible: false, reason: 'not_paid' });
    expect(reasonFor('failed')).toEqual({ eligible: false, reason: 'not_paid' });
    expect(reasonFor('refunded')).toEqual({ eligible: false, reason: 'refunded' });
    expect(reasonFor('cancelled')).toEqual({ eligible: false, reason: 'cancelled' });
  });

  it('refuses a free order: there is nothing to pay back', () => {
    expect(decideRefundEligibility(input({ order: { status: 'completed', totalCentavos: 0 } }))).toEqual({
      eligible: false,
      reason: 'nothing_to_refund',
    });
  });

  it('refuses the whole order once any one of its tickets was checked in', () => {
    const tickets = [{ checkedInAt: null }, { checkedInAt: new Date('2025-03-15T23:05:00Z') }];
    expect(decideRefundEligibility(input({ tickets }))).toEqual({ eligible: false, reason: 'checked_in' });
  });

  it('accepts until the event ends and refuses from its end instant on (São Paulo time)', () => {
    const during = new Date('2025-03-16T01:59:59Z');
    const end = new Date('2025-03-16T02:00:00Z');
    expect(decideRefundEligibility(input({ now: during }))).toEqual({ eligible: true });
    expect(decideRefundEligibility(input({ now: end }))).toEqual({ eligible: false, reason: 'event_past' });
  });

  it('treats an event without end time as over at the midnight after its day', () => {
    const event = { date: '2025-03-15', startTime: '20:00', endTime: null };
    expect(decideRefundEligibility(input({ event, now: new Date('2025-03-16T02:59:59Z') }))).toEqual({ eligible: true });
    expect(decideRefundEligibility(input({ event, now: new Date('2025-03-16T03:00:00Z') }))).toEqual({
      eligible: false,
      reason: 'event_past',
    });
  });
});

describe('refundAmountCentavos', () => {
  it('pays back the total actually paid, after the coupon discount', () => {
    expect(refundAmountCentavos({ totalCentavos: 14400 })).toBe(14400);
  });
});
