import { describe, expect, it } from 'vitest';
import { isoToSaoPauloLocal, saoPauloLocalToIso } from './sao-paulo-date-time';

describe('date and time fields in São Paulo time', () => {
  it('reads what is typed as São Paulo time', () => {
    expect(saoPauloLocalToIso('2025-03-15T20:00')).toBe('2025-03-15T23:00:00.000Z');
    expect(saoPauloLocalToIso('')).toBe('');
    expect(saoPauloLocalToIso('2025-03-15')).toBe('');
  });

  it('shows a saved instant in São Paulo time', () => {
    expect(isoToSaoPauloLocal('2025-03-15T23:00:00.000Z')).toBe('2025-03-15T20:00');
    expect(isoToSaoPauloLocal('2025-03-16T02:30:00Z')).toBe('2025-03-15T23:30');
    expect(isoToSaoPauloLocal(null)).toBe('');
  });
});
