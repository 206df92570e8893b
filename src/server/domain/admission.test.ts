import { describe, expect, it } from 'vitest';
import { hashTicketCode } from '../../shared/admission';
import {
  OFFLINE_CLOCK_SKEW_MS,
  type RefusalReason,
  admissionAtDoor,
  decideAdmission,
  decideScan,
  offlineTicketOf,
  refusalMessage,
  documentCheckOf,
} from './admission';

/** What a first entry is decided as: turn 1, not a re-entry. */
const FIRST_ENTRY = { admitted: true, direction: 'in', entryNumber: 1, isReentry: false };

const firstEntry = new Date('2025-03-15T23:03:00.000Z');

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
      not_on_list: 'Não está na lista deste aparelho',
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
  const offline = (accepted: boolean, scannedAt = new Date('2025-03-15T23:10:00.000Z'), reason?: RefusalReason) => ({
    accepted,
    reason,
    scannedAt,
    syncedAt,
  });

  it('online, says what decideAdmission says, never a conflict', () => {
    expect(decideScan({ ticket, ...at, window: 'open' })).toEqual(FIRST_ENTRY);
    expect(decideScan({ ticket, ...at, window: 'too_early' })).toEqual({ admitted: false, reason: 'too_early', conflict: false });
  });

  it('keeps an offline refusal with the device reason, and names none unknown_code', () => {
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(false, undefined, 'not_on_list') })).toEqual({
      admitted: false,
      reason: 'not_on_list',
      conflict: false,
    });
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(false) })).toEqual({
      admitted: false,
      reason: 'unknown_code',
      conflict: false,
    });
  });

  it('turns an offline admission dated inside the door window into the entry', () => {
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(true) })).toEqual(FIRST_ENTRY);
  });

  it('flags an offline admission dated outside the door window, burning nothing', () => {
    for (const window of ['too_early', 'event_over'] as const) {
      expect(decideScan({ ticket, ...at, window, device: offline(true) })).toEqual({
        admitted: false,
        reason: 'offline_out_of_window',
        conflict: true,
      });
    }
  });

  it('believes a device clock a little ahead of the server, not a scan dated later than that after the sync', () => {
    const justAhead = new Date(syncedAt.getTime() + OFFLINE_CLOCK_SKEW_MS);
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(true, justAhead) })).toEqual(FIRST_ENTRY);
    const tooFar = new Date(justAhead.getTime() + 1);
    expect(decideScan({ ticket, ...at, window: 'open', device: offline(true, tooFar) })).toEqual({
      admitted: false,
      reason: 'offline_out_of_window',
      conflict: true,
    });
  });

  it('flags an offline admission the server would refuse: a used ticket as offline_conflict with its entry', () => {
    expect(decideScan({ ticket: { ...ticket, checkedInAt: firstEntry }, ...at, window: 'open', device: offline(true) })).toEqual({
      admitted: false,
      reason: 'offline_conflict',
      checkedInAt: firstEntry,
      conflict: true,
    });
    expect(decideScan({ ticket: { ...ticket, status: 'refunded' }, ...at, window: 'open', device: offline(true) })).toEqual({
      admitted: false,
      reason: 'refunded',
      conflict: true,
    });
  });

  it("flags an offline admission of a transferred ticket's old code as transferred, and keeps a device's refusal as transferred", () => {
    expect(decideScan({ ticket: null, isTransferredCode: true, ...at, window: 'open', device: offline(true) })).toEqual({
      admitted: false,
      reason: 'transferred',
      conflict: true,
    });
    expect(
      decideScan({ ticket: null, isTransferredCode: true, ...at, window: 'open', device: offline(false, undefined, 'transferred') }),
    ).toEqual({
      admitted: false,
      reason: 'transferred',
      conflict: false,
    });
  });
});

describe('decideScan with exit scans', () => {
  it('takes an offline re-entry of a ticket already inside as a flagged conflict', () => {
    const inside = { entries: 1, exits: 0, firstEntryAt: firstEntry, lastEntryAt: firstEntry, firstEntryGate: null };
    const device = { accepted: true, scannedAt: firstEntry, syncedAt: firstEntry };
    expect(
      decideScan({
        ticket: { status: 'valid', orderStatus: 'completed', eventId: 'ev1', checkedInAt: firstEntry, turns: inside },
        doorEventId: 'ev1',
        isEventCancelled: false,
        window: 'open',
        exitScans: true,
        device,
      }),
    ).toEqual({ admitted: false, reason: 'offline_conflict', checkedInAt: firstEntry, conflict: true });
  });
});

describe('offlineTicketOf', () => {
  const ticket = {
    code: 'NL1.codigo',
    status: 'valid' as const,
    orderStatus: 'completed',
    eventId: 'ev1',
    checkedInAt: firstEntry,
    holderName: 'Ana Lima',
    sectorName: 'Pista · Meia-entrada (Estudante)',
    concession: 'student' as const,
    sessionIds: [],
    scans: [{ sessionId: null, direction: 'in' as const, at: firstEntry, gate: 'Portão 1' }],
  };

  it('names a ticket by its hash, with its holder, the document to ask for and its entry', () => {
    expect(offlineTicketOf(ticket, { isCancelled: false, sessionIds: [], exitScans: false })).toEqual({
      hash: hashTicketCode('NL1.codigo'),
      holderName: 'Ana Lima',
      sectorName: 'Pista · Meia-entrada (Estudante)',
      documentCheck: 'Conferir carteira de estudante (CIE)',
      status: 'used',
      checkedInAt: firstEntry.toISOString(),
    });
  });

  it('lists every ticket of a cancelled event as cancelled', () => {
    expect(offlineTicketOf(ticket, { isCancelled: true, sessionIds: [], exitScans: false }).status).toBe('cancelled');
  });

  it('with sessions or exit scans, carries its turns per session and is not used by an entry', () => {
    const listed = offlineTicketOf(
      { ...ticket, sessionIds: ['sab'], scans: [{ ...ticket.scans[0], sessionId: 'sab' }] },
      { isCancelled: false, sessionIds: ['sex', 'sab'], exitScans: false },
    );
    expect(listed).toMatchObject({
      status: 'valid',
      sessionIds: ['sab'],
      turns: [{ sessionId: 'sab', entries: 1, exits: 0, firstEntryAt: firstEntry.toISOString(), lastEntryAt: firstEntry.toISOString() }],
    });
    expect(offlineTicketOf(ticket, { isCancelled: false, sessionIds: [], exitScans: true })).toMatchObject({
      status: 'valid',
      turns: [{ sessionId: null, entries: 1 }],
    });
  });
});
