import { type CheckInResult, DEFAULT_GATE } from '../../../shared/schemas/tickets';
import { doorWindowState } from '../../domain/door-window';
import type { Db } from '../../db/client';
import { attemptAdmission, recordRefusal, toCheckInResult } from './admit-ticket';
import { loadDoorEvent } from './door-event';

/**
 * Lets in by hand a ticket the door found with the look-up (a guest whose phone died), with the
 * same atomic rule as a scan (attemptAdmission): of the door's event, inside its window, paid,
 * not used. Recorded as a manual check-in with the validator who did it, accepted or refused; a
 * second admission is refused 'already_used' with the time of the first. `now` is a UTC instant.
 * Throws DomainError('event_not_found').
 */
export async function manualCheckIn(
  db: Db,
  input: { eventId: string; ticketId: string; gate?: string; deviceId?: string | null; validatorId: string },
  options: { opensMinutesBefore: number },
  now: Date = new Date(),
): Promise<CheckInResult> {
  const door = await loadDoorEvent(db, input.eventId, options.opensMinutesBefore, now.getTime());
  const record = {
    validatorId: input.validatorId,
    location: input.gate || DEFAULT_GATE,
    deviceId: input.deviceId ?? null,
    nonce: null,
    offline: false,
    manual: true,
  };
  const attempt = await attemptAdmission(db, {
    ticket: { ticketId: input.ticketId },
    doorEventId: door.id,
    window: doorWindowState(door.window, now),
    at: now,
    record,
  });
  if (!attempt.admitted) {
    await recordRefusal(db, {
      ticket: attempt.ticket,
      scannedCode: attempt.ticket?.code ?? input.ticketId,
      doorEventId: door.id,
      reason: attempt.decision.reason,
      at: now,
      record,
    });
  }
  return toCheckInResult(attempt, door.window);
}
