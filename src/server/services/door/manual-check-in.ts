import { type CheckInResult, DEFAULT_GATE } from '../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../shared/statuses';
import { queryRows, type Db, type Tx } from '../../db/client';
import { admitScan, admitScansInTx, type Scan, type ScanOutcome } from './admit-scans';
import { toCheckInResult } from './check-in-result';
import { loadWorkableDoorEvent, scanTurnAt } from './door-event';
import { sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Lets in by hand a ticket the door found with the look-up (a guest whose phone died), through
 * the one admission path (admit-scans.ts admitScan), so with the same rule as a scan: of the
 * door's event, inside its window, paid, not used (in the session picked or open now, scanTurnAt). Recorded as a manual check-in with the
 * validator who did it, accepted or refused; a second admission is refused 'already_used' with
 * the time of the first. Only at the door of an event a door may work at `now`
 * (loadWorkableDoorEvent), as the look-up that found the ticket. `now` is a UTC instant. Throws
 * DomainError('event_not_found').
 *
 * With an `actor`, an accepted entry is recorded in the audit trail ('door.manual_admission') in
 * the transaction of the check-in (docs/rules/audit.md 'What is recorded'); null when the caller
 * records its own action (a guest-list name let in, 'guest.admitted').
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
  actor: AuditActor | null,
  now: Date = new Date(),
): Promise<CheckInResult> {
  const door = await loadWorkableDoorEvent(db, input.eventId, options.opensMinutesBefore, now);
  const turn = scanTurnAt(door, now, { sessionId: input.sessionId, direction: input.direction });
  const scan: Scan = {
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
  };
  const outcome = actor ? await db.transaction((tx) => admitAndRecord(tx, scan, actor)) : await admitScan(db, scan);
  return toCheckInResult(outcome, { ...turn.window, sessions: door.sessions }, now, turn.sessionLabel);
}

/** The manual scan through the one admission path in `tx`, and its audit row when it let the ticket in. */
async function admitAndRecord(tx: Tx, scan: Scan, actor: AuditActor): Promise<ScanOutcome> {
  const [outcome] = await admitScansInTx(tx, [scan]);
  if (!outcome.decision.admitted || !outcome.ticket) return outcome;
  const [ticket] = await queryRows<{ order_id: string; user_id: string | null }>(
    tx,
    sql`SELECT order_id, user_id FROM tickets WHERE id = ${outcome.ticket.id}::uuid`,
  );
  await recordAudit(tx, actor, {
    action: 'door.manual_admission',
    objectType: 'ticket',
    objectId: outcome.ticket.id,
    eventId: outcome.ticket.eventId,
    orderId: ticket?.order_id,
    subjectUserId: ticket?.user_id,
    changes: { gate: scan.record.location, ...(scan.session ? { sessionId: scan.session.id } : {}), direction: outcome.decision.direction },
  });
  return outcome;
}
