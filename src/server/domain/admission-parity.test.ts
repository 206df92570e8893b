import { describe, expect, it } from 'vitest';
import type { Concession } from '../../shared/concessions';
import { type AcceptedScan, hashTicketCode, turnsIn } from '../../shared/admission';
import { rotatingQrFreshness, rotatingQrPayload, splitQrPayload } from '../../shared/rotating-qr';
import type { DoorOfflineData, RefusalReason } from '../../shared/schemas/tickets';
import type { ScanDirection } from '../../shared/statuses';
// The one place the server's door and the device's meet: each row goes through both and must get
// the same verdict. offline-decision.ts imports only src/shared, so nothing of the web comes along.
// eslint-disable-next-line import-x/no-restricted-paths
import { decideOnDevice } from '../../web/features/door/lib/offline-decision';
import { admissionAtDoor, decideScan, documentCheckOf, offlineTicketOf } from './admission';
import { doorSession, type DoorWindow, doorWindowState } from './door-window';
import { rotationSecretOf } from './rotation-secret';

// The same door question asked the server's way (services/door/admit-scans.ts over the ticket's
// row and its accepted scans, check-in-ticket.ts for the window, session and rotating QR) and the
// device's way (the list services/door/get-offline-data.ts writes through offlineTicketOf, read by
// use-offline-door.ts through decideOnDevice). Both reach shared/admission.ts decideAdmission.

const SIGNING_KEY = Buffer.alloc(32, 7);
const EVENT_ID = 'ev1';
const window = (opensAt: string, closesAt: string): DoorWindow => ({ opensAt: new Date(opensAt), closesAt: new Date(closesAt) });

/** A night without sessions: the door opens 16:00 and closes at midnight, São Paulo (UTC-3). */
const NIGHT = window('2025-03-15T19:00:00.000Z', '2025-03-16T03:00:00.000Z');
const AT_NIGHT = '2025-03-15T23:00:00.000Z';

/** A festival on two nights, each a session with its own door. */
const SESSIONS = [
  {
    id: 'sex',
    name: 'Sexta',
    label: 'Sexta 13/03',
    date: '2026-03-13',
    startTime: '22:00:00',
    endTime: '05:00:00',
    window: window('2026-03-13T21:00:00.000Z', '2026-03-14T08:00:00.000Z'),
  },
  {
    id: 'sab',
    name: 'Sábado',
    label: 'Sábado 14/03',
    date: '2026-03-14',
    startTime: '22:00:00',
    endTime: '05:00:00',
    window: window('2026-03-14T21:00:00.000Z', '2026-03-15T08:00:00.000Z'),
  },
];
const FESTIVAL = window('2026-03-13T21:00:00.000Z', '2026-03-15T08:00:00.000Z');
const FRIDAY_NIGHT = '2026-03-14T02:00:00.000Z';
const SATURDAY_NIGHT = '2026-03-15T02:00:00.000Z';

interface Door {
  sessions?: boolean;
  exitScans?: boolean;
  rotatingQr?: boolean;
  cancelled?: boolean;
}

interface Ticket {
  status: 'valid' | 'refunded' | 'cancelled';
  orderStatus: string;
  eventId: string;
  sectorName: string;
  concession: Concession | null;
  sessionIds: string[];
  /** Its accepted scans before this one (UTC ISO). */
  scans: { sessionId: string | null; direction: ScanDirection; at: string }[];
}

/** What the door shows: let in (and how) or refused (and why, with the time and the sessions it names). */
type Verdict =
  | { accepted: true; direction: ScanDirection; isReentry: boolean; documentCheck: string | null; sessionLabel: string | null }
  | { accepted: false; reason: RefusalReason; checkedInAt: string | null; validSessions?: string[] };

interface Row {
  name: string;
  /** The ticket the code names (null: no ticket carries it). */
  ticket: Partial<Ticket> | null;
  door?: Door;
  /** When the scan happens (UTC ISO). */
  at: string;
  /** The session the operator picked and the direction. */
  turn?: { sessionId?: string; direction?: ScanDirection };
  /** For a rotating QR: a TOTP of now ('fresh'), of five minutes ago ('stale'), or the code alone ('none'). */
  qr?: 'fresh' | 'stale' | 'none';
  /** The code is one a ticket carried before it was transferred to someone else. */
  transferred?: boolean;
  /** Who knows of the earlier scans: the server before the list was read ('list'), or this device alone ('device'). */
  scansOn?: 'list' | 'device';
  verdict: Verdict;
  /** The device's verdict where its list cannot tell what the server can (a code it does not hold). */
  onDevice?: Verdict;
}

const admitted = (extra: Partial<Extract<Verdict, { accepted: true }>> = {}): Verdict => ({
  accepted: true,
  direction: 'in',
  isReentry: false,
  documentCheck: null,
  sessionLabel: null,
  ...extra,
});
const refused = (reason: RefusalReason, extra: Partial<Extract<Verdict, { accepted: false }>> = {}): Verdict => ({
  accepted: false,
  reason,
  checkedInAt: null,
  ...extra,
});
const notOnList = refused('not_on_list');

const rows: Row[] = [
  { name: 'a paid ticket, first entry', ticket: {}, at: AT_NIGHT, verdict: admitted() },
  {
    name: 'a courtesy ticket (an order the back office issued, nothing paid)',
    ticket: { sectorName: 'Cortesia' },
    at: AT_NIGHT,
    verdict: admitted(),
  },
  {
    name: "a meia-entrada ticket: let in, asking for its category's document",
    ticket: { concession: 'student' },
    at: AT_NIGHT,
    verdict: admitted({ documentCheck: 'Conferir carteira de estudante (CIE)' }),
  },
  {
    name: 'already in, entry known to the server',
    ticket: { scans: [{ sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' }] },
    at: AT_NIGHT,
    verdict: refused('already_used', { checkedInAt: '2025-03-15T22:10:00.000Z' }),
  },
  {
    name: 'already in, let in by this device offline',
    ticket: { scans: [{ sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' }] },
    scansOn: 'device',
    at: AT_NIGHT,
    verdict: refused('already_used', { checkedInAt: '2025-03-15T22:10:00.000Z' }),
  },
  {
    name: 'an exit where the event scans no exits',
    ticket: { scans: [{ sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' }] },
    at: AT_NIGHT,
    turn: { direction: 'out' },
    verdict: refused('not_inside'),
  },
  {
    name: 'exit scans: an entry of a ticket inside',
    ticket: { scans: [{ sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' }] },
    door: { exitScans: true },
    at: AT_NIGHT,
    verdict: refused('already_inside', { checkedInAt: '2025-03-15T22:10:00.000Z' }),
  },
  {
    name: 'exit scans: an exit of a ticket inside',
    ticket: { scans: [{ sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' }] },
    door: { exitScans: true },
    at: AT_NIGHT,
    turn: { direction: 'out' },
    verdict: admitted({ direction: 'out' }),
  },
  {
    name: 'exit scans: an exit of a ticket not inside',
    ticket: {},
    door: { exitScans: true },
    at: AT_NIGHT,
    turn: { direction: 'out' },
    verdict: refused('not_inside'),
  },
  ...(['list', 'device'] as const).map((scansOn): Row => ({
    name: `exit scans: back in after going out (scans known to the ${scansOn === 'list' ? 'server' : 'device'})`,
    ticket: {
      scans: [
        { sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' },
        { sessionId: null, direction: 'out', at: '2025-03-15T22:40:00.000Z' },
      ],
    },
    door: { exitScans: true },
    scansOn,
    at: AT_NIGHT,
    verdict: admitted({ isReentry: true }),
  })),
  { name: 'a refunded ticket', ticket: { status: 'refunded', orderStatus: 'refunded' }, at: AT_NIGHT, verdict: refused('refunded') },
  { name: 'a ticket of a refunded order', ticket: { orderStatus: 'refunded' }, at: AT_NIGHT, verdict: refused('refunded') },
  {
    name: 'a ticket refunded after it got in',
    ticket: { status: 'refunded', orderStatus: 'refunded', scans: [{ sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' }] },
    at: AT_NIGHT,
    verdict: refused('refunded'),
  },
  { name: 'a cancelled ticket', ticket: { status: 'cancelled' }, at: AT_NIGHT, verdict: refused('cancelled') },
  { name: 'a ticket of a cancelled order', ticket: { orderStatus: 'cancelled' }, at: AT_NIGHT, verdict: refused('cancelled') },
  { name: 'an order not paid yet', ticket: { orderStatus: 'pending' }, at: AT_NIGHT, verdict: refused('not_paid') },
  { name: 'an order whose payment failed', ticket: { orderStatus: 'failed' }, at: AT_NIGHT, verdict: refused('not_paid') },
  {
    name: 'a ticket of an event its organizer cancelled',
    ticket: { status: 'cancelled', orderStatus: 'refunded' },
    door: { cancelled: true },
    at: AT_NIGHT,
    verdict: refused('cancelled'),
  },
  {
    name: 'a cancelled event, before its door would open',
    ticket: { status: 'cancelled', orderStatus: 'refunded' },
    door: { cancelled: true },
    at: '2025-03-15T18:00:00.000Z',
    verdict: refused('cancelled'),
  },
  { name: "a transferred ticket's old code", ticket: null, transferred: true, at: AT_NIGHT, verdict: refused('transferred') },
  { name: "another event's ticket", ticket: { eventId: 'ev2' }, at: AT_NIGHT, verdict: refused('other_event'), onDevice: notOnList },
  { name: 'a code no ticket carries', ticket: null, at: AT_NIGHT, verdict: refused('unknown_code'), onDevice: notOnList },
  { name: 'before the door opens', ticket: {}, at: '2025-03-15T18:59:59.999Z', verdict: refused('too_early') },
  {
    name: 'a refunded ticket before the door opens',
    ticket: { status: 'refunded', orderStatus: 'refunded' },
    at: '2025-03-15T18:00:00.000Z',
    verdict: refused('too_early'),
  },
  { name: 'after the event ends', ticket: {}, at: '2025-03-16T03:00:00.000Z', verdict: refused('event_over') },
  {
    name: 'a used ticket after the event ends',
    ticket: { scans: [{ sessionId: null, direction: 'in', at: '2025-03-15T22:10:00.000Z' }] },
    at: '2025-03-16T04:00:00.000Z',
    verdict: refused('event_over'),
  },
  {
    name: 'sessions: a Saturday ticket on Friday',
    ticket: { sessionIds: ['sab'] },
    door: { sessions: true },
    at: FRIDAY_NIGHT,
    verdict: refused('wrong_session', { validSessions: ['Sábado 14/03'] }),
  },
  {
    name: 'sessions: a Saturday ticket on Saturday',
    ticket: { sessionIds: ['sab'] },
    door: { sessions: true },
    at: SATURDAY_NIGHT,
    verdict: admitted({ sessionLabel: 'Sábado 14/03' }),
  },
  {
    name: 'sessions: a pass in on Friday, back on Saturday',
    ticket: { scans: [{ sessionId: 'sex', direction: 'in', at: '2026-03-14T01:00:00.000Z' }] },
    door: { sessions: true },
    at: SATURDAY_NIGHT,
    verdict: admitted({ sessionLabel: 'Sábado 14/03' }),
  },
  ...(['list', 'device'] as const).map((scansOn): Row => ({
    name: `sessions: a pass already in tonight (entry known to the ${scansOn === 'list' ? 'server' : 'device'})`,
    ticket: { scans: [{ sessionId: 'sex', direction: 'in', at: '2026-03-14T01:00:00.000Z' }] },
    door: { sessions: true },
    scansOn,
    at: FRIDAY_NIGHT,
    verdict: refused('already_used', { checkedInAt: '2026-03-14T01:00:00.000Z' }),
  })),
  {
    name: "sessions: the operator picked Saturday's door on Friday night",
    ticket: {},
    door: { sessions: true },
    turn: { sessionId: 'sab' },
    at: FRIDAY_NIGHT,
    verdict: refused('too_early'),
  },
  {
    name: 'sessions: between nights, the next not open yet',
    ticket: {},
    door: { sessions: true },
    at: '2026-03-14T12:00:00.000Z',
    verdict: refused('too_early'),
  },
  {
    name: 'sessions: after the last night',
    ticket: {},
    door: { sessions: true },
    at: '2026-03-15T08:00:00.000Z',
    verdict: refused('event_over'),
  },
  {
    name: 'sessions and exit scans: out and back in on Friday',
    ticket: {
      scans: [
        { sessionId: 'sex', direction: 'in', at: '2026-03-14T01:00:00.000Z' },
        { sessionId: 'sex', direction: 'out', at: '2026-03-14T01:30:00.000Z' },
      ],
    },
    door: { sessions: true, exitScans: true },
    scansOn: 'device',
    at: FRIDAY_NIGHT,
    verdict: admitted({ isReentry: true, sessionLabel: 'Sexta 13/03' }),
  },
  { name: 'a rotating QR with a fresh code', ticket: {}, door: { rotatingQr: true }, qr: 'fresh', at: AT_NIGHT, verdict: admitted() },
  {
    name: 'a rotating QR with a stale code (a screenshot)',
    ticket: {},
    door: { rotatingQr: true },
    qr: 'stale',
    at: AT_NIGHT,
    verdict: refused('qr_expired'),
  },
  {
    name: 'a rotating QR read without its code',
    ticket: {},
    door: { rotatingQr: true },
    qr: 'none',
    at: AT_NIGHT,
    verdict: refused('qr_expired'),
  },
];

function ticketOf(row: Row): Ticket | null {
  return (
    row.ticket && {
      status: 'valid',
      orderStatus: 'completed',
      eventId: EVENT_ID,
      sectorName: 'Pista',
      concession: null,
      sessionIds: [],
      scans: [],
      ...row.ticket,
    }
  );
}

function doorOf(row: Row) {
  const sessions = row.door?.sessions ? SESSIONS : [];
  return {
    sessions,
    window: sessions.length > 0 ? FESTIVAL : NIGHT,
    exitScans: !!row.door?.exitScans,
    rotatingQr: !!row.door?.rotatingQr,
    isCancelled: !!row.door?.cancelled,
  };
}

/** A code of a ticket's shape (shared/ticket-code-format.ts), one per row. */
const codeOf = (row: Row) => `NL1.${Buffer.alloc(16, rows.indexOf(row)).toString('base64url')}.${'A'.repeat(16)}`;
const scansOf = (ticket: Ticket): AcceptedScan[] => ticket.scans.map((s) => ({ ...s, at: new Date(s.at), gate: 'Portão 1' }));

/** What the QR shows: the code, with a TOTP where the event rotates. */
function readOf(row: Row): { code: string; otp: string | null } {
  const code = codeOf(row);
  if (!row.qr || row.qr === 'none') return { code, otp: null };
  const at = new Date(new Date(row.at).getTime() - (row.qr === 'stale' ? 5 * 60_000 : 0));
  return splitQrPayload(rotatingQrPayload(code, rotationSecretOf(SIGNING_KEY, code), at));
}

/** The server's verdict: the ticket as admit-scans.ts reads it (inSession), decided by decideScan. */
function onServer(row: Row): Verdict {
  const door = doorOf(row);
  const ticket = ticketOf(row);
  const at = new Date(row.at);
  const read = readOf(row);
  const session = doorSession(door.sessions, at, row.turn?.sessionId);
  const sessionId = session?.id ?? null;
  const scans = ticket ? scansOf(ticket) : [];
  const turns = scans.length > 0 ? turnsIn(scans, sessionId) : undefined;
  const state = ticket && {
    ...ticket,
    checkedInAt: turns ? turns.firstEntryAt : null,
    turns,
    sessions: ticket.sessionIds.map((id) => ({ id, label: SESSIONS.find((s) => s.id === id)?.label ?? id })),
    isEventCancelled: ticket.eventId === EVENT_ID && door.isCancelled,
  };
  const qr = door.rotatingQr && ticket ? rotatingQrFreshness(rotationSecretOf(SIGNING_KEY, read.code), read.otp, at) : undefined;
  const decision = decideScan(
    admissionAtDoor(state, EVENT_ID, doorWindowState(session?.window ?? door.window, at), !!row.transferred, qr, {
      sessionId,
      direction: row.turn?.direction,
      exitScans: door.exitScans,
    }),
  );
  if (decision.admitted) {
    return {
      accepted: true,
      direction: decision.direction,
      isReentry: decision.isReentry,
      documentCheck: documentCheckOf(ticket!.concession),
      sessionLabel: session?.label ?? null,
    };
  }
  return {
    accepted: false,
    reason: decision.reason,
    checkedInAt: decision.checkedInAt?.toISOString() ?? null,
    ...(decision.validSessions ? { validSessions: decision.validSessions } : {}),
  };
}

/** The device's verdict: the event's list as get-offline-data.ts writes it, this device's own earlier scans replayed, then the scan. */
function onDevice(row: Row): Verdict {
  const door = doorOf(row);
  const ticket = ticketOf(row);
  const code = codeOf(row);
  const knownToServer = row.scansOn !== 'device';
  const listed =
    ticket && ticket.eventId === EVENT_ID
      ? [
          offlineTicketOf(
            {
              ...ticket,
              code,
              holderName: 'Ana Lima',
              checkedInAt: knownToServer ? (scansOf(ticket).find((s) => s.direction === 'in')?.at ?? null) : null,
              scans: knownToServer ? scansOf(ticket) : [],
              ...(door.rotatingQr ? { rotationSecret: rotationSecretOf(SIGNING_KEY, code) } : {}),
            },
            { isCancelled: door.isCancelled, sessionIds: door.sessions.map((s) => s.id), exitScans: door.exitScans },
          ),
        ]
      : [];
  const list: DoorOfflineData = {
    event: {
      id: EVENT_ID,
      title: 'Noite da Portaria',
      opensAt: door.window.opensAt.toISOString(),
      closesAt: door.window.closesAt.toISOString(),
      ...(door.rotatingQr ? { rotatingQr: true } : {}),
      ...(door.sessions.length > 0
        ? {
            sessions: door.sessions.map(({ window, ...s }) => ({
              ...s,
              opensAt: window.opensAt.toISOString(),
              closesAt: window.closesAt.toISOString(),
            })),
          }
        : {}),
      ...(door.exitScans ? { exitScans: true } : {}),
      ...(door.isCancelled ? { isCancelled: true } : {}),
    },
    tickets: listed,
    transferredHashes: row.transferred ? [hashTicketCode(code)] : [],
    generatedAt: '2025-03-15T12:00:00.000Z',
  };
  const byHash = new Map(list.tickets.map((t) => [t.hash, t]));
  let kept: Record<string, string> = {};
  for (const scan of knownToServer || !ticket ? [] : ticket.scans) {
    const earlier = decideOnDevice(list, byHash, kept, { code, otp: null }, new Date(scan.at), {
      sessionId: scan.sessionId,
      direction: scan.direction,
    });
    expect(earlier.result.accepted, `${row.name}: this device's earlier scan at ${scan.at}`).toBe(true);
    kept = earlier.kept;
  }
  const { result } = decideOnDevice(list, byHash, kept, readOf(row), new Date(row.at), {
    sessionId: row.turn?.sessionId ?? null,
    direction: row.turn?.direction ?? 'in',
  });
  if (result.accepted) {
    return {
      accepted: true,
      direction: result.direction ?? 'in',
      isReentry: !!result.isReentry,
      documentCheck: result.documentCheck,
      sessionLabel: result.sessionLabel ?? null,
    };
  }
  return {
    accepted: false,
    reason: result.reason,
    checkedInAt: result.checkedInAt,
    ...(result.validSessions ? { validSessions: result.validSessions } : {}),
  };
}

describe('the door decides alike on the server and on the device offline', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(onServer(row)).toEqual(row.verdict);
    expect(onDevice(row)).toEqual(row.onDevice ?? row.verdict);
  });

  it('differs only where the list cannot tell: a code it does not hold is not on the list', () => {
    const differing = rows.filter((row) => row.onDevice).map((row) => row.name);
    expect(differing).toEqual(["another event's ticket", 'a code no ticket carries']);
  });
});
