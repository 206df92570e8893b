import { describe, expect, it } from 'vitest';
import {
  type TicketDisplayStatus,
  type TicketDisplayStatusInput,
  canShowQrCode,
  ticketDisplayStatus,
  ticketStatusLabel,
} from './ticket-status';

const event = { date: '2025-03-15', startTime: '20:00:00', endTime: '23:00:00' };
const beforeEvent = new Date('2025-03-10T12:00:00.000Z');
const afterEvent = new Date('2025-03-16T02:00:00.000Z'); // 23:00 in São Paulo

function status(overrides: Partial<TicketDisplayStatusInput>): TicketDisplayStatus {
  return ticketDisplayStatus({
    orderStatus: 'completed',
    ticketStatus: 'valid',
    checkedInAt: null,
    event,
    now: beforeEvent,
    ...overrides,
  });
}

describe('ticketDisplayStatus', () => {
  it('is valid for a paid, unused ticket of an event still to come', () => {
    expect(status({})).toBe('valid');
  });

  it('is pending while the order is not completed', () => {
    for (const orderStatus of ['pending', 'expired', 'failed'] as const) {
      expect(status({ orderStatus, ticketStatus: null })).toBe('pending');
      expect(status({ orderStatus, ticketStatus: null, now: afterEvent })).toBe('pending');
    }
  });

  it('follows a refunded or cancelled order', () => {
    expect(status({ orderStatus: 'refunded' })).toBe('refunded');
    expect(status({ orderStatus: 'cancelled', ticketStatus: null })).toBe('cancelled');
  });

  it('follows a refunded or cancelled ticket of a completed order', () => {
    expect(status({ ticketStatus: 'refunded' })).toBe('refunded');
    expect(status({ ticketStatus: 'cancelled', checkedInAt: '2025-03-15T23:10:00.000Z' })).toBe('cancelled');
  });

  it('is used once checked in, even after the event', () => {
    expect(status({ checkedInAt: new Date('2025-03-15T23:10:00.000Z') })).toBe('used');
    expect(status({ checkedInAt: '2025-03-15T23:10:00.000Z', now: afterEvent })).toBe('used');
  });

  it('is expired once the event is over and the ticket was never used', () => {
    expect(status({ now: afterEvent })).toBe('expired');
  });

  it('stays valid during the event until its end time', () => {
    expect(status({ now: new Date('2025-03-16T01:59:00.000Z') })).toBe('valid');
  });
});

describe('ticketStatusLabel', () => {
  it('names every status in Portuguese', () => {
    expect(ticketStatusLabel).toEqual({
      valid: 'Válido',
      used: 'Utilizado',
      expired: 'Expirado',
      pending: 'Pendente',
      refunded: 'Reembolsado',
      cancelled: 'Cancelado',
      transferred: 'Transferido',
    });
  });
});

describe('canShowQrCode', () => {
  it('shows the QR code only for a valid ticket', () => {
    expect(canShowQrCode('valid')).toBe(true);
    for (const other of ['used', 'expired', 'pending', 'refunded', 'cancelled'] as const) {
      expect(canShowQrCode(other)).toBe(false);
    }
  });
});
