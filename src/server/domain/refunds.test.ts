import { describe, expect, it } from 'vitest';
import {
  decideTicketRefund,
  isFeeRefunded,
  orderRefundReason,
  ticketRefundAmounts,
  withdrawalDeadline,
  type TicketRefundInput,
} from './refunds';

// Event on 2025-03-15, 20:00-23:00 in São Paulo (UTC-3): ends at 2025-03-16T02:00:00Z.
const before = new Date('2025-03-10T12:00:00Z');

function input(overrides: Partial<TicketRefundInput> = {}): TicketRefundInput {
  return {
    order: { status: 'completed' },
    ticket: { id: 't1', status: 'valid', checkedInAt: null, refundId: null },
    amountCentavos: 8000,
    event: { date: '2025-03-15', startTime: '20:00', endTime: '23:00', cancelledAt: null },
    now: before,
    ...overrides,
  };
}

describe('decideTicketRefund', () => {
  it('accepts an unused ticket of a paid order before the event ends', () => {
    expect(decideTicketRefund(input())).toEqual({ eligible: true });
  });

  it('refuses a ticket already in an open request', () => {
    expect(decideTicketRefund(input({ ticket: { id: 't1', status: 'valid', checkedInAt: null, refundId: 'r1' } }))).toEqual({
      eligible: false,
      reason: 'already_requested',
    });
  });

  it('refuses a used ticket while its unused friend stays refundable', () => {
    const used = decideTicketRefund(input({ ticket: { id: 't1', status: 'valid', checkedInAt: new Date(), refundId: null } }));
    expect(used).toEqual({ eligible: false, reason: 'checked_in' });
    expect(decideTicketRefund(input({ ticket: { id: 't2', status: 'valid', checkedInAt: null, refundId: null } }))).toEqual({
      eligible: true,
    });
  });

  it('reads the order status first, then the ticket status', () => {
    expect(decideTicketRefund(input({ order: { status: 'pending' } }))).toEqual({ eligible: false, reason: 'not_paid' });
    expect(decideTicketRefund(input({ order: { status: 'refunded' } }))).toEqual({ eligible: false, reason: 'refunded' });
    expect(decideTicketRefund(input({ ticket: { id: 't1', status: 'refunded', checkedInAt: null, refundId: 'r1' } }))).toEqual({
      eligible: false,
      reason: 'refunded',
    });
    expect(decideTicketRefund(input({ ticket: { id: 't1', status: 'cancelled', checkedInAt: null, refundId: null } }))).toEqual({
      eligible: false,
      reason: 'cancelled',
    });
  });

  it('refuses a free ticket, a cancelled event and an event that is over', () => {
    expect(decideTicketRefund(input({ amountCentavos: 0 }))).toEqual({ eligible: false, reason: 'nothing_to_refund' });
    const cancelled = { date: '2025-03-15', startTime: '20:00', endTime: '23:00', cancelledAt: before };
    expect(decideTicketRefund(input({ event: cancelled }))).toEqual({ eligible: false, reason: 'cancelled' });
    expect(decideTicketRefund(input({ now: new Date('2025-03-16T02:00:01Z') }))).toEqual({ eligible: false, reason: 'event_past' });
  });
});

describe('orderRefundReason', () => {
  it('reads an open request on any ticket as already requested, else the first reason', () => {
    expect(orderRefundReason({ status: 'completed' }, ['checked_in', 'already_requested'])).toBe('already_requested');
    expect(orderRefundReason({ status: 'completed' }, ['checked_in', 'event_past'])).toBe('checked_in');
    expect(orderRefundReason({ status: 'pending' }, [])).toBe('not_paid');
  });
});

describe('ticketRefundAmounts', () => {
  it('pays back each ticket its price when there was no discount', () => {
    const amounts = ticketRefundAmounts(
      { subtotalCentavos: 24000, discountCentavos: 0 },
      [
        { ticketId: 'a', unitPriceCentavos: 8000 },
        { ticketId: 'b', unitPriceCentavos: 16000 },
      ],
      { includeFee: true },
    );
    expect([...amounts.values()]).toEqual([8000, 16000]);
  });

  it('shares a discount in proportion to the prices, adding up exactly to the total paid', () => {
    const units = [
      { ticketId: 'a', unitPriceCentavos: 10000 },
      { ticketId: 'b', unitPriceCentavos: 10000 },
      { ticketId: 'c', unitPriceCentavos: 10000 },
    ];
    const amounts = ticketRefundAmounts({ subtotalCentavos: 30000, discountCentavos: 1000 }, units, { includeFee: true });
    expect([...amounts.values()]).toEqual([9666, 9667, 9667]);
    expect([...amounts.values()].reduce((s, a) => s + a, 0)).toBe(29000);
  });

  it('always adds up to subtotal minus discount', () => {
    for (let discount = 0; discount <= 5000; discount += 137) {
      const units = [1999, 4999, 50, 0, 12345].map((price, i) => ({ ticketId: String(i), unitPriceCentavos: price }));
      const subtotal = units.reduce((s, u) => s + u.unitPriceCentavos, 0);
      const amounts = [
        ...ticketRefundAmounts({ subtotalCentavos: subtotal, discountCentavos: discount }, units, { includeFee: false }).values(),
      ];
      expect(amounts.reduce((s, a) => s + a, 0)).toBe(subtotal - discount);
      expect(amounts.every((a) => a >= 0)).toBe(true);
    }
  });

  it('adds each ticket its fee when the fee goes back, and none when the organizer absorbed it', () => {
    const units = [
      { ticketId: 'a', unitPriceCentavos: 8000, unitFeeCentavos: 800 },
      { ticketId: 'b', unitPriceCentavos: 4000, unitFeeCentavos: 400, meiaPrice: true },
    ];
    const charged = { subtotalCentavos: 12000, discountCentavos: 0, feeCentavos: 1200 };
    expect([...ticketRefundAmounts(charged, units, { includeFee: true }).values()]).toEqual([8800, 4400]);
    expect([...ticketRefundAmounts(charged, units, { includeFee: false }).values()]).toEqual([8000, 4000]);
    const absorbed = { subtotalCentavos: 12000, discountCentavos: 0, feeCentavos: 0 };
    expect([...ticketRefundAmounts(absorbed, units, { includeFee: true }).values()]).toEqual([8000, 4000]);
  });
});

describe('isFeeRefunded', () => {
  const paidAt = new Date('2026-11-01T15:00:00Z');
  // 20:00 in São Paulo is 23:00 UTC: the withdrawal closes on 2026-11-08T15:00Z (7 days).
  const far = { date: '2026-12-20', startTime: '20:00' };
  const at = (
    iso: string,
    over: Partial<{ eventCancelled: boolean; feeRefundable: boolean; event: { date: string; startTime: string } }> = {},
  ) => isFeeRefunded({ paidAt, now: new Date(iso), eventCancelled: false, feeRefundable: false, event: far, ...over });

  it('returns the fee on a withdrawal: up to 7 x 24 hours after the payment', () => {
    expect(at('2026-11-01T15:00:01Z')).toBe(true);
    expect(at('2026-11-08T15:00:00Z')).toBe(true);
    expect(at('2026-11-08T15:00:01Z')).toBe(false);
  });

  it('keeps the fee within the 7 days once the event is 48 hours away or less, where the withdrawal is closed', () => {
    // Event on 2026-11-04 20:00 in São Paulo (23:00Z): the withdrawal closes at 2026-11-02T23:00Z.
    const soon = { date: '2026-11-04', startTime: '20:00' };
    expect(at('2026-11-02T23:00:00Z', { event: soon })).toBe(true);
    // 40 hours before the start, a day after the payment: no withdrawal, so the fee stays.
    const fortyHoursBefore = '2026-11-03T07:00:00Z';
    expect(withdrawalDeadline({ paidAt, event: soon, now: new Date(fortyHoursBefore) })).toBeNull();
    expect(at(fortyHoursBefore, { event: soon })).toBe(false);
    // Unless the organizer returns it, or cancels the event.
    expect(at(fortyHoursBefore, { event: soon, feeRefundable: true })).toBe(true);
    expect(at(fortyHoursBefore, { event: soon, eventCancelled: true })).toBe(true);
  });

  it('returns the fee after the 7 days only on a cancelled event or when the organizer chose to', () => {
    expect(at('2026-11-20T12:00:00Z', { eventCancelled: true })).toBe(true);
    expect(at('2026-11-20T12:00:00Z', { feeRefundable: true })).toBe(true);
    expect(at('2026-11-20T12:00:00Z')).toBe(false);
  });
});

describe('withdrawalDeadline', () => {
  const paidAt = new Date('2026-11-01T15:00:00Z');
  // 20:00 in São Paulo is 23:00 UTC.
  const far = { date: '2026-12-20', startTime: '20:00' };
  const near = { date: '2026-11-05', startTime: '20:00' };

  it('closes 7 days after the payment, or 48 hours before the event when that comes first', () => {
    expect(withdrawalDeadline({ paidAt, event: far, now: paidAt })?.toISOString()).toBe('2026-11-08T15:00:00.000Z');
    expect(withdrawalDeadline({ paidAt, event: near, now: paidAt })?.toISOString()).toBe('2026-11-03T23:00:00.000Z');
    expect(withdrawalDeadline({ paidAt, event: far, now: new Date('2026-11-08T15:00:01Z') })).toBeNull();
  });

  it('opens again for 7 days after a change of date or venue made after the payment, up to the start', () => {
    const changed = { ...far, changedAt: new Date('2026-11-30T12:00:00Z') };
    expect(withdrawalDeadline({ paidAt, event: changed, now: new Date('2026-12-01T00:00:00Z') })?.toISOString()).toBe(
      '2026-12-07T12:00:00.000Z',
    );
    expect(
      isFeeRefunded({ paidAt, now: new Date('2026-12-01T00:00:00Z'), eventCancelled: false, feeRefundable: false, event: changed }),
    ).toBe(true);
    const changedNear = { date: '2026-12-02', startTime: '20:00', changedAt: new Date('2026-11-30T12:00:00Z') };
    expect(withdrawalDeadline({ paidAt, event: changedNear, now: new Date('2026-12-01T00:00:00Z') })?.toISOString()).toBe(
      '2026-12-02T23:00:00.000Z',
    );
    // A change before the payment was known to the buyer: nothing reopens.
    const before = { ...far, changedAt: new Date('2026-10-30T12:00:00Z') };
    expect(withdrawalDeadline({ paidAt, event: before, now: new Date('2026-11-20T00:00:00Z') })).toBeNull();
  });
});
