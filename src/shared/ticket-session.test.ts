import { describe, expect, it } from 'vitest';
import { ticketSession } from './ticket-session';

const session = (id: string, date: string) => ({ id, name: id, date, startTime: '22:00', endTime: '04:00' });
const friday = session('sexta', '2026-03-13');
const saturday = session('sabado', '2026-03-14');
const sunday = session('domingo', '2026-03-15');
const sessions = [friday, saturday, sunday];
// São Paulo is UTC-3: Friday 22:00 is 2026-03-14T01:00Z; each session ends at 04:00 the day after.
const at = (iso: string) => new Date(iso);

describe('ticketSession', () => {
  it('names the one session of a single-day ticket, before, during and after it', () => {
    for (const now of ['2026-03-10T12:00:00Z', '2026-03-16T02:00:00Z', '2026-03-20T12:00:00Z']) {
      expect(ticketSession(sessions, ['domingo'], at(now))?.id).toBe('domingo');
    }
  });

  it('names the session on now, else the next one, of a pass; the last once all are over', () => {
    expect(ticketSession(sessions, [], at('2026-03-10T12:00:00Z'))?.id).toBe('sexta');
    expect(ticketSession(sessions, [], at('2026-03-14T06:59:00Z'))?.id).toBe('sexta');
    expect(ticketSession(sessions, [], at('2026-03-14T07:00:00Z'))?.id).toBe('sabado');
    expect(ticketSession(sessions, ['sexta', 'domingo'], at('2026-03-14T12:00:00Z'))?.id).toBe('domingo');
    expect(ticketSession(sessions, [], at('2026-03-20T12:00:00Z'))?.id).toBe('domingo');
  });

  it('is null for an event without sessions', () => {
    expect(ticketSession([], [], at('2026-03-10T12:00:00Z'))).toBeNull();
  });
});
