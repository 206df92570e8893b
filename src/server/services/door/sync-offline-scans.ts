import { inArray } from 'drizzle-orm';
import type { DoorCounts, DoorSyncOutcome, DoorSyncResult, RefusalReason } from '../../../shared/schemas/tickets';
import { DEFAULT_GATE } from '../../../shared/schemas/tickets';
import { type DoorWindow, doorWindow, doorWindowState } from '../../domain/door-window';
import { normalizeTicketCode } from '../../domain/ticket-code';
import type { Db } from '../../db/client';
import { checkIns, events } from '../../db/schema';
import { admitScan } from './admit-scans';
import { isNonceTaken } from './check-in-result';
import { countDoor } from './door-counts';
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
}

/**
 * Records the decisions a door device took without network (PRODUCT.md 'Tickets and the door':
 * 'accept and flag', as pretixSCAN does), each exactly once: a nonce already recorded changes
 * nothing ('duplicate'), so a queue sent again, or a scan whose slow online answer the device gave
 * up on, is recorded once. In the order the device decided, through the one admission path
 * (admit-scans.ts admitScan, domain/admission decideScan), each at the device's time against the
 * window of the event it names (doorWindow with `opensMinutesBefore`, as the online scan reads it):
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
  const named = await db
    .select({ id: events.id, date: events.date, startTime: events.startTime, endTime: events.endTime, rotatingQr: events.rotatingQr })
    .from(events)
    .where(inArray(events.id, eventIds));
  const windows = new Map(named.map((event) => [event.id, doorWindow(event, options.opensMinutesBefore)]));
  const rotating = new Set(named.filter((event) => event.rotatingQr).map((event) => event.id));

  const outcomes = new Map<string, DoorSyncOutcome>();
  const ordered = [...input.scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  const fresh: OfflineScan[] = [];
  for (const scan of ordered) {
    if (outcomes.has(scan.nonce) || fresh.some((f) => f.nonce === scan.nonce)) continue;
    if (known.has(scan.nonce)) outcomes.set(scan.nonce, { nonce: scan.nonce, outcome: 'duplicate', reason: (known.get(scan.nonce) as RefusalReason | null) ?? null });
    else fresh.push(scan);
  }
  // All at once, in the order the device decided: they share the door's admission transactions.
  const recorded = await Promise.all(
    fresh.map((scan) =>
      recordOfflineScan(db, scan, { deviceId: input.deviceId, validatorId: input.validatorId }, windows.get(scan.eventId) ?? null, now, rotating.has(scan.eventId) ? options.signingKey : undefined).catch((error: unknown): DoorSyncOutcome => {
        if (!isNonceTaken(error)) throw error;
        return { nonce: scan.nonce, outcome: 'duplicate', reason: null };
      }),
    ),
  );
  for (const outcome of recorded) outcomes.set(outcome.nonce, outcome);

  const counts: Record<string, DoorCounts> = {};
  for (const eventId of eventIds) if (windows.has(eventId)) counts[eventId] = await countDoor(db, eventId);
  return { results: input.scans.map((s) => outcomes.get(s.nonce)!), counts };
}

/**
 * One offline decision through the one admission path (admit-scans.ts admitScan), at the device's
 * time: `window` is its event's door window (null: no such event), `syncedAt` when the sync arrived.
 */
async function recordOfflineScan(
  db: Db,
  scan: OfflineScan,
  who: { deviceId: string; validatorId: string },
  window: DoorWindow | null,
  syncedAt: Date,
  rotationKey?: Buffer,
): Promise<DoorSyncOutcome> {
  // A rotating QR's TOTP is weighed at the device's time: an admission of a stale code is a conflict.
  const read = splitQrPayload(normalizeTicketCode(scan.code));
  const code = read.code;
  const { decision } = await admitScan(db, {
    ticket: { code },
    scannedCode: code,
    doorEventId: window ? scan.eventId : null,
    // Read at the device's time, as the online scan reads it at the server's (decideScan weighs both).
    window: window ? doorWindowState(window, scan.scannedAt) : 'open',
    at: scan.scannedAt,
    record: { validatorId: who.validatorId, location: scan.gate || DEFAULT_GATE, deviceId: who.deviceId, nonce: scan.nonce, offline: true, manual: false },
    device: { accepted: scan.accepted, reason: scan.reason, scannedAt: scan.scannedAt, syncedAt },
    qr: rotationKey ? rotatingQrFreshness(rotationSecretOf(rotationKey, code), read.otp, scan.scannedAt) : undefined,
  });
  if (decision.admitted) return { nonce: scan.nonce, outcome: 'admitted', reason: null };
  return { nonce: scan.nonce, outcome: decision.conflict ? 'conflict' : 'refused', reason: decision.reason };
}
