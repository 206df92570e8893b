import { describe, expect, it } from 'vitest';
import { doorWindow, doorWindowState, isDoorEventWorkable } from './door-window';

describe('doorWindow', () => {
  it('opens the configured minutes before the start and closes at the end, in São Paulo time', () => {
    const window = doorWindow({ date: '2025-03-15', startTime: '20:00:00', endTime: '23:30:00' }, 240);
    expect(window.opensAt.toISOString()).toBe('2025-03-15T19:00:00.000Z'); // 16:00 in São Paulo
    expect(window.closesAt.toISOString()).toBe('2025-03-16T02:30:00.000Z'); // 23:30 in São Paulo
  });

  it('closes on the next day for an event that runs past midnight', () => {
    const window = doorWindow({ date: '2025-03-15', startTime: '22:00', endTime: '04:00' }, 60);
    expect(window.opensAt.toISOString()).toBe('2025-03-16T00:00:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2025-03-16T07:00:00.000Z');
  });

  it('gives an event without an end time two hours', () => {
    const window = doorWindow({ date: '2025-03-15', startTime: '20:00', endTime: null }, 0);
    expect(window.opensAt.toISOString()).toBe('2025-03-15T23:00:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2025-03-16T01:00:00.000Z');
  });
});

describe('doorWindowState', () => {
  const window = doorWindow({ date: '2025-03-15', startTime: '20:00', endTime: '23:00' }, 240);

  it('is too early before the opening, open from the opening on, over from the end on', () => {
    expect(doorWindowState(window, new Date('2025-03-15T18:59:59.999Z'))).toBe('too_early');
    expect(doorWindowState(window, new Date('2025-03-15T19:00:00.000Z'))).toBe('open');
    expect(doorWindowState(window, new Date('2025-03-16T01:59:59.999Z'))).toBe('open');
    expect(doorWindowState(window, new Date('2025-03-16T02:00:00.000Z'))).toBe('event_over');
  });
});

describe('isDoorEventWorkable', () => {
  const window = doorWindow({ date: '2025-03-15', startTime: '20:00', endTime: '23:00' }, 240);
  const published = { isPublished: true, hasTickets: false };

  it('lets a door work a published event until its door closes, days ahead included', () => {
    expect(isDoorEventWorkable(published, window, new Date('2025-03-01T12:00:00.000Z'))).toBe(true);
    expect(isDoorEventWorkable(published, window, new Date('2025-03-16T01:59:59.999Z'))).toBe(true);
    expect(isDoorEventWorkable(published, window, new Date('2025-03-16T02:00:00.000Z'))).toBe(false);
    expect(isDoorEventWorkable(published, window, new Date('2025-04-15T12:00:00.000Z'))).toBe(false);
  });

  it('lets a door work an unpublished event only when it has tickets issued', () => {
    const now = new Date('2025-03-15T20:00:00.000Z');
    expect(isDoorEventWorkable({ isPublished: false, hasTickets: true }, window, now)).toBe(true);
    expect(isDoorEventWorkable({ isPublished: false, hasTickets: false }, window, now)).toBe(false);
  });
});
