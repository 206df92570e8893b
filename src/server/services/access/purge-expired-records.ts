import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** How long access records are kept, in calendar months (Lei 12.965/2014, Marco Civil da Internet, art. 15). */
export const ACCESS_RECORDS_KEPT_MONTHS = 6;

/** How long an idempotency key answers a retry, in ms (the `Idempotency-Key` header of src/server/http/idempotency.ts). */
export const IDEMPOTENCY_KEYS_KEPT_MS = 24 * 3_600_000;

/**
 * The instant `months` calendar months before `now` (UTC), the day of the month kept when that
 * month has it, else its last day (31 August - 6 months = 28 or 29 February): never less than
 * `months` whole months before.
 */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
}

/**
 * Deletes what the product may no longer keep, as of `now` (UTC):
 * - access records older than ACCESS_RECORDS_KEPT_MONTHS (Lei 12.965/2014, art. 15;
 *   docs/rules/accounts-and-data.md 'Access records');
 * - idempotency keys created more than IDEMPOTENCY_KEYS_KEPT_MS ago (a retry after a day is a new request).
 * Two plain DELETEs on indexed instants: idempotent, so every server instance may run it (the
 * worker does, hourly) with no leader. Returns how many rows of each went.
 */
export async function purgeExpiredRecords(db: Db, now = new Date()): Promise<{ accessRecords: number; idempotencyKeys: number }> {
  const [records] = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM access_records WHERE at < ${monthsBefore(now, ACCESS_RECORDS_KEPT_MONTHS)} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  const [keys] = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < ${new Date(now.getTime() - IDEMPOTENCY_KEYS_KEPT_MS)} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return { accessRecords: records.n, idempotencyKeys: keys.n };
}
