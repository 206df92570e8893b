import { inArray } from 'drizzle-orm';
import type { DoorCounts, DoorSyncOutcome, DoorSyncResult, RefusalReason } from '../../../shared/schemas/tickets';
import { DEFAULT_GATE } from '../../../shared/schemas/tickets';
import { normalizeTicketCode } from '../../domain/ticket-code';
import type { Db } from '../../db/client';
import { checkIns, events } from '../../db/schema';
import { attemptAdmission, countDoor, findTicketByCode, isNonceTaken, recordRefusal, type ScanRecord, type TicketState } from './admit-ticket';

export interface OfflineScan {
  nonce: string;
  code: string;
  eventId: string;
  gate?: string;
  /** UTC instant the device decided. */
  scannedAt: Date;
  /** The device let the person in. */
  accepted: boolean;
  reason?: RefusalReason;
}

/**
 * Records the decisions a door device took without network (PRODUCT.md 'Tickets and the door':
 * 'accept and flag', as pretixSCAN does), each exactly once: a nonce already recorded changes
 * nothing ('duplicate'), so a queue sent again, or a scan whose slow online answer the device gave
 * up on, is recorded once. In the order the device decided:
 * - an offline admission of a ticket nobody admitted yet becomes its entry (the atomic
 *   attemptAdmission, `offline`, at the device's time; the window is the device's call);
 * - an offline admission the server would have refused (already in through another door or
 *   device, refunded, another event, unknown) is recorded as a flagged conflict: not accepted,
 *   `conflict`, reason 'offline_conflict' for a ticket already in, else the refusal's reason; the
 *   person did get in;
 * - an offline refusal is recorded as a refusal with the device's reason.
 * Answers one outcome per scan and the counts of each event named. Times are UTC instants.
 */
export async function syncOfflineScans(
  db: Db,
  input: { deviceId: string; validatorId: string; scans: OfflineScan[] },
): Promise<DoorSyncResult> {
  const nonces = input.scans.map((s) => s.nonce);
  const known = new Map(
    (await db.select({ nonce: checkIns.nonce, reason: checkIns.reason }).from(checkIns).where(inArray(checkIns.nonce, nonces))).map((r) => [
      r.nonce!,
      r.reason,
    ]),
  );
  const eventIds = [...new Set(input.scans.map((s) => s.eventId))];
  const existingEvents = new Set((await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds))).map((e) => e.id));

  const outcomes = new Map<string, DoorSyncOutcome>();
  const ordered = [...input.scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  for (const scan of ordered) {
    if (outcomes.has(scan.nonce)) continue;
    if (known.has(scan.nonce)) {
      outcomes.set(scan.nonce, { nonce: scan.nonce, outcome: 'duplicate', reason: (known.get(scan.nonce) as RefusalReason | null) ?? null });
      continue;
    }
    try {
      outcomes.set(scan.nonce, await recordOfflineScan(db, scan, { deviceId: input.deviceId, validatorId: input.validatorId }, existingEvents));
    } catch (error) {
      if (!isNonceTaken(error)) throw error;
      outcomes.set(scan.nonce, { nonce: scan.nonce, outcome: 'duplicate', reason: null });
    }
  }

  const counts: Record<string, DoorCounts> = {};
  for (const eventId of eventIds) if (existingEvents.has(eventId)) counts[eventId] = await countDoor(db, eventId);
  return { results: input.scans.map((s) => outcomes.get(s.nonce)!), counts };
}

async function recordOfflineScan(
  db: Db,
  scan: OfflineScan,
  who: { deviceId: string; validatorId: string },
  existingEvents: Set<string>,
): Promise<DoorSyncOutcome> {
  const code = normalizeTicketCode(scan.code);
  const doorEventId = existingEvents.has(scan.eventId) ? scan.eventId : null;
  const record: ScanRecord = {
    validatorId: who.validatorId,
    location: scan.gate || DEFAULT_GATE,
    deviceId: who.deviceId,
    nonce: scan.nonce,
    offline: true,
    manual: false,
  };
  const at = scan.scannedAt;
  const refuse = async (ticket: TicketState | null, reason: RefusalReason, conflict: boolean): Promise<DoorSyncOutcome> => {
    await recordRefusal(db, { ticket, scannedCode: code, doorEventId, reason, at, conflict, record });
    return { nonce: scan.nonce, outcome: conflict ? 'conflict' : 'refused', reason };
  };

  if (!doorEventId) return refuse(null, scan.accepted ? 'unknown_code' : (scan.reason ?? 'unknown_code'), scan.accepted);
  if (!scan.accepted) return refuse(await findTicketByCode(db, code), scan.reason ?? 'unknown_code', false);

  const attempt = await attemptAdmission(db, {
    ticket: { code },
    doorEventId,
    // The device judged the window by its own clock; the server does not second-guess it.
    window: 'open',
    at,
    record,
  });
  if (attempt.admitted) return { nonce: scan.nonce, outcome: 'admitted', reason: null };
  const { reason } = attempt.decision;
  return refuse(attempt.ticket, reason === 'already_used' ? 'offline_conflict' : reason, true);
}
