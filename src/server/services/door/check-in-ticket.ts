import { type CheckInResult, DEFAULT_GATE } from '../../../shared/schemas/tickets';
import { normalizeTicketCode, verifyTicketCode } from '../../domain/ticket-code';
import type { ServiceDeps } from '../deps';
import { admitScan } from './admit-scans';
import { rotatingQrFreshness, splitQrPayload } from '../../../shared/rotating-qr';
import { rotationSecretOf } from '../../domain/rotation-secret';
import { answerRecorded, isNonceTaken, toCheckInResult } from './check-in-result';
import { loadDoorEvent, scanTurnAt } from './door-event';
import type { ScanDirection } from '../../../shared/statuses';

export interface CheckInTicketInput {
  code: string;
  /** The event the door works. */
  eventId: string;
  validatorId: string;
  /** The gate; 'Entrada principal' when absent. */
  gate?: string;
  deviceId?: string | null;
  /** The device's id for this scan (it queues the same id if the answer comes too late). */
  nonce?: string | null;
  /** The session the door operator picked (an event with sessions); absent: the one open now. */
  sessionId?: string | null;
  /** 'out' for an exit scan (an event with exit scans); absent: an entry. */
  direction?: ScanDirection;
}

/**
 * Decides one scan at the door of `eventId` (docs/screens.md 'Validator',
 * docs/rules/door.md 'Tickets and the door'). A code whose signature fails names no ticket ('unknown_code', the tickets untouched).
 * The window is read from the door's event (loadDoorEvent: `opensMinutesBefore` before the start
 * until the end), and the scan goes through the one admission path (admit-scans.ts admitScan),
 * which admits or says why not: another event ('Ingresso de outro evento: <title>', not burnt),
 * outside the window ('too_early' with the opening time, 'event_over'), cancelled, refunded, not
 * paid, already used (with when); on an event with sessions, weighed in the session the operator
 * picked or the one open now (scanTurnAt: a pass on a day it does not cover is 'wrong_session',
 * once per session); with exit scans, an exit ('SAIU') or a re-entry ('VOLTOU'), never inside
 * twice ('already_inside'). Every scan is recorded with its gate, device and session. A `nonce`
 * already recorded gives the answer recorded for it when the code is the same, else a refusal
 * 'nonce_reused' that names no ticket (answerRecorded). `now` is a UTC instant.
 * Throws DomainError('event_not_found').
 */
export async function checkInTicket(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  input: CheckInTicketInput,
  options: { opensMinutesBefore: number },
  now: Date = new Date(),
): Promise<CheckInResult> {
  const { db } = deps;
  // A rotating QR carries the code and its TOTP; the TOTP counts only where the door's event rotates.
  const read = splitQrPayload(normalizeTicketCode(input.code));
  const code = read.code;
  const door = await loadDoorEvent(db, input.eventId, options.opensMinutesBefore, now.getTime());
  const isGenuine = verifyTicketCode(code, deps.ticketSigningKey);
  const turn = scanTurnAt(door, now, { sessionId: input.sessionId, direction: input.direction });
  const record = {
    validatorId: input.validatorId,
    location: input.gate || DEFAULT_GATE,
    deviceId: input.deviceId ?? null,
    nonce: input.nonce ?? null,
    offline: false,
    manual: false,
  };
  try {
    const outcome = await admitScan(db, {
      ticket: isGenuine ? { code } : null,
      qr: door.rotatingQr && isGenuine ? rotatingQrFreshness(rotationSecretOf(deps.ticketSigningKey, code), read.otp, now) : undefined,
      scannedCode: code,
      doorEventId: door.id,
      window: turn.state,
      at: now,
      record,
      session: turn.session,
      direction: turn.direction,
      exitScans: turn.exitScans,
    });
    return toCheckInResult(outcome, { ...turn.window, sessions: door.sessions }, now, turn.sessionLabel);
  } catch (error) {
    if (record.nonce && isNonceTaken(error)) return answerRecorded(db, record.nonce, code);
    throw error;
  }
}
