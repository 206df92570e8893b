import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthLabel, monthWeeks, weekBounds, weekdayNames } from './month-grid';

describe('month grid', () => {
  it('lays a month out in Sunday-first weeks, leaving other months blank', () => {
    const weeks = monthWeeks('2025-03-15');
    // 1 March 2025 was a Saturday; 31 March a Monday.
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2025-03-01']);
    expect(weeks[5]).toEqual(['2025-03-30', '2025-03-31', null, null, null, null, null]);
    expect(monthWeeks('2026-02-10')).toHaveLength(4);
  });

  it('moves across months and years, clamping to the last day of a shorter month', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2025-03-15', -12)).toBe('2024-03-15');
    expect(weekBounds('2025-03-12')).toEqual({ first: '2025-03-09', last: '2025-03-15' });
  });

  it('names months and weekdays in pt-BR', () => {
    expect(monthLabel('2025-03-01')).toBe('Março de 2025');
    expect(weekdayNames[0]).toEqual({ long: 'domingo', short: 'dom' });
    expect(weekdayNames[6]).toEqual({ long: 'sábado', short: 'sáb' });
  });
});
