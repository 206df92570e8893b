import { describe, expect, it } from 'vitest';
import { eventInterval } from './dates';
import { DomainError } from './errors';
import { eventTimeRange, toUtcStamp } from './event-times';

describe('eventTimeRange', () => {
  it('reads São Paulo wall times as UTC instants', () => {
    const { start, end } = eventTimeRange({ date: '2025-03-15', startTime: '20:00:00', endTime: '23:00:00' });
    expect(start.toISOString()).toBe('2025-03-15T23:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-16T02:00:00.000Z');
  });

  it('ends on the next day when the end time is earlier than the start time', () => {
    const { end } = eventTimeRange({ date: '2025-12-31', startTime: '23:00', endTime: '06:00' });
    expect(end.toISOString()).toBe('2026-01-01T09:00:00.000Z');
  });

  it('lasts 6 hours without an end time, and 24 with an end equal to the start (as eventInterval decides)', () => {
    expect(eventTimeRange({ date: '2025-03-15', startTime: '10:00', endTime: null }).end.toISOString()).toBe('2025-03-15T19:00:00.000Z');
    expect(eventTimeRange({ date: '2025-03-15', startTime: '23:00', endTime: null }).end.toISOString()).toBe('2025-03-16T08:00:00.000Z');
    expect(eventTimeRange({ date: '2025-03-15', startTime: '10:00', endTime: '10:00' }).end.toISOString()).toBe('2025-03-16T13:00:00.000Z');
  });

  it('gives the same instants as eventInterval, the one rule', () => {
    for (const event of [
      { date: '2026-11-26', startTime: '23:00', endTime: null },
      { date: '2026-11-26', startTime: '23:00', endTime: '02:00' },
      { date: '2026-11-27', startTime: '00:30', endTime: '04:00' },
    ]) {
      const { startsAt, endsAt } = eventInterval(event);
      expect(eventTimeRange(event)).toEqual({ start: startsAt, end: endsAt });
    }
  });

  it('refuses a malformed date', () => {
    expect(() => eventTimeRange({ date: '2025-02-30', startTime: '10:00', endTime: null })).toThrow(DomainError);
  });
});

describe('toUtcStamp', () => {
  it('drops separators and milliseconds', () => {
    expect(toUtcStamp(new Date('2025-03-15T23:00:00.123Z'))).toBe('20250315T230000Z');
  });
});
