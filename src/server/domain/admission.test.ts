import { describe, expect, it } from 'vitest';
import {
  type AdmissionInput,
  OFFLINE_CLOCK_SKEW_MS,
  type RefusalReason,
  admissionAtDoor,
  decideAdmission,
  decideScan,
  offlineTicketStatus,
  refusalMessage,
  documentCheckOf,
  turnsIn,
} from './admission';

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

describe('admissionAtDoor', () => {
  const ticket = { status: 'valid' as const, orderStatus: 'completed', eventId: 'ev1', checkedInAt: null, isEventCancelled: true };

  it("reads the cancellation of the ticket's event as the door's when the door works that event", () => {
    expect(decideAdmission(admissionAtDoor(ticket, 'ev1', 'open'))).toEqual({ admitted: false, reason: 'cancelled' });
  });

  it("says 'other_event' at another event's door, whatever became of the ticket's own event", () => {
    expect(decideAdmission(admissionAtDoor(ticket, 'ev2', 'open'))).toEqual({ admitted: false, reason: 'other_event' });
  });

  it('asks with no ticket when the code names none', () => {
    expect(decideAdmission(admissionAtDoor(null, 'ev1', 'too_early'))).toEqual({ admitted: false, reason: 'unknown_code' });
  });

  it("refuses a transferred ticket's old code as transferred at any door, at any time", () => {
    for (const window of ['open', 'too_early', 'event_over'] as const) {
      expect(decideAdmission(admissionAtDoor(null, 'ev1', window, true))).toEqual({ admitted: false, reason: 'transferred' });
    }
  });

  it('reads a code a ticket carries now as that ticket, whatever a transfer flag says', () => {
    const valid = { ...ticket, isEventCancelled: false };
    expect(decideAdmission(admissionAtDoor(valid, 'ev1', 'open', true))).toEqual(FIRST_ENTRY);
  });
});

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
});

describe('documentCheckOf', () => {
  it('names the document of each half-price category, and none for full price', () => {
    expect(documentCheckOf('student')).toBe('Conferir carteira de estudante (CIE)');
    expect(documentCheckOf('senior')).toMatch(/60 anos/);
    expect(documentCheckOf(null)).toBeNull();
  });
});

describe('refusalMessage', () => {
  it('says when a used ticket entered, in São Paulo time', () => {
    expect(refusalMessage('already_used', { checkedInAt: firstEntry })).toBe('Ingresso já utilizado em 15/03/2025 às 20:03');
  });

  it('says a ticket was used even without the time', () => {
    expect(refusalMessage('already_used')).toBe('Ingresso já utilizado');
  });

  it('names the event a ticket of another event belongs to', () => {
    expect(refusalMessage('other_event', { eventTitle: 'Baile do Havaí' })).toBe('Ingresso de outro evento: Baile do Havaí');
  });

  it('says from when the door admits, in São Paulo time', () => {
    expect(refusalMessage('too_early', { opensAt: new Date('2025-03-15T19:00:00Z') })).toBe('Entrada a partir de 15/03 às 16:00');
  });

  it('explains every other refusal in Portuguese', () => {
    const messages: Partial<Record<RefusalReason, string>> = {
      not_paid: 'Pagamento não confirmado para este ingresso',
      refunded: 'Ingresso reembolsado',
      cancelled: 'Ingresso cancelado',
      other_event: 'Ingresso de outro evento',
      event_over: 'Evento encerrado',
      not_on_list: 'Ingresso não encontrado na lista offline',
      offline_out_of_window: 'Conflito: leitura offline fora do horário de entrada do evento',
      nonce_reused: 'Leitura não registrada: identificador repetido. Escaneie o código de novo.',
      unknown_code: 'Código não reconhecido',
      transferred: 'Ingresso transferido',
    };
    for (const [reason, message] of Object.entries(messages)) {
      expect(refusalMessage(reason as RefusalReason)).toBe(message);
    }
  });
});

describe('decideScan', () => {
  const ticket = { status: 'valid' as const, orderStatus: 'completed', eventId: 'ev1', checkedInAt: null };
  const at = { doorEventId: 'ev1', isEventCancelled: false };
  const syncedAt = new Date('2025-03-15T23:30:00.000Z');
  /** A device's decision at `scannedAt`, synced at syncedAt. */
  const offline = (accepted: boolean, scannedAt = new Date('2025-03-15T23:10:00.000Z'), reason?: RefusalReason) => ({ accepted, reason, scannedAt, syncedAt });

  it('online, says what decideAdmission says, never a conflict', () => {
    expect(decideScan({ ticket, ...at, window: 'open' })).toEqual(FIRST_ENTRY);
    expect(decideScan({ ticket, ...at, window: 'too_early' })).toEqual({ admitted: false, reason: 'too_early', conflict: false });
  });

  it('keeps an offline refusal with the device reason, and names none unknown_code', () => {
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(false, undefined, 'not_on_list') })).toEqual({ admitted: false, reason: 'not_on_list', conflict: false });
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(false) })).toEqual({ admitted: false, reason: 'unknown_code', conflict: false });
  });

  it('turns an offline admission dated inside the door window into the entry', () => {
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(true) })).toEqual(FIRST_ENTRY);
  });

  it('flags an offline admission dated outside the door window, burning nothing', () => {
    for (const window of ['too_early', 'event_over'] as const) {
      expect(decideScan({ ticket, ...at, window, device: offline(true) })).toEqual({ admitted: false, reason: 'offline_out_of_window', conflict: true });
    }
  });

  it('believes a device clock a little ahead of the server, not a scan dated later than that after the sync', () => {
    const justAhead = new Date(syncedAt.getTime() + OFFLINE_CLOCK_SKEW_MS);
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(true, justAhead) })).toEqual(FIRST_ENTRY);
    const tooFar = new Date(justAhead.getTime() + 1);
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(true, tooFar) })).toEqual({ admitted: false, reason: 'offline_out_of_window', conflict: true });
  });

  it('flags an offline admission the server would refuse: a used ticket as offline_conflict with its entry', () => {
    expect(decideScan({ ticket: { ...ticket, checkedInAt: firstEntry }, ...at, window: 'open', device: offline(true) })).toEqual({
      admitted: false, reason: 'offline_conflict', checkedInAt: firstEntry, conflict: true,
    });
    expect(decideScan({ ticket: { ...ticket, status: 'refunded' }, ...at, window: 'open', device: offline(true) })).toEqual({
      admitted: false, reason: 'refunded', conflict: true,
    });
  });

  it("flags an offline admission of a transferred ticket's old code as transferred, and keeps a device's refusal as transferred", () => {
    expect(decideScan({ ticket: null, isTransferredCode: true, ...at, window: 'open', device: offline(true) })).toEqual({
      admitted: false, reason: 'transferred', conflict: true,
    });
    expect(decideScan({ ticket: null, isTransferredCode: true, ...at, window: 'open', device: offline(false, undefined, 'transferred') })).toEqual({
      admitted: false, reason: 'transferred', conflict: false,
    });
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

  it('counts a ticket\'s entries and exits in one session only', () => {
    expect(turnsIn(scans, 'sab')).toEqual({ entries: 1, exits: 1, firstEntryAt: at('2026-03-15T02:40:00Z'), lastEntryAt: at('2026-03-15T02:40:00Z'), firstEntryGate: 'Portão 2' });
    expect(turnsIn(scans, 'sex')).toMatchObject({ entries: 1, exits: 0, firstEntryGate: 'Portão 1' });
    expect(turnsIn(scans, 'dom')).toMatchObject({ entries: 0, exits: 0, firstEntryAt: null });
  });

  it('refuses a ticket on a session its sector does not cover, naming the sessions it covers', () => {
    expect(decide({ sessions: [saturday] }, { sessionId: 'sex' })).toEqual({ admitted: false, reason: 'wrong_session', validSessions: ['Sábado 14/03'] });
    expect(refusalMessage('wrong_session', { validSessions: ['Sábado 14/03'] })).toBe('Ingresso não vale para esta sessão (vale para: Sábado 14/03)');
    expect(decide({ sessions: [saturday] }, { sessionId: 'sab' })).toEqual(FIRST_ENTRY);
    // No sessions listed for the sector: every session.
    expect(decide({ sessions: [] }, { sessionId: 'sex' })).toEqual(FIRST_ENTRY);
  });

  it('admits a pass once per session: its entry of another day does not count', () => {
    const friday = turnsIn(scans, 'sex');
    expect(decide({ turns: friday, checkedInAt: friday.firstEntryAt }, { sessionId: 'sex' })).toEqual({ admitted: false, reason: 'already_used', checkedInAt: at('2026-03-14T01:00:00Z') });
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
    expect(refusalMessage('already_inside', { checkedInAt: '2026-03-15T02:40:00Z' }, at('2026-03-15T02:50:00Z'))).toBe('Já está dentro desde 23:40');
    expect(decide({ turns: inside }, { exitScans: true, direction: 'out' })).toEqual({ admitted: true, direction: 'out', entryNumber: 1, isReentry: false });
    expect(decide({ turns: out }, { exitScans: true, direction: 'out' })).toEqual({ admitted: false, reason: 'not_inside' });
    expect(decide({ turns: out }, { exitScans: true })).toEqual({ admitted: true, direction: 'in', entryNumber: 2, isReentry: true });
  });

  it('takes an offline re-entry of a ticket already inside as a flagged conflict', () => {
    const inside = { entries: 1, exits: 0, firstEntryAt: firstEntry, lastEntryAt: firstEntry, firstEntryGate: null };
    const device = { accepted: true, scannedAt: firstEntry, syncedAt: firstEntry };
    expect(
      decideScan({ ticket: { status: 'valid', orderStatus: 'completed', eventId: 'ev1', checkedInAt: firstEntry, turns: inside }, doorEventId: 'ev1', isEventCancelled: false, window: 'open', exitScans: true, device }),
    ).toEqual({ admitted: false, reason: 'offline_conflict', checkedInAt: firstEntry, conflict: true });
  });
});
