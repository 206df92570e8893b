import { describe, expect, it } from 'vitest';
import { decideConfirmation } from './confirmation';

const paidAt = new Date('2026-11-20T20:00:00.000Z');

describe('decideConfirmation', () => {
  it('completes a pending order of an event still on', () => {
    expect(decideConfirmation({ status: 'pending', completedAt: null }, false)).toBe('complete');
  });

  it('changes nothing for an order paid before, also when it was refunded since', () => {
    expect(decideConfirmation({ status: 'completed', completedAt: paidAt }, false)).toBe('already_completed');
    expect(decideConfirmation({ status: 'refunded', completedAt: paidAt }, true)).toBe('already_completed');
  });

  it('changes nothing for an order already refunded as a late payment', () => {
    expect(decideConfirmation({ status: 'refunded', completedAt: null }, false)).toBe('refunded_late');
  });

  it('refunds a payment for a cancelled event, pending or not', () => {
    expect(decideConfirmation({ status: 'pending', completedAt: null }, true)).toBe('refund');
    expect(decideConfirmation({ status: 'expired', completedAt: null }, true)).toBe('refund');
  });

  it('holds the units again for a payment after the hold ended', () => {
    for (const status of ['expired', 'failed', 'cancelled'] as const)
      expect(decideConfirmation({ status, completedAt: null }, false)).toBe('hold_again');
  });
});
