import { describe, expect, it } from 'vitest';
import { whenInWords } from './when';

describe('whenInWords', () => {
  const now = new Date('2026-11-27T15:00:00Z'); // 27/11 12:00 in São Paulo

  it('reads today and yesterday by their names, in São Paulo time', () => {
    expect(whenInWords('2026-11-27T17:32:00Z', now)).toBe('Hoje, 14:32');
    expect(whenInWords('2026-11-27T03:10:00Z', now)).toBe('Hoje, 00:10');
    // 02:59 UTC on the 27th is 23:59 of the 26th in São Paulo.
    expect(whenInWords('2026-11-27T02:59:00Z', now)).toBe('Ontem, 23:59');
  });

  it('reads any other day as dd/mm/aaaa', () => {
    expect(whenInWords('2026-11-10T17:32:00Z', now)).toBe('10/11/2026, 14:32');
    expect(whenInWords('2026-11-26T02:59:00Z', now)).toBe('25/11/2026, 23:59');
  });
});
