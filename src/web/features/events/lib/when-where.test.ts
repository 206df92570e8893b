import { describe, expect, it } from 'vitest';
import { formatEventDateMedium } from '../../../../shared/dates';
import { venueText, whenWhereText } from './when-where';

const now = new Date('2026-11-26T03:00:00Z'); // 26/11/2026 00:00 in São Paulo

describe('whenWhereText', () => {
  it('reads day, start time and venue with its city in one line', () => {
    const event = { date: '2026-11-28', startTime: '22:00:00', location: 'Cine Joia', city: 'São Paulo' };
    expect(whenWhereText(event, now)).toBe('sáb., 28 de nov. · 22:00 · Cine Joia, São Paulo');
  });

  it('adds the year only when the event is in another year in São Paulo', () => {
    expect(formatEventDateMedium('2027-01-09', now)).toBe('sáb., 9 de jan. de 2027');
    // 31/12/2026 23:30 in São Paulo is already 2027 in UTC: still this year.
    expect(formatEventDateMedium('2026-12-31', new Date('2027-01-01T02:30:00Z'))).toBe('qui., 31 de dez.');
  });

  it('leaves the city out when there is none or the venue already names it', () => {
    expect(venueText({ location: 'Warehouse SP', city: null })).toBe('Warehouse SP');
    expect(venueText({ location: 'Arena Itajaí', city: 'Itajaí' })).toBe('Arena Itajaí');
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => formatEventDateMedium('2026-02-30', now)).toThrow();
  });
});
