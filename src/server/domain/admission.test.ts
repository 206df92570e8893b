import { describe, expect, it } from 'vitest';
import { type AdmissionInput, type RefusalReason, decideAdmission, refusalMessage } from './admission';

const firstEntry = new Date('2025-03-15T23:03:00.000Z');

function decide(ticket: Partial<NonNullable<AdmissionInput['ticket']>>, expectedEventId: string | null = 'ev1') {
  return decideAdmission({
    ticket: { status: 'valid', orderStatus: 'completed', eventId: 'ev1', checkedInAt: null, ...ticket },
    expectedEventId,
  });
}

describe('decideAdmission', () => {
  it('admits a paid, unused ticket of the event at the door', () => {
    expect(decide({})).toEqual({ admitted: true });
  });

  it('admits a ticket of any event when the door has not picked one', () => {
    expect(decide({ eventId: 'ev2' }, null)).toEqual({ admitted: true });
  });

  it('refuses a code no ticket carries', () => {
    expect(decideAdmission({ ticket: null, expectedEventId: 'ev1' })).toEqual({ admitted: false, reason: 'unknown_code' });
  });

  it('refuses a ticket of another event before anything else about it', () => {
    expect(decide({ eventId: 'ev2', status: 'refunded', checkedInAt: firstEntry })).toEqual({
      admitted: false,
      reason: 'other_event',
    });
  });

  it('refuses a refunded ticket or a ticket of a refunded order', () => {
    expect(decide({ status: 'refunded' })).toEqual({ admitted: false, reason: 'refunded' });
    expect(decide({ orderStatus: 'refunded' })).toEqual({ admitted: false, reason: 'refunded' });
    expect(decide({ status: 'refunded', checkedInAt: firstEntry })).toEqual({ admitted: false, reason: 'refunded' });
  });

  it('refuses a cancelled ticket or a ticket of a cancelled order', () => {
    expect(decide({ status: 'cancelled' })).toEqual({ admitted: false, reason: 'cancelled' });
    expect(decide({ orderStatus: 'cancelled' })).toEqual({ admitted: false, reason: 'cancelled' });
  });

  it('refuses a ticket whose order is not paid', () => {
    for (const orderStatus of ['pending', 'expired', 'failed']) {
      expect(decide({ orderStatus })).toEqual({ admitted: false, reason: 'not_paid' });
    }
  });

  it('refuses a second entry with the time of the first', () => {
    expect(decide({ checkedInAt: firstEntry })).toEqual({
      admitted: false,
      reason: 'already_used',
      checkedInAt: firstEntry,
    });
  });
});

describe('refusalMessage', () => {
  it('says when a used ticket entered, in São Paulo time', () => {
    expect(refusalMessage('already_used', firstEntry)).toBe('Ingresso já utilizado em 15/03/2025 às 20:03');
  });

  it('says a ticket was used even without the time', () => {
    expect(refusalMessage('already_used')).toBe('Ingresso já utilizado');
  });

  it('explains every other refusal in Portuguese', () => {
    const messages: Record<Exclude<RefusalReason, 'already_used'>, string> = {
      not_paid: 'Pagamento não confirmado para este ingresso',
      refunded: 'Ingresso reembolsado',
      cancelled: 'Ingresso cancelado',
      other_event: 'Ingresso de outro evento',
      unknown_code: 'Código não reconhecido',
    };
    for (const [reason, message] of Object.entries(messages)) {
      expect(refusalMessage(reason as RefusalReason)).toBe(message);
    }
  });
});
