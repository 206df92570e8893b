import { type CheckInResult, DEFAULT_GATE } from '../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../shared/statuses';
import type { Db } from '../../db/client';
import { admitScan } from './admit-scans';
import { toCheckInResult } from './check-in-result';
import { loadWorkableDoorEvent, scanTurnAt } from './door-event';

/**
 * Lets in by hand a ticket the door found with the look-up (a guest whose phone died), through
 * the one admission path (admit-scans.ts admitScan), so with the same rule as a scan: of the
 * door's event, inside its window, paid, not used (in the session picked or open now, scanTurnAt). Recorded as a manual check-in with the
 * validator who did it, accepted or refused; a second admission is refused 'already_used' with
 * the time of the first. Only at the door of an event a door may work at `now`
 * (loadWorkableDoorEvent), as the look-up that found the ticket. `now` is a UTC instant. Throws
 * DomainError('event_not_found').
 */
export async function manualCheckIn(
  db: Db,
  input: {
    eventId: string;
    ticketId: string;
    gate?: string;
    deviceId?: string | null;
    validatorId: string;
    sessionId?: string | null;
    direction?: ScanDirection;
  },
  options: { opensMinutesBefore: number },
  now: Date = new Date(),
): Promise<CheckInResult> {
  const door = await loadWorkableDoorEvent(db, input.eventId, options.opensMinutesBefore, now);
  const turn = scanTurnAt(door, now, { sessionId: input.sessionId, direction: input.direction });
  const outcome = await admitScan(db, {
    ticket: { ticketId: input.ticketId },
    scannedCode: input.ticketId,
    doorEventId: door.id,
    window: turn.state,
    at: now,
    record: {
      validatorId: input.validatorId,
      location: input.gate || DEFAULT_GATE,
      deviceId: input.deviceId ?? null,
      nonce: null,
      offline: false,
      manual: true,
    },
    session: turn.session,
    direction: turn.direction,
    exitScans: turn.exitScans,
  });
  return toCheckInResult(outcome, { ...turn.window, sessions: door.sessions }, now, turn.sessionLabel);
}
