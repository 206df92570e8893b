import { inArray } from 'drizzle-orm';
import type { DoorCounts, DoorSyncOutcome, DoorSyncResult, RefusalReason } from '../../../shared/schemas/tickets';
import { DEFAULT_GATE } from '../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../shared/statuses';
import { normalizeTicketCode } from '../../domain/ticket-code';
import type { Db } from '../../db/client';
import { checkIns, events } from '../../db/schema';
import { admitScan } from './admit-scans';
import { isNonceTaken } from './check-in-result';
import { countDoor } from './door-counts';
import { type DoorEventRow, loadDoorEvent, scanTurnAt } from './door-event';
import { rotatingQrFreshness, splitQrPayload } from '../../../shared/rotating-qr';
import { rotationSecretOf } from '../../domain/rotation-secret';

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
  /** The session the device admitted to; absent: the one open at `scannedAt`. */
  sessionId?: string;
  /** 'out' for an exit the device let through. */
  direction?: ScanDirection;
}

/**
 * Records the decisions a door device took without network (docs/rules/door.md 'The offline door':
 * 'accept and flag', as pretixSCAN does), each exactly once: a nonce already recorded changes
 * nothing ('duplicate'), so a queue sent again, or a scan whose slow online answer the device gave
 * up on, is recorded once. In the order the device decided, through the one admission path
 * (admit-scans.ts admitScan, domain/admission decideScan), each at the device's time against the
 * window of the event it names (loadDoorEvent with `opensMinutesBefore`, as the online scan reads it;
 * on an event with sessions, in the session the device named or the one open at its time, with
 * the direction it scanned: a pass let in on a day it does not cover is a flagged conflict):
 * - an offline admission of a ticket nobody admitted yet, dated inside that window and not later
 *   than `now` (when the sync arrived) plus OFFLINE_CLOCK_SKEW_MS, becomes its entry (`offline`,
 *   at the device's time);
 * - an offline admission the server would have refused is recorded as a flagged conflict: not
 *   accepted, `conflict`, the ticket left as it was; reason 'offline_out_of_window' for a time
 *   outside the window or after the sync (a device clock is not trusted to open the door),
 *   'offline_conflict' for a ticket already in (another door or device), else the refusal's reason
 *   (refunded, another event, unknown); the person did get in;
 * - an offline refusal is recorded as a refusal with the device's reason.
 * Answers one outcome per scan and the counts of each event named. Times are UTC instants.
 */
export async function syncOfflineScans(
  db: Db,
  input: { deviceId: string; validatorId: string; scans: OfflineScan[] },
  options: { opensMinutesBefore: number; signingKey?: Buffer },
  now: Date = new Date(),
): Promise<DoorSyncResult> {
  const nonces = input.scans.map((s) => s.nonce);
  const known = new Map(
    (await db.select({ nonce: checkIns.nonce, reason: checkIns.reason }).from(checkIns).where(inArray(checkIns.nonce, nonces))).map((r) => [
      r.nonce!,
      r.reason,
    ]),
  );
  const eventIds = [...new Set(input.scans.map((s) => s.eventId))];
  const named = await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
  // Each event's door as the online scan reads it (window, sessions, exit scans); at the sync's time for the cache.
  const doors = new Map(
    await Promise.all(
      named.map(async (event) => [event.id, await loadDoorEvent(db, event.id, options.opensMinutesBefore, now.getTime())] as const),
    ),
  );
  const rotating = new Set([...doors.values()].filter((door) => door.rotatingQr).map((door) => door.id));

  const outcomes = new Map<string, DoorSyncOutcome>();
  const ordered = [...input.scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  const fresh: OfflineScan[] = [];
  for (const scan of ordered) {
    if (outcomes.has(scan.nonce) || fresh.some((f) => f.nonce === scan.nonce)) continue;
    if (known.has(scan.nonce))
      outcomes.set(scan.nonce, {
        nonce: scan.nonce,
        outcome: 'duplicate',
        reason: (known.get(scan.nonce) as RefusalReason | null) ?? null,
      });
    else fresh.push(scan);
  }
  // All at once, in the order the device decided: they share the door's admission transactions.
  const recorded = await Promise.all(
    fresh.map((scan) =>
      recordOfflineScan(
        db,
        scan,
        { deviceId: input.deviceId, validatorId: input.validatorId },
        doors.get(scan.eventId) ?? null,
        now,
        rotating.has(scan.eventId) ? options.signingKey : undefined,
      ).catch((error: unknown): DoorSyncOutcome => {
        if (!isNonceTaken(error)) throw error;
        return { nonce: scan.nonce, outcome: 'duplicate', reason: null };
      }),
    ),
  );
  for (const outcome of recorded) outcomes.set(outcome.nonce, outcome);

  const counts: Record<string, DoorCounts> = {};
  for (const eventId of eventIds) {
    const door = doors.get(eventId);
    if (door)
      counts[eventId] = await countDoor(db, eventId, { sessionId: scanTurnAt(door, now).session?.id ?? null, exitScans: door.exitScans });
  }
  return { results: input.scans.map((s) => outcomes.get(s.nonce)!), counts };
}

/**
 * One offline decision through the one admission path (admit-scans.ts admitScan), at the device's
 * time: `door` is its event's door (null: no such event), weighed in the session the device named
 * (else the one open at its time) with the direction it scanned, `syncedAt` when the sync arrived.
 */
async function recordOfflineScan(
  db: Db,
  scan: OfflineScan,
  who: { deviceId: string; validatorId: string },
  door: DoorEventRow | null,
  syncedAt: Date,
  rotationKey?: Buffer,
): Promise<DoorSyncOutcome> {
  // A rotating QR's TOTP is weighed at the device's time: an admission of a stale code is a conflict.
  const read = splitQrPayload(normalizeTicketCode(scan.code));
  const code = read.code;
  const turn = door ? scanTurnAt(door, scan.scannedAt, { sessionId: scan.sessionId, direction: scan.direction }) : null;
  const { decision } = await admitScan(db, {
    ticket: { code },
    scannedCode: code,
    doorEventId: door ? scan.eventId : null,
    // Read at the device's time, as the online scan reads it at the server's (decideScan weighs both).
    window: turn ? turn.state : 'open',
    session: turn?.session ?? null,
    direction: turn?.direction,
    exitScans: turn?.exitScans,
    at: scan.scannedAt,
    record: {
      validatorId: who.validatorId,
      location: scan.gate || DEFAULT_GATE,
      deviceId: who.deviceId,
      nonce: scan.nonce,
      offline: true,
      manual: false,
    },
    device: { accepted: scan.accepted, reason: scan.reason, scannedAt: scan.scannedAt, syncedAt },
    qr: rotationKey ? rotatingQrFreshness(rotationSecretOf(rotationKey, code), read.otp, scan.scannedAt) : undefined,
  });
  if (decision.admitted) return { nonce: scan.nonce, outcome: 'admitted', reason: null };
  return { nonce: scan.nonce, outcome: decision.conflict ? 'conflict' : 'refused', reason: decision.reason };
}
