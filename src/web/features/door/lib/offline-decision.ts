import {
  type AdmissionInput,
  chooseDoorSession,
  decideAdmission,
  type DoorWindow,
  doorWindowState,
  hashTicketCode,
  listedTicketStatuses,
  type SessionTurns,
} from '../../../../shared/admission';
import { refusalMessage } from '../../../../shared/door-verdict';
import { ticketDoorOpensAt } from '../../../../shared/ticket-session';
import { rotatingQrFreshness } from '../../../../shared/rotating-qr';
import { isWellFormedTicketCode } from '../../../../shared/ticket-code-format';
import type {
  CheckInResult,
  DoorOfflineData,
  DoorRefusal,
  DoorSession,
  OfflineTicket,
  OfflineTurns,
} from '../../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../../shared/statuses';

// The device decides with the server's rule (shared/admission.ts decideAdmission); this file only
// reads the list and this device's own scans into its input, and its answer into the door's words.
export { hashTicketCode };

/** What the door operator set for a scan: the session picked (null: the one open now) and the direction. */
export interface DoorTurn {
  sessionId: string | null;
  direction: ScanDirection;
}

/** A window of the list (UTC ISO instants) as instants. */
const windowOf = (window: { opensAt: string; closesAt: string }): DoorWindow => ({
  opensAt: new Date(window.opensAt),
  closesAt: new Date(window.closesAt),
});

/**
 * The session a door admits to at `now` from the list's sessions (shared/admission.ts
 * chooseDoorSession, the server's choice too): the one picked, else the one open at `now`, else
 * the next to open, else the last. Null for an event without sessions.
 */
export function pickDoorSession(sessions: DoorSession[] | undefined, now: Date, pickedId: string | null = null): DoorSession | null {
  return chooseDoorSession(sessions ?? [], now, pickedId, windowOf);
}

/** The key this device keeps its own scans of a ticket under: the hash, with the session on an event with sessions. */
export const deviceTurnKey = (hash: string, sessionId: string | null) => (sessionId ? `${hash}|${sessionId}` : hash);

/** This device's own scans of a ticket as kept (a time alone: an entry, as kept before exits existed). */
export function readDeviceTurns(kept: string | undefined): OfflineTurns | null {
  if (!kept) return null;
  if (!kept.startsWith('{')) return { sessionId: null, entries: 1, exits: 0, firstEntryAt: kept, lastEntryAt: kept };
  try {
    return JSON.parse(kept) as OfflineTurns;
  } catch {
    return null;
  }
}

/** The device's turns after it admitted `result` (an entry or an exit), as kept text. */
export function keepDeviceTurn(
  kept: string | undefined,
  sessionId: string | null,
  result: Extract<CheckInResult, { accepted: true }>,
): string {
  const turns = readDeviceTurns(kept) ?? { sessionId, entries: 0, exits: 0, firstEntryAt: null, lastEntryAt: null };
  if (result.direction === 'out') return JSON.stringify({ ...turns, exits: turns.exits + 1 });
  return JSON.stringify({
    ...turns,
    entries: turns.entries + 1,
    firstEntryAt: turns.firstEntryAt ?? result.checkedInAt,
    lastEntryAt: result.checkedInAt,
  });
}

/** Whether a code's hash is one of the list's transferred-away old codes (a list kept before they were sent has none). */
export function isTransferredAway(list: DoorOfflineData, hash: string): boolean {
  return (list.transferredHashes ?? []).includes(hash);
}

/** The list's turns and this device's own added up (UTC ISO instants read as instants). */
function addTurns(listed: OfflineTurns | null | undefined, own: OfflineTurns | null | undefined): SessionTurns {
  const at = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
  return {
    entries: (listed?.entries ?? 0) + (own?.entries ?? 0),
    exits: (listed?.exits ?? 0) + (own?.exits ?? 0),
    firstEntryAt: at(listed?.firstEntryAt ?? own?.firstEntryAt),
    lastEntryAt: at(own?.lastEntryAt ?? listed?.lastEntryAt),
    firstEntryGate: null,
  };
}

/**
 * The admission question a scan on this device asks (shared/admission.ts AdmissionInput), read
 * from the event's list and this device's own scans: the list holds its event's tickets only, so
 * a listed ticket is of the door's event; its status read back as ticket and order statuses
 * (listedTicketStatuses); a rotating QR's TOTP checked against the ticket's secret (no secret on
 * the list: not checkable, 'expired'); the window of the session picked or open at `now`
 * (pickDoorSession), else of the event. Entries: on an event with sessions or exit scans, the
 * list's turns in that session plus this device's (`turn.deviceTurns`); otherwise the list's
 * entry ('used') or this device's (`deviceEntry`).
 */
export function offlineAdmissionInput(
  ticket: OfflineTicket | undefined,
  list: DoorOfflineData,
  deviceEntry: string | undefined,
  now: Date,
  isTransferred = false,
  otp: string | null = null,
  turn?: DoorTurn & { deviceTurns?: OfflineTurns | null },
): { input: AdmissionInput; session: DoorSession | null; window: DoorWindow } {
  const { event } = list;
  const byTurns = (event.sessions?.length ?? 0) > 0 || !!event.exitScans;
  const session = pickDoorSession(event.sessions, now, turn?.sessionId ?? null);
  const window = windowOf(session ?? event);
  const sessionId = session?.id ?? null;
  const labels = new Map((event.sessions ?? []).map((s) => [s.id, s.label]));
  const listedEntry: OfflineTurns | null =
    ticket?.status === 'used'
      ? { sessionId: null, entries: 1, exits: 0, firstEntryAt: ticket.checkedInAt, lastEntryAt: ticket.checkedInAt }
      : null;
  const turns = byTurns
    ? addTurns(
        ticket?.turns?.find((t) => t.sessionId === sessionId),
        turn?.deviceTurns,
      )
    : addTurns(listedEntry, readDeviceTurns(deviceEntry));
  const input: AdmissionInput = {
    ticket: ticket
      ? {
          ...listedTicketStatuses(ticket.status),
          eventId: event.id,
          checkedInAt: turns.firstEntryAt,
          turns,
          sessions: (ticket.sessionIds ?? []).map((id) => ({ id, label: labels.get(id) ?? id })),
        }
      : null,
    isTransferredCode: !ticket && isTransferred,
    doorEventId: event.id,
    isEventCancelled: !!event.isCancelled,
    window: doorWindowState(window, now),
    qr: event.rotatingQr && ticket ? (ticket.rotationSecret ? rotatingQrFreshness(ticket.rotationSecret, otp, now) : 'expired') : undefined,
    sessionId,
    direction: turn?.direction ?? 'in',
    exitScans: !!event.exitScans,
  };
  return { input, session, window };
}

/**
 * The door's verdict without network (the way pretixSCAN decides offline), from the event's list
 * kept on the device: the server's rule, shared/admission.ts decideAdmission, over
 * offlineAdmissionInput, in the words of the server's answer (refusalMessage), so an offline
 * verdict reads like an online one. The one difference is in what the device can know: a
 * well-formed code (`isWellFormedCode`, shared/ticket-code-format.ts) its list does not hold (no
 * ticket of this event has it: another event's, or bought after the list was read) is
 * 'not_on_list', to confirm online or by the holder's document, where the server says
 * 'unknown_code' or 'other_event'; a code of no ticket's shape is 'unknown_code' as on the
 * server; a transferred ticket's old code (`isTransferred`, from the list's transferredHashes) is
 * 'transferred' as on the server. An admitted entry names the session ('Sábado 14/03') and
 * whether it is an exit ('SAIU') or a re-entry ('VOLTOU'); its time is `now` (UTC ISO).
 */
export function decideOffline(
  ticket: OfflineTicket | undefined,
  list: DoorOfflineData,
  deviceEntry: string | undefined,
  now: Date,
  isTransferred = false,
  otp: string | null = null,
  turn?: DoorTurn & { deviceTurns?: OfflineTurns | null },
  isWellFormedCode = true,
): CheckInResult {
  const { input, session, window } = offlineAdmissionInput(ticket, list, deviceEntry, now, isTransferred, otp, turn);
  const decision = decideAdmission(input);
  if (decision.admitted) {
    // Only a ticket on the list is admitted.
    const admitted = ticket!;
    return {
      accepted: true,
      eventTitle: list.event.title,
      sectorName: admitted.sectorName,
      holderName: admitted.holderName,
      documentCheck: admitted.documentCheck ?? null,
      checkedInAt: now.toISOString(),
      direction: decision.direction,
      isReentry: decision.isReentry,
      sessionLabel: session?.label ?? null,
    };
  }
  const reason = decision.reason === 'unknown_code' && isWellFormedCode ? 'not_on_list' : decision.reason;
  const refusal: DoorRefusal = {
    reason,
    eventTitle: ticket ? list.event.title : null,
    checkedInAt: decision.checkedInAt ? decision.checkedInAt.toISOString() : null,
    checkedInGate: null,
    // The opening of the ticket's own session's door, as the server names it (shared/ticket-session.ts).
    opensAt:
      reason === 'too_early'
        ? ticketDoorOpensAt(
            list.event.sessions,
            ticket ? (ticket.sessionIds ?? []) : null,
            window.opensAt,
            now,
            (s) => new Date(s.opensAt),
          ).toISOString()
        : null,
    isEventCancelled: !!ticket && !!list.event.isCancelled,
    ...(decision.validSessions ? { validSessions: decision.validSessions } : {}),
  };
  return {
    accepted: false,
    ...refusal,
    message: refusalMessage(reason, refusal, now),
    sectorName: ticket?.sectorName ?? null,
    holderName: ticket?.holderName ?? null,
  };
}

/**
 * One scan decided on this device, as the door screen does it without network
 * (use-offline-door.ts): the code read (`read`, split from a rotating QR's TOTP; its shape checked
 * by isWellFormedTicketCode) named by its hash
 * (hashTicketCode), looked up in the list (`byHash`: the list's tickets by hash) and weighed by
 * decideOffline with this device's own earlier scans (`kept`: by deviceTurnKey on an event with
 * sessions or exit scans, else the time of its entry by hash). Gives the verdict, the session it
 * was weighed in, and a new `kept` with this scan added when it was admitted (the same object when not).
 */
export function decideOnDevice(
  list: DoorOfflineData,
  byHash: ReadonlyMap<string, OfflineTicket>,
  kept: Record<string, string>,
  read: { code: string; otp: string | null },
  now: Date,
  turn: DoorTurn,
): { result: CheckInResult; session: DoorSession | null; kept: Record<string, string> } {
  const hash = hashTicketCode(read.code);
  // With sessions or exit scans, this device's own scans are kept per session, entries and exits.
  const byTurns = (list.event.sessions?.length ?? 0) > 0 || !!list.event.exitScans;
  const session = pickDoorSession(list.event.sessions, now, turn.sessionId);
  const key = byTurns ? deviceTurnKey(hash, session?.id ?? null) : hash;
  const deviceTurns = byTurns ? readDeviceTurns(kept[key]) : null;
  const result = decideOffline(
    byHash.get(hash),
    list,
    byTurns ? undefined : kept[hash],
    now,
    isTransferredAway(list, hash),
    read.otp,
    { ...turn, deviceTurns },
    isWellFormedTicketCode(read.code),
  );
  if (!result.accepted) return { result, session, kept };
  return {
    result,
    session,
    kept: { ...kept, [key]: byTurns ? keepDeviceTurn(kept[key], session?.id ?? null, result) : result.checkedInAt },
  };
}
