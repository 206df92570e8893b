import { describe, expect, it } from 'vitest';
import { doorSession, doorWindow, doorWindowState, eventDoorWindow, isDoorEventWorkable } from './door-window';

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

  it('gives an event without an end time 6 hours, past midnight', () => {
    const window = doorWindow({ date: '2025-03-15', startTime: '20:00', endTime: null }, 0);
    expect(window.opensAt.toISOString()).toBe('2025-03-15T23:00:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2025-03-16T05:00:00.000Z'); // 02:00 in São Paulo
  });

  it('keeps the door of a 23:00 night without an end time open at 00:30 and closes it at 05:00', () => {
    const window = doorWindow({ date: '2026-11-26', startTime: '23:00', endTime: null }, 60);
    expect(doorWindowState(window, new Date('2026-11-27T03:30:00.000Z'))).toBe('open');
    expect(doorWindowState(window, new Date('2026-11-27T07:59:59.999Z'))).toBe('open');
    expect(doorWindowState(window, new Date('2026-11-27T08:00:00.000Z'))).toBe('event_over');
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

describe('doorSession and eventDoorWindow', () => {
  const day = (date: string, id: string) => ({ id, window: doorWindow({ date, startTime: '22:00', endTime: '05:00' }, 120) });
  const sessions = [day('2026-03-13', 'sex'), day('2026-03-14', 'sab'), day('2026-03-15', 'dom')];

  it('picks the session whose window holds now, else the next to open, else the last', () => {
    // 14/03 23:30 in São Paulo: Saturday's night.
    expect(doorSession(sessions, new Date('2026-03-15T02:30:00Z'))?.id).toBe('sab');
    // 14/03 12:00: between Friday's end and Saturday's opening.
    expect(doorSession(sessions, new Date('2026-03-14T15:00:00Z'))?.id).toBe('sab');
    expect(doorSession(sessions, new Date('2026-03-01T15:00:00Z'))?.id).toBe('sex');
    expect(doorSession(sessions, new Date('2026-04-01T15:00:00Z'))?.id).toBe('dom');
    expect(doorSession([], new Date())).toBeNull();
  });

  it("takes the operator's pick over the clock", () => {
    expect(doorSession(sessions, new Date('2026-03-15T02:30:00Z'), 'dom')?.id).toBe('dom');
    expect(doorSession(sessions, new Date('2026-03-15T02:30:00Z'), 'outra')?.id).toBe('sab');
  });

  it('opens the door of an event with sessions at its first session and closes it after its last', () => {
    const own = doorWindow({ date: '2026-03-13', startTime: '22:00', endTime: '05:00' }, 120);
    const window = eventDoorWindow(own, sessions);
    expect(window.opensAt.toISOString()).toBe('2026-03-13T23:00:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2026-03-16T08:00:00.000Z');
    expect(eventDoorWindow(own, [])).toBe(own);
  });
});
