import type { OfflineTicketStatus, RefusalReason } from './schemas/tickets';
import { base64url, sha256 } from './sha256';
import type { OrderStatus, ScanDirection, TicketStatus } from './statuses';

/**
 * The door's rule, one for the server and the door device: the server decides every scan with it
 * (server/domain/admission.ts decideScan, services/door/admit-scans.ts) and the device decides with
 * it without network (web/features/door/lib/offline-decision.ts decideOffline, over the list
 * services/door/get-offline-data.ts gives it). Pure: no clock read, instants are arguments.
 */

/** The only ticket status that admits. */
const ADMITTING_TICKET_STATUS: TicketStatus = 'valid';
/** The only order status that admits (the order is paid); the door's counts read it too. */
export const PAID_ORDER_STATUS = 'completed' satisfies OrderStatus;

export type AdmissionDecision =
  | {
      admitted: true;
      /** 'in' lets the person in, 'out' lets them out (exit scans). */
      direction: ScanDirection;
      /** The turn the scan belongs to (check_ins.entry_number): the n-th entry, or the exit closing it. */
      entryNumber: number;
      /** An entry after an exit ('VOLTOU'). */
      isReentry: boolean;
    }
  | {
      admitted: false;
      reason: RefusalReason;
      /** 'already_used': when it first got in (in this session); 'already_inside': since when it is in. */
      checkedInAt?: Date;
      /** 'wrong_session': the labels of the sessions the ticket is valid for. */
      validSessions?: string[];
    };

/** A ticket's accepted entries and exits in one session (or on the event's one date). */
export interface SessionTurns {
  entries: number;
  exits: number;
  /** UTC instants of its first and of its latest accepted entry. */
  firstEntryAt: Date | null;
  lastEntryAt: Date | null;
  /** The gate of its first entry. */
  firstEntryGate: string | null;
}

/** One accepted scan of a ticket as check_ins keeps it, to count its turns (turnsIn). */
export interface AcceptedScan {
  sessionId: string | null;
  direction: ScanDirection;
  /** UTC instant of the scan. */
  at: Date;
  gate: string;
}

/** The turns of a ticket in `sessionId` (null: the event's one date) from its accepted scans. */
export function turnsIn(scans: AcceptedScan[], sessionId: string | null): SessionTurns {
  const turns: SessionTurns = { entries: 0, exits: 0, firstEntryAt: null, lastEntryAt: null, firstEntryGate: null };
  for (const scan of [...scans].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (scan.sessionId !== sessionId) continue;
    if (scan.direction === 'out') {
      turns.exits += 1;
      continue;
    }
    turns.entries += 1;
    if (!turns.firstEntryAt) Object.assign(turns, { firstEntryAt: scan.at, firstEntryGate: scan.gate });
    turns.lastEntryAt = scan.at;
  }
  return turns;
}

/** Whether a ticket with these turns is inside: more entries than exits. */
const isInside = (turns: Pick<SessionTurns, 'entries' | 'exits'>) => turns.entries > turns.exits;

/** When a door admits: UTC instants. */
export interface DoorWindow {
  /** UTC instant the door starts admitting. */
  opensAt: Date;
  /** UTC instant the event (or the session) ends; from then on the door refuses. */
  closesAt: Date;
}

/** Where a moment falls in a door's window. */
export type DoorWindowState = 'open' | 'too_early' | 'event_over';

/** Where `now` falls against the window: 'open' from opensAt (inclusive) until closesAt (exclusive). */
export function doorWindowState(window: DoorWindow, now: Date): DoorWindowState {
  if (now.getTime() < window.opensAt.getTime()) return 'too_early';
  if (now.getTime() >= window.closesAt.getTime()) return 'event_over';
  return 'open';
}

/**
 * The session a door admits to at `now` (the door admits once per session): the one its operator
 * picked (`pickedId`, when it is one of them), else the first, in order, whose window
 * (`windowOf`) contains `now` (a slot whose door opened before the previous one ended waits for
 * it to end), else the next to open, else the last. Null for an event without sessions. Its
 * window is what the scan is weighed against (doorWindowState). The server picks with it over its
 * rows (server/domain/door-window.ts doorSession), the device over its list's sessions
 * (web/features/door/lib/offline-decision.ts pickDoorSession).
 */
export function chooseDoorSession<S extends { id: string }>(
  sessions: readonly S[],
  now: Date,
  pickedId: string | null | undefined,
  windowOf: (session: S) => DoorWindow,
): S | null {
  if (sessions.length === 0) return null;
  const picked = pickedId ? sessions.find((s) => s.id === pickedId) : undefined;
  if (picked) return picked;
  const open = sessions.find((s) => doorWindowState(windowOf(s), now) === 'open');
  if (open) return open;
  const next = sessions
    .filter((s) => doorWindowState(windowOf(s), now) === 'too_early')
    .sort((a, b) => windowOf(a).opensAt.getTime() - windowOf(b).opensAt.getTime())[0];
  return next ?? sessions[sessions.length - 1];
}

export interface AdmissionInput {
  /** The ticket the scanned code names, or null when no ticket carries that code. */
  ticket: null | {
    status: TicketStatus;
    orderStatus: string;
    eventId: string;
    /** The accepted check-in, when there is one (UTC instant); on an event with sessions, its first one in the door's session. */
    checkedInAt: Date | null;
    /**
     * Its entries and exits in the door's session (turnsIn); absent: one entry when `checkedInAt`
     * is set, none otherwise (an event without sessions nor exit scans).
     */
    turns?: SessionTurns;
    /**
     * On an event with sessions: the sessions its sector is valid for (ticket_type_sessions), with
     * their labels ('Sábado 14/03'); empty or absent: every session.
     */
    sessions?: { id: string; label: string }[];
  };
  /**
   * The scanned code is one a ticket carried before its holder transferred it (an accepted
   * transfer's `old_code`; the ticket now carries a new code). `ticket` is then null: what the old
   * code names is told to nobody, the new holder included.
   */
  isTransferredCode?: boolean;
  /** The event the door works (a door admits one event, never every event). */
  doorEventId: string;
  /** The door's event was cancelled by its organizer. */
  isEventCancelled: boolean;
  /** Where the scan falls in the door's window (doorWindowState). */
  window: DoorWindowState;
  /**
   * For a door whose event rotates its QR codes: whether the code read carried a fresh TOTP
   * (shared/rotating-qr.ts rotatingQrFreshness). Absent: the event does not rotate.
   */
  qr?: 'fresh' | 'expired';
  /** The session the door admits to (picked by its operator, or open now: chooseDoorSession); null or absent: the event's one date. */
  sessionId?: string | null;
  /** 'out' for an exit scan; absent: an entry. */
  direction?: ScanDirection;
  /** The event has exit scans (events.exit_scans): a ticket that went out may come back in. */
  exitScans?: boolean;
}

/**
 * Decides whether a scanned ticket gets in. Checks, in order: no ticket -> 'transferred' when the
 * code is one a ticket carried before it was transferred (the old code is refused everywhere),
 * else 'unknown_code'; a ticket of another event than the door's -> 'other_event'; the door's
 * event cancelled -> 'cancelled'; a rotating QR without a fresh TOTP -> 'qr_expired'; before the
 * door opens -> 'too_early'; after the event ends -> 'event_over'; ticket cancelled (its event
 * was) -> 'cancelled'; ticket or order refunded -> 'refunded'; order cancelled -> 'cancelled';
 * order not paid -> 'not_paid'; on an event with sessions, a sector that does not cover the
 * door's session -> 'wrong_session' with the sessions it covers (a 3-day pass, a Saturday ticket).
 * Then, per session (turns): without exit scans, already in -> 'already_used' with the time of
 * that entry (once per session); with exit scans, an entry of a ticket inside -> 'already_inside'
 * with the time it got in, an entry of one that went out -> admitted as a re-entry ('VOLTOU'), an
 * exit of a ticket inside -> admitted ('SAIU'), of one not inside -> 'not_inside'; an exit
 * without exit scans -> 'not_inside'. The admitted scan names its turn (check_ins.entry_number):
 * entries so far + 1 for an entry, the entry it closes for an exit; the database's unique index on
 * (ticket, session, direction, turn) makes two admissions of one turn impossible, so a ticket is
 * never inside twice. A refusal is a normal answer, never thrown.
 *
 * The server's caller makes the entry atomic: services/door/admit-scans.ts reads the ticket with
 * its row locked, asks this (through server/domain/admission.ts decideScan) and writes the entry
 * in the same transaction. The device asks it over its list (offline-decision.ts decideOffline).
 */
export function decideAdmission(input: AdmissionInput): AdmissionDecision {
  const { ticket } = input;
  if (!ticket) return { admitted: false, reason: input.isTransferredCode ? 'transferred' : 'unknown_code' };
  if (ticket.eventId !== input.doorEventId) return { admitted: false, reason: 'other_event' };
  if (input.isEventCancelled) return { admitted: false, reason: 'cancelled' };
  // A screenshot or an old code of a rotating QR says nothing of who holds the ticket now.
  if (input.qr === 'expired') return { admitted: false, reason: 'qr_expired' };
  if (input.window !== 'open') return { admitted: false, reason: input.window };
  // A ticket's own status first: a cancelled event's tickets are 'cancelled' in a refunded order.
  if (ticket.status === 'cancelled') return { admitted: false, reason: 'cancelled' };
  if (ticket.status === 'refunded' || ticket.orderStatus === 'refunded') {
    return { admitted: false, reason: 'refunded' };
  }
  if (ticket.orderStatus === 'cancelled') return { admitted: false, reason: 'cancelled' };
  if (ticket.status !== ADMITTING_TICKET_STATUS || ticket.orderStatus !== PAID_ORDER_STATUS) {
    return { admitted: false, reason: 'not_paid' };
  }
  const { sessionId } = input;
  if (sessionId && ticket.sessions && ticket.sessions.length > 0 && !ticket.sessions.some((s) => s.id === sessionId)) {
    return { admitted: false, reason: 'wrong_session', validSessions: ticket.sessions.map((s) => s.label) };
  }
  const turns = ticket.turns ?? {
    entries: ticket.checkedInAt ? 1 : 0,
    exits: 0,
    firstEntryAt: ticket.checkedInAt,
    lastEntryAt: ticket.checkedInAt,
    firstEntryGate: null,
  };
  if (input.direction === 'out') {
    if (!input.exitScans || !isInside(turns)) return { admitted: false, reason: 'not_inside' };
    return { admitted: true, direction: 'out', entryNumber: turns.entries, isReentry: false };
  }
  if (!input.exitScans && turns.entries > 0) {
    return { admitted: false, reason: 'already_used', checkedInAt: turns.firstEntryAt ?? ticket.checkedInAt ?? undefined };
  }
  if (isInside(turns)) return { admitted: false, reason: 'already_inside', checkedInAt: turns.lastEntryAt ?? undefined };
  return { admitted: true, direction: 'in', entryNumber: turns.entries + 1, isReentry: turns.entries > 0 };
}

/**
 * How the door's offline list states a ticket: what decideAdmission says of it at its own event's
 * open door ('valid' admits; 'used', 'refunded', 'cancelled', 'not_paid' refuse). On an event
 * with sessions or exit scans (`byTurns`), entries do not make it 'used': the list's turns per
 * session tell. The server writes the list with it (services/door/get-offline-data.ts); the device
 * reads it back with listedTicketStatuses.
 */
export function offlineTicketStatus(ticket: NonNullable<AdmissionInput['ticket']>, byTurns = false): OfflineTicketStatus {
  const decision = decideAdmission({
    ticket: byTurns ? { ...ticket, checkedInAt: null, turns: undefined } : ticket,
    doorEventId: ticket.eventId,
    isEventCancelled: false,
    window: 'open',
  });
  if (decision.admitted) return 'valid';
  switch (decision.reason) {
    case 'already_used':
      return 'used';
    case 'refunded':
    case 'not_paid':
      return decision.reason;
    default:
      return 'cancelled';
  }
}

/**
 * The ticket and order statuses a list's status stands for, as the device reads it back
 * (offlineTicketStatus's inverse: decideAdmission says of these what it said of the ticket):
 * 'used' is a paid, valid ticket whose entry the list's `checkedInAt` or turns give; 'not_paid'
 * an order still 'pending'.
 */
export function listedTicketStatuses(status: OfflineTicketStatus): { status: TicketStatus; orderStatus: OrderStatus } {
  switch (status) {
    case 'refunded':
      return { status: 'refunded', orderStatus: 'refunded' };
    case 'cancelled':
      return { status: 'cancelled', orderStatus: 'cancelled' };
    case 'not_paid':
      return { status: ADMITTING_TICKET_STATUS, orderStatus: 'pending' };
    default:
      return { status: ADMITTING_TICKET_STATUS, orderStatus: PAID_ORDER_STATUS };
  }
}

/**
 * How the offline list names a ticket: base64url (no padding) of SHA-256 over the code's UTF-8
 * bytes (shared/sha256.ts), so the codes themselves never leave the server. The server names the
 * list's tickets and transferred codes with it, the device the code it reads; synchronous, and
 * the same in Node and in any browser (no crypto.subtle, which plain-HTTP pages lack).
 */
export function hashTicketCode(code: string): string {
  return base64url(sha256(code));
}
