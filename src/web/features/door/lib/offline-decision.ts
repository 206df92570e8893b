import { refusalMessage } from '../../../../shared/door-verdict';
import { rotatingQrFreshness } from '../../../../shared/rotating-qr';
import type { CheckInResult, DoorOfflineData, DoorRefusal, DoorSession, OfflineTicket, OfflineTurns, RefusalReason } from '../../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../../shared/statuses';

/** What the door operator set for a scan: the session picked (null: the one open now) and the direction. */
export interface DoorTurn {
  sessionId: string | null;
  direction: ScanDirection;
}

/**
 * The session a door admits to at `now`, as server/domain/door-window.ts doorSession picks it
 * (its other place): the one picked, else the first whose window holds `now`, else the next to
 * open, else the last. Null for an event without sessions.
 */
export function pickDoorSession(sessions: DoorSession[] | undefined, now: Date, pickedId: string | null = null): DoorSession | null {
  if (!sessions || sessions.length === 0) return null;
  const picked = pickedId ? sessions.find((s) => s.id === pickedId) : undefined;
  if (picked) return picked;
  const t = now.getTime();
  const open = sessions.find((s) => Date.parse(s.opensAt) <= t && t < Date.parse(s.closesAt));
  if (open) return open;
  const next = sessions.filter((s) => t < Date.parse(s.opensAt)).sort((a, b) => Date.parse(a.opensAt) - Date.parse(b.opensAt))[0];
  return next ?? sessions[sessions.length - 1];
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
export function keepDeviceTurn(kept: string | undefined, sessionId: string | null, result: Extract<CheckInResult, { accepted: true }>): string {
  const turns = readDeviceTurns(kept) ?? { sessionId, entries: 0, exits: 0, firstEntryAt: null, lastEntryAt: null };
  if (result.direction === 'out') return JSON.stringify({ ...turns, exits: turns.exits + 1 });
  return JSON.stringify({ ...turns, entries: turns.entries + 1, firstEntryAt: turns.firstEntryAt ?? result.checkedInAt, lastEntryAt: result.checkedInAt });
}

/** base64url (no padding) of SHA-256 over the code, as the server names tickets in the list. */
export async function hashTicketCode(code: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether this browser can hash on the device (crypto.subtle needs HTTPS or localhost). */
export const canDecideOffline = () => typeof crypto !== 'undefined' && !!crypto.subtle;

/** Whether a code's hash is one of the list's transferred-away old codes (a list kept before they were sent has none). */
export function isTransferredAway(list: DoorOfflineData, hash: string): boolean {
  return (list.transferredHashes ?? []).includes(hash);
}

/**
 * The door's verdict without network, from the event's list kept on the device (the way
 * pretixSCAN decides offline; the server's rule is server/domain/admission.ts decideAdmission,
 * this is its other place, over the list services/door/get-offline-data.ts gives): a code not on
 * the list -> 'transferred' when it is a transferred ticket's old code (`isTransferred`), else
 * 'not_on_list'; a rotating QR (the list's event rotates) without a fresh TOTP (`otp`) ->
 * 'qr_expired'; outside the window ->
 * 'too_early' / 'event_over'; used (on the list, or let in by this device: `deviceEntries`) ->
 * 'already_used' with when; refunded, cancelled, not paid; otherwise VÁLIDO. Messages are the
 * server's (refusalMessage), so an offline verdict reads like an online one. On an event with
 * sessions or exit scans (`turn`): the session picked or open now (pickDoorSession) and its window;
 * a sector that does not cover it -> 'wrong_session' naming the sessions it covers; then the
 * ticket's entries and exits there (the list's turns plus this device's own, `deviceTurns`): without
 * exit scans once per session ('already_used'); with them an entry while inside -> 'already_inside',
 * an entry after an exit -> 'VOLTOU', an exit while inside -> 'SAIU', else 'not_inside'.
 */
export function decideOffline(
  ticket: OfflineTicket | undefined,
  list: DoorOfflineData,
  deviceEntry: string | undefined,
  now: Date,
  isTransferred = false,
  otp: string | null = null,
  turn?: DoorTurn & { deviceTurns?: OfflineTurns | null },
): CheckInResult {
  const byTurns = !!turn && ((list.event.sessions?.length ?? 0) > 0 || !!list.event.exitScans);
  const session = byTurns ? pickDoorSession(list.event.sessions, now, turn.sessionId) : null;
  const window = session ?? list.event;
  const refuse = (reason: RefusalReason, checkedInAt: string | null = null, validSessions?: string[]): CheckInResult => {
    const refusal: DoorRefusal = {
      reason,
      eventTitle: ticket ? list.event.title : null,
      checkedInAt,
      checkedInGate: null,
      opensAt: reason === 'too_early' ? window.opensAt : null,
      isEventCancelled: false,
      ...(validSessions ? { validSessions } : {}),
    };
    return {
      accepted: false,
      ...refusal,
      message: refusalMessage(reason, refusal, now),
      ticketTypeName: ticket?.ticketTypeName ?? null,
      holderName: ticket?.holderName ?? null,
    };
  };
  if (!ticket) return refuse(isTransferred ? 'transferred' : 'not_on_list');
  if (list.event.rotatingQr && (!ticket.rotationSecret || rotatingQrFreshness(ticket.rotationSecret, otp, now) === 'expired')) return refuse('qr_expired');
  if (now.getTime() < Date.parse(window.opensAt)) return refuse('too_early');
  if (now.getTime() >= Date.parse(window.closesAt)) return refuse('event_over');
  if (ticket.status === 'used') return refuse('already_used', ticket.checkedInAt);
  if (ticket.status === 'refunded') return refuse('refunded');
  if (ticket.status === 'cancelled') return refuse('cancelled');
  if (ticket.status === 'not_paid') return refuse('not_paid');
  const admit = (extra: Partial<Extract<CheckInResult, { accepted: true }>> = {}): CheckInResult => ({
    accepted: true,
    eventTitle: list.event.title,
    ticketTypeName: ticket.ticketTypeName,
    holderName: ticket.holderName,
    documentCheck: ticket.documentCheck ?? null,
    checkedInAt: now.toISOString(),
    ...extra,
  });
  if (!byTurns || !turn) {
    if (deviceEntry) return refuse('already_used', deviceEntry);
    return admit();
  }
  const sessionId = session?.id ?? null;
  const valid = ticket.sessionIds ?? [];
  if (session && valid.length > 0 && !valid.includes(session.id)) {
    const labels = (list.event.sessions ?? []).filter((s) => valid.includes(s.id)).map((s) => s.label);
    return refuse('wrong_session', null, labels);
  }
  const listed = (ticket.turns ?? []).find((t) => t.sessionId === sessionId);
  const own = turn.deviceTurns;
  const entries = (listed?.entries ?? 0) + (own?.entries ?? 0);
  const exits = (listed?.exits ?? 0) + (own?.exits ?? 0);
  const firstEntryAt = listed?.firstEntryAt ?? own?.firstEntryAt ?? null;
  const lastEntryAt = own?.lastEntryAt ?? listed?.lastEntryAt ?? null;
  const isInside = entries > exits;
  const sessionLabel = session?.label ?? null;
  if (turn.direction === 'out') {
    if (!list.event.exitScans || !isInside) return refuse('not_inside');
    return admit({ direction: 'out', isReentry: false, sessionLabel });
  }
  if (!list.event.exitScans && entries > 0) return refuse('already_used', firstEntryAt);
  if (isInside) return refuse('already_inside', lastEntryAt);
  return admit({ direction: 'in', isReentry: entries > 0, sessionLabel });
}
