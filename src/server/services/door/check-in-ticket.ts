import { eq } from 'drizzle-orm';
import { type CheckInResult, DEFAULT_GATE, REFUSAL_REASONS } from '../../../shared/schemas/tickets';
import { doorWindowState } from '../../domain/door-window';
import { refusalMessage, requiresDocumentCheck } from '../../domain/admission';
import { normalizeTicketCode, verifyTicketCode } from '../../domain/ticket-code';
import { checkIns, events, tickets } from '../../db/schema';
import { attemptAdmissionTogether, isNonceTaken, recordRefusal, toCheckInResult, type ScanRecord } from './admit-ticket';
import { loadDoorEvent } from './door-event';
import type { ServiceDeps } from '../deps';

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
}

/**
 * Decides one scan at the door of `eventId` (SPEC.md 'Validator', PRODUCT.md 'Tickets and the
 * door'). A code whose signature fails is refused without touching the tickets. Otherwise the
 * window is read from the door's event (loadDoorEvent: `opensMinutesBefore` before the start
 * until the end) and one statement, shared with the scans arriving meanwhile
 * (attemptAdmissionTogether), admits or reads why not: another event
 * ('Ingresso de outro evento: <title>', not burnt), outside the window ('too_early' with the
 * opening time, 'event_over'), cancelled, refunded, not paid, already used (with when). Every
 * scan is recorded in `check_ins` with its gate and device. A `nonce` already recorded gives the
 * answer recorded for it. `now` is a UTC instant. Throws DomainError('event_not_found').
 */
export async function checkInTicket(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  input: CheckInTicketInput,
  options: { opensMinutesBefore: number },
  now: Date = new Date(),
): Promise<CheckInResult> {
  const { db } = deps;
  const code = normalizeTicketCode(input.code);
  const door = await loadDoorEvent(db, input.eventId, options.opensMinutesBefore, now.getTime());
  const record: ScanRecord = {
    validatorId: input.validatorId,
    location: input.gate || DEFAULT_GATE,
    deviceId: input.deviceId ?? null,
    nonce: input.nonce ?? null,
    offline: false,
    manual: false,
  };

  try {
    if (!verifyTicketCode(code, deps.ticketSigningKey)) {
      await recordRefusal(db, { ticket: null, scannedCode: code, doorEventId: door.id, reason: 'unknown_code', at: now, record });
      return refused('unknown_code');
    }
    const attempt = await attemptAdmissionTogether(db, { code, doorEventId: door.id, window: doorWindowState(door.window, now), at: now, record });
    if (!attempt.admitted) {
      await recordRefusal(db, { ticket: attempt.ticket, scannedCode: code, doorEventId: door.id, reason: attempt.decision.reason, at: now, record });
    }
    return toCheckInResult(attempt, door.window);
  } catch (error) {
    if (record.nonce && isNonceTaken(error)) return answerRecorded(deps, record.nonce);
    throw error;
  }
}

/** The answer already given to a scan the device sent twice (same nonce). */
async function answerRecorded(deps: Pick<ServiceDeps, 'db'>, nonce: string): Promise<CheckInResult> {
  const [recorded] = await deps.db
    .select({
      accepted: checkIns.accepted,
      reason: checkIns.reason,
      scannedAt: checkIns.scannedAt,
      eventTitle: events.title,
      ticketTypeName: tickets.ticketTypeName,
      holderName: tickets.holderName,
      checkedInAt: tickets.checkedInAt,
    })
    .from(checkIns)
    .leftJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(eq(checkIns.nonce, nonce));
  if (recorded?.accepted && recorded.ticketTypeName) {
    return {
      accepted: true,
      eventTitle: recorded.eventTitle ?? '',
      ticketTypeName: recorded.ticketTypeName,
      holderName: recorded.holderName,
      checkDocument: requiresDocumentCheck(recorded.ticketTypeName),
      checkedInAt: recorded.scannedAt.toISOString(),
    };
  }
  const reason = REFUSAL_REASONS.find((r) => r === recorded?.reason) ?? 'unknown_code';
  return {
    accepted: false,
    reason,
    message: refusalMessage(reason, { checkedInAt: recorded?.checkedInAt, eventTitle: recorded?.eventTitle }),
    eventTitle: recorded?.eventTitle ?? null,
    ticketTypeName: recorded?.ticketTypeName ?? null,
    holderName: recorded?.holderName ?? null,
    checkedInAt: reason === 'already_used' && recorded?.checkedInAt ? recorded.checkedInAt.toISOString() : null,
  };
}

function refused(reason: 'unknown_code'): CheckInResult {
  return { accepted: false, reason, message: refusalMessage(reason), eventTitle: null, ticketTypeName: null, holderName: null, checkedInAt: null };
}
