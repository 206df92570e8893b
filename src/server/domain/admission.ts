import { concessionDocumentCheck, type Concession } from '../../shared/concessions';
import { refusalMessage } from '../../shared/door-verdict';
import type { OfflineTicketStatus, RefusalReason } from '../../shared/schemas/tickets';
import type { ScanDirection } from '../../shared/statuses';

export { refusalMessage, type RefusalReason };

/** The only ticket status that admits. */
const ADMITTING_TICKET_STATUS = 'valid';
/** The only order status that admits (the order is paid); the door's counts read it too. */
export const PAID_ORDER_STATUS = 'completed';

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
export const isInside = (turns: Pick<SessionTurns, 'entries' | 'exits'>) => turns.entries > turns.exits;

export interface AdmissionInput {
  /** The ticket the scanned code names, or null when no ticket carries that code. */
  ticket: null | {
    status: 'valid' | 'refunded' | 'cancelled';
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
  /** The event the door works (PRODUCT.md: no door admits every event). */
  doorEventId: string;
  /** The door's event was cancelled by its organizer. */
  isEventCancelled: boolean;
  /** Where the scan falls in the door's window (doorWindowState). */
  window: 'open' | 'too_early' | 'event_over';
  /**
   * For a door whose event rotates its QR codes: whether the code read carried a fresh TOTP
   * (shared/rotating-qr.ts rotatingQrFreshness). Absent: the event does not rotate.
   */
  qr?: 'fresh' | 'expired';
  /** The session the door admits to (picked by its operator, or open now); null or absent: the event's one date. */
  sessionId?: string | null;
  /** 'out' for an exit scan; absent: an entry. */
  direction?: ScanDirection;
  /** The event has exit scans (events.exit_scans): a ticket that went out may come back in. */
  exitScans?: boolean;
}

/**
 * Decides whether a scanned ticket gets in (PRODUCT.md 'Tickets and the door'). Checks, in
 * order: no ticket -> 'transferred' when the code is one a ticket carried before it was
 * transferred (PRODUCT.md: the old code is refused everywhere), else 'unknown_code'; a ticket of another event than the door's -> 'other_event';
 * the door's event cancelled -> 'cancelled'; a rotating QR without a fresh TOTP -> 'qr_expired'; before the door opens -> 'too_early'; after the event
 * ends -> 'event_over'; ticket cancelled (its event was) -> 'cancelled'; ticket or order refunded
 * -> 'refunded'; order cancelled -> 'cancelled'; order not paid -> 'not_paid'; on an event with
 * sessions, a sector that does not cover the door's session -> 'wrong_session' with the sessions it
 * covers (PRODUCT.md 'The organizer's night': a 3-day pass, a Saturday ticket). Then, per session
 * (turns): without exit scans, already in -> 'already_used' with the time of that entry (once per
 * session); with exit scans, an entry of a ticket inside -> 'already_inside' with the time it got
 * in, an entry of one that went out -> admitted as a re-entry ('VOLTOU'), an exit of a ticket
 * inside -> admitted ('SAIU'), of one not inside -> 'not_inside'; an exit without exit scans ->
 * 'not_inside'. The admitted scan names its turn (check_ins.entry_number): entries so far + 1 for
 * an entry, the entry it closes for an exit; the database's unique index on (ticket, session,
 * direction, turn) makes two admissions of one turn impossible, so a ticket is never inside twice.
 * A refusal is a normal answer, never thrown.
 *
 * The caller makes the entry atomic: services/door/admit-scans.ts reads the ticket with its row
 * locked, asks this (through decideScan) and writes the entry in the same transaction.
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
  const turns = ticket.turns ?? { entries: ticket.checkedInAt ? 1 : 0, exits: 0, firstEntryAt: ticket.checkedInAt, lastEntryAt: ticket.checkedInAt, firstEntryGate: null };
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
 * The admission question for a ticket as read at the door of `doorEventId` (null: no ticket),
 * with `window` where the moment falls in that door's window. The scan (services/door/admit-scans
 * through decideScan) and the look-up (services/door/search-door-tickets through decideAdmission)
 * both ask it this way, so the look-up shows the verdict a scan would give at that moment: a
 * ticket of the door's event carries the door's event, so its cancellation is the door's.
 * `isTransferredCode`: no ticket carries the code, but one carried it before a transfer.
 * The device's offline decision (web/features/door/lib/offline-decision.ts decideOffline) is the
 * other place this rule is written, over the list services/door/get-offline-data.ts gives it.
 */
export function admissionAtDoor(
  ticket: (NonNullable<AdmissionInput['ticket']> & { isEventCancelled: boolean }) | null,
  doorEventId: string,
  window: AdmissionInput['window'],
  isTransferredCode = false,
  qr?: AdmissionInput['qr'],
  turn: Pick<AdmissionInput, 'sessionId' | 'direction' | 'exitScans'> = {},
): AdmissionInput {
  return { ticket, isTransferredCode: !ticket && isTransferredCode, doorEventId, isEventCancelled: ticket?.eventId === doorEventId && ticket.isEventCancelled, window, qr, ...turn };
}

/**
 * How far after the sync arrived an offline scan may be dated: a phone's clock that runs a little
 * ahead of the server's is normal (no network time while offline); a scan dated later than this
 * after the server received it cannot have happened yet, so its time is not believed.
 */
export const OFFLINE_CLOCK_SKEW_MS = 2 * 60_000;

/** A door device's own decision on a scan it made without network (synced later). */
export interface DeviceDecision {
  accepted: boolean;
  /** Why the device refused (its own reading of the ticket); absent when it admitted. */
  reason?: RefusalReason;
  /** When the device says it decided (UTC instant, read on the device's clock). */
  scannedAt: Date;
  /** When the server received the sync carrying it (UTC instant, the server's clock). */
  syncedAt: Date;
}

/** What the server records of a scan: admitted, or refused with a reason; `conflict` flags an offline admission the server would have refused. */
export type ScanDecision = Extract<AdmissionDecision, { admitted: true }> | (Extract<AdmissionDecision, { admitted: false }> & { conflict: boolean });

/**
 * Decides a scan as the server records it, online or synced from an offline device (PRODUCT.md
 * 'Tickets and the door': 'accept and flag', as pretixSCAN does). Online (`device` absent): the
 * rule of decideAdmission, `window` read at the server's clock. Offline, `window` is where the
 * device's `scannedAt` falls in the door's window (the same doorWindowState the online scan uses),
 * and a refusal is recorded with the device's reason (unknown_code when it gave none), never
 * turned into an entry. An offline admission becomes the ticket's entry only when decideAdmission
 * admits at that time and `scannedAt` is not later than `syncedAt` + OFFLINE_CLOCK_SKEW_MS;
 * otherwise it is recorded as a flagged conflict (the person did get in) that burns nothing:
 * 'offline_out_of_window' for a time outside the window or after the sync, 'offline_conflict'
 * for a ticket already in, else decideAdmission's reason. A device's clock is not trusted to open
 * the door: a scan dated 2001 or 2099, or for an event weeks away or long over, admits nobody.
 * The one place this is decided; services/door/admit-scans.ts records what it says.
 */
export function decideScan(input: AdmissionInput & { device?: DeviceDecision }): ScanDecision {
  const { device } = input;
  if (device && !device.accepted) return { admitted: false, reason: device.reason ?? 'unknown_code', conflict: false };
  const decision = decideAdmission(input);
  if (!device) return decision.admitted ? decision : { ...decision, conflict: false };
  if (decision.admitted) {
    const isDatedAfterSync = device.scannedAt.getTime() > device.syncedAt.getTime() + OFFLINE_CLOCK_SKEW_MS;
    return isDatedAfterSync ? { admitted: false, reason: 'offline_out_of_window', conflict: true } : decision;
  }
  const reason =
    decision.reason === 'already_used' || decision.reason === 'already_inside' ? 'offline_conflict' : decision.reason === 'too_early' || decision.reason === 'event_over' ? 'offline_out_of_window' : decision.reason;
  return { admitted: false, reason, checkedInAt: decision.checkedInAt, conflict: true };
}

/**
 * How a door device lists a ticket to decide offline: what decideAdmission says of it at its own
 * event's open door ('valid' admits; 'used', 'refunded', 'cancelled', 'not_paid' refuse). On an
 * event with sessions or exit scans (`byTurns`), entries do not make it 'used': the list's turns
 * per session tell (web/features/door/lib/offline-decision.ts).
 */
export function offlineTicketStatus(ticket: NonNullable<AdmissionInput['ticket']>, byTurns = false): OfflineTicketStatus {
  const decision = decideAdmission({ ticket: byTurns ? { ...ticket, checkedInAt: null, turns: undefined } : ticket, doorEventId: ticket.eventId, isEventCancelled: false, window: 'open' });
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
 * What the door must see before letting the holder of a half-price ticket in, by its category
 * (shared/concessions concessionDocumentCheck: 'Conferir carteira de estudante (CIE)'); null for a
 * full-price ticket. Lei 12.933/2013 asks the meia-entrada holder to show proof at the entrance.
 */
export function documentCheckOf(concession: Concession | null): string | null {
  return concession ? concessionDocumentCheck[concession] : null;
}
