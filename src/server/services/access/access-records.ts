import type { Db } from '../../db/client';
import { accessRecords } from '../../db/schema';
import { createTtlCache } from '../../lib/ttl-cache';

/** What an access record says happened: a session began, or a signed-in request arrived. */
export type AccessKind = 'sign_in' | 'request';

/** Where a write that failed is reported (a request's logger, pino's shape). */
export interface AccessLog {
  warn(fields: object, message: string): void;
}

/**
 * How long one instance keeps a (user, address) pair as recorded, in ms: the authenticated requests
 * of one person from one address write one row per 10 minutes, not one per request
 * (docs/rules/accounts-and-data.md 'Access records').
 */
export const ACCESS_WINDOW_MS = 10 * 60_000;

/**
 * Most (user, address) pairs one instance remembers at once, the oldest forgotten first. A sale
 * night's signed-in buyers within 10 minutes fit; past it, a forgotten pair only writes one row more.
 */
export const ACCESS_WINDOW_MAX_PAIRS = 50_000;

/** Most rows written by one INSERT; more wait for the next. */
const MAX_ROWS_PER_WRITE = 1000;

interface PendingRow {
  userId: string;
  ip: string;
  at: Date;
  log?: AccessLog;
  settle: (error?: unknown) => void;
}

/**
 * Records the sign-in of `userId` from the client address `ip` at `at` (UTC), kind 'sign_in'
 * (Lei 12.965/2014, Marco Civil da Internet, art. 15; docs/rules/accounts-and-data.md 'Access
 * records'). One INSERT, awaited: a session is begun (src/server/auth.ts) only with its record.
 * Nothing is written when `ip` is empty (a session created by the server itself, with no request).
 * Throws what the database throws.
 */
export async function recordSignIn(db: Db, userId: string, ip: string, at = new Date()): Promise<void> {
  if (!ip) return;
  await db.insert(accessRecords).values({ userId, ip, at, kind: 'sign_in' });
}

/**
 * The access records of the authenticated requests one server instance receives (kind 'request';
 * docs/rules/accounts-and-data.md 'Access records'), without a write per request:
 * - `note(userId, ip)` is called for every request whose session was resolved; it answers at once
 *   and never throws. A (user, address) pair already noted within ACCESS_WINDOW_MS (one instance's
 *   memory, ACCESS_WINDOW_MAX_PAIRS at most) writes nothing; a new one queues a row stamped with
 *   the request's instant (UTC).
 * - Queued rows are written by one INSERT at a time (up to MAX_ROWS_PER_WRITE rows each): the first
 *   row starts a write at once, rows arriving meanwhile go in the next, so a busy instance writes a
 *   few statements a second whatever the traffic, and a quiet one writes each row within
 *   milliseconds. A write that fails is logged (the count, never the addresses) on the `log` of
 *   the request that queued its first row, and its pairs are forgotten, so their next request tries again.
 * - `flush()` resolves once every row queued so far is written or has failed (shutdown, tests).
 * `now` is for tests; the instant of a request otherwise.
 */
export function createAccessRecorder(db: Db, options: { windowMs?: number; maxPairs?: number } = {}) {
  const seen = createTtlCache<void>(options.windowMs ?? ACCESS_WINDOW_MS, options.maxPairs ?? ACCESS_WINDOW_MAX_PAIRS);
  let queue: PendingRow[] = [];
  let writing: Promise<void> | null = null;

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const rows = queue.slice(0, MAX_ROWS_PER_WRITE);
      queue = queue.slice(rows.length);
      try {
        await db.insert(accessRecords).values(rows.map(({ userId, ip, at }) => ({ userId, ip, at, kind: 'request' as const })));
        for (const row of rows) row.settle();
      } catch (error) {
        rows
          .find((row) => row.log)
          ?.log?.warn({ err: error, rows: rows.length }, 'access records not written; the next request of each retries');
        for (const row of rows) row.settle(error);
      }
    }
  }

  function startWriting() {
    if (writing) return;
    writing = writeQueued().finally(() => {
      writing = null;
      // Rows queued while the last statement's answer was being handled.
      if (queue.length > 0) startWriting();
    });
  }

  return {
    note(userId: string, ip: string, log?: AccessLog, now = new Date()): void {
      if (!ip) return;
      const written = seen.get(
        `${userId}\n${ip}`,
        () =>
          new Promise<void>((resolve, reject) => {
            queue.push({ userId, ip, at: now, log, settle: (error) => (error === undefined ? resolve() : reject(error)) });
            startWriting();
          }),
        now.getTime(),
      );
      // A failed write is logged in writeQueued; the cache forgets the pair on the rejection.
      written.catch(() => undefined);
    },
    async flush(): Promise<void> {
      while (writing) await writing;
    },
  };
}

export type AccessRecorder = ReturnType<typeof createAccessRecorder>;

const recorders = new WeakMap<Db, AccessRecorder>();

/**
 * The request recorder of the database `db` (createAccessRecorder), one per opened database in
 * the process: the session check (src/server/http/session.ts) notes requests through it, and tests
 * flush it.
 */
export function accessRecorderFor(db: Db): AccessRecorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = createAccessRecorder(db);
    recorders.set(db, recorder);
  }
  return recorder;
}
