import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  type AdmissionInput,
  chooseDoorSession,
  decideAdmission,
  doorWindowState,
  hashTicketCode,
  listedTicketStatuses,
  offlineTicketStatus,
  turnsIn,
} from './admission';
import { refusalMessage } from './door-verdict';
import { orderStatuses, ticketStatuses } from './statuses';

/** What a first entry is decided as: turn 1, not a re-entry. */
const FIRST_ENTRY = { admitted: true, direction: 'in', entryNumber: 1, isReentry: false };

const firstEntry = new Date('2025-03-15T23:03:00.000Z');

function decide(ticket: Partial<NonNullable<AdmissionInput['ticket']>>, door: Partial<Omit<AdmissionInput, 'ticket'>> = {}) {
  return decideAdmission({
    ticket: { status: 'valid', orderStatus: 'completed', eventId: 'ev1', checkedInAt: null, ...ticket },
    doorEventId: 'ev1',
    isEventCancelled: false,
    window: 'open',
    ...door,
  });
}

describe('decideAdmission', () => {
  it('admits a paid, unused ticket of the door event while the door is open', () => {
    expect(decide({})).toEqual(FIRST_ENTRY);
  });

  it('refuses a code no ticket carries', () => {
    expect(decideAdmission({ ticket: null, doorEventId: 'ev1', isEventCancelled: false, window: 'open' })).toEqual({
      admitted: false,
      reason: 'unknown_code',
    });
  });

  it('refuses a ticket of another event before anything else about it', () => {
    expect(decide({ eventId: 'ev2', status: 'refunded', checkedInAt: firstEntry }, { window: 'too_early' })).toEqual({
      admitted: false,
      reason: 'other_event',
    });
  });

  it('refuses every ticket of a cancelled event', () => {
    expect(decide({}, { isEventCancelled: true })).toEqual({ admitted: false, reason: 'cancelled' });
  });

  it('refuses before the door opens and after the event ends, even a used ticket', () => {
    expect(decide({}, { window: 'too_early' })).toEqual({ admitted: false, reason: 'too_early' });
    expect(decide({ checkedInAt: firstEntry }, { window: 'event_over' })).toEqual({ admitted: false, reason: 'event_over' });
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

describe('offlineTicketStatus', () => {
  const ticket = { status: 'valid' as const, orderStatus: 'completed', eventId: 'ev1', checkedInAt: null };

  it('lists what the door would say of each ticket at its own open door', () => {
    expect(offlineTicketStatus(ticket)).toBe('valid');
    expect(offlineTicketStatus({ ...ticket, checkedInAt: firstEntry })).toBe('used');
    expect(offlineTicketStatus({ ...ticket, status: 'refunded' })).toBe('refunded');
    expect(offlineTicketStatus({ ...ticket, status: 'cancelled' })).toBe('cancelled');
    expect(offlineTicketStatus({ ...ticket, orderStatus: 'pending' })).toBe('not_paid');
  });

  it('reads back as statuses the door says the same of, for every ticket and order status', () => {
    for (const status of ticketStatuses) {
      for (const orderStatus of orderStatuses) {
        for (const checkedInAt of [null, firstEntry]) {
          const listed = {
            ...listedTicketStatuses(offlineTicketStatus({ ...ticket, status, orderStatus, checkedInAt })),
            eventId: 'ev1',
            checkedInAt,
          };
          expect(decide(listed), `${status} ${orderStatus} ${checkedInAt}`).toEqual(decide({ status, orderStatus, checkedInAt }));
        }
      }
    }
  });
});

describe('sessions and exit scans', () => {
  const saturday = { id: 'sab', label: 'Sábado 14/03' };
  const at = (iso: string) => new Date(iso);
  const scans = [
    { sessionId: 'sex', direction: 'in' as const, at: at('2026-03-14T01:00:00Z'), gate: 'Portão 1' },
    { sessionId: 'sab', direction: 'in' as const, at: at('2026-03-15T02:40:00Z'), gate: 'Portão 2' },
    { sessionId: 'sab', direction: 'out' as const, at: at('2026-03-15T04:12:00Z'), gate: 'Portão 2' },
  ];

  it("counts a ticket's entries and exits in one session only", () => {
    expect(turnsIn(scans, 'sab')).toEqual({
      entries: 1,
      exits: 1,
      firstEntryAt: at('2026-03-15T02:40:00Z'),
      lastEntryAt: at('2026-03-15T02:40:00Z'),
      firstEntryGate: 'Portão 2',
    });
    expect(turnsIn(scans, 'sex')).toMatchObject({ entries: 1, exits: 0, firstEntryGate: 'Portão 1' });
    expect(turnsIn(scans, 'dom')).toMatchObject({ entries: 0, exits: 0, firstEntryAt: null });
  });

  it('refuses a ticket on a session its sector does not cover, naming the sessions it covers', () => {
    expect(decide({ sessions: [saturday] }, { sessionId: 'sex' })).toEqual({
      admitted: false,
      reason: 'wrong_session',
      validSessions: ['Sábado 14/03'],
    });
    expect(refusalMessage('wrong_session', { validSessions: ['Sábado 14/03'] })).toBe(
      'Ingresso não vale para esta sessão (vale para: Sábado 14/03)',
    );
    expect(decide({ sessions: [saturday] }, { sessionId: 'sab' })).toEqual(FIRST_ENTRY);
    // No sessions listed for the sector: every session.
    expect(decide({ sessions: [] }, { sessionId: 'sex' })).toEqual(FIRST_ENTRY);
  });

  it('admits a pass once per session: its entry of another day does not count', () => {
    const friday = turnsIn(scans, 'sex');
    expect(decide({ turns: friday, checkedInAt: friday.firstEntryAt }, { sessionId: 'sex' })).toEqual({
      admitted: false,
      reason: 'already_used',
      checkedInAt: at('2026-03-14T01:00:00Z'),
    });
    expect(decide({ turns: turnsIn(scans, 'dom') }, { sessionId: 'dom' })).toEqual(FIRST_ENTRY);
  });

  it('without exit scans, an exit lets nobody out and a ticket that went in stays used', () => {
    expect(decide({}, { direction: 'out' })).toEqual({ admitted: false, reason: 'not_inside' });
    expect(decide({ checkedInAt: firstEntry }, { direction: 'out' })).toEqual({ admitted: false, reason: 'not_inside' });
  });

  it('with exit scans: out once inside, back in as a re-entry, never inside twice', () => {
    const inside = { entries: 1, exits: 0, firstEntryAt: firstEntry, lastEntryAt: firstEntry, firstEntryGate: null };
    const out = { ...inside, exits: 1 };
    expect(decide({ turns: inside }, { exitScans: true })).toEqual({ admitted: false, reason: 'already_inside', checkedInAt: firstEntry });
    expect(refusalMessage('already_inside', { checkedInAt: '2026-03-15T02:40:00Z' }, at('2026-03-15T02:50:00Z'))).toBe(
      'Já está dentro desde 23:40',
    );
    expect(decide({ turns: inside }, { exitScans: true, direction: 'out' })).toEqual({
      admitted: true,
      direction: 'out',
      entryNumber: 1,
      isReentry: false,
    });
    expect(decide({ turns: out }, { exitScans: true, direction: 'out' })).toEqual({ admitted: false, reason: 'not_inside' });
    expect(decide({ turns: out }, { exitScans: true })).toEqual({ admitted: true, direction: 'in', entryNumber: 2, isReentry: true });
  });
});

describe('doorWindowState and chooseDoorSession', () => {
  const window = (opensAt: string, closesAt: string) => ({ opensAt: new Date(opensAt), closesAt: new Date(closesAt) });
  const sessions = [
    { id: 'sex', window: window('2026-03-13T21:00:00Z', '2026-03-14T08:00:00Z') },
    { id: 'sab', window: window('2026-03-14T21:00:00Z', '2026-03-15T08:00:00Z') },
  ];
  const pick = (now: string, picked?: string) => chooseDoorSession(sessions, new Date(now), picked, (s) => s.window)?.id;

  it('opens at the opening instant and closes at the closing one', () => {
    expect(doorWindowState(sessions[0].window, new Date('2026-03-13T20:59:59.999Z'))).toBe('too_early');
    expect(doorWindowState(sessions[0].window, new Date('2026-03-13T21:00:00Z'))).toBe('open');
    expect(doorWindowState(sessions[0].window, new Date('2026-03-14T08:00:00Z'))).toBe('event_over');
  });

  it("takes the operator's pick, else the session open now, else the next to open, else the last", () => {
    expect(pick('2026-03-14T02:00:00Z', 'sab')).toBe('sab');
    expect(pick('2026-03-14T02:00:00Z', 'outra')).toBe('sex');
    expect(pick('2026-03-14T12:00:00Z')).toBe('sab');
    expect(pick('2026-03-01T12:00:00Z')).toBe('sex');
    expect(pick('2026-04-01T12:00:00Z')).toBe('sab');
    expect(chooseDoorSession([], new Date(), null, () => sessions[0].window)).toBeNull();
  });
});

describe('hashTicketCode', () => {
  it("is base64url of the code's SHA-256, as node:crypto computes it", () => {
    for (const code of [
      '',
      'NL1.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBB',
      'NL1.código-ção',
      'x'.repeat(55),
      'y'.repeat(64),
      'z'.repeat(1000),
    ]) {
      expect(hashTicketCode(code)).toBe(createHash('sha256').update(code, 'utf8').digest('base64url'));
    }
  });

  it('gives the FIPS 180-4 digest of "abc"', () => {
    expect(Buffer.from(hashTicketCode('abc'), 'base64url').toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
