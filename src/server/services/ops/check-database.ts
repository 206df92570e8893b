import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { migrationsFolder } from '../../db/database';

/** Why the database keeps an instance from serving, as GET /readyz names it. */
export type DatabaseProblem = 'database_unavailable' | 'migrations_pending';

/** The `when` (ms since the epoch) of the latest migration this build ships (drizzle/meta/_journal.json). */
let latestMigrationMs: number | undefined;

function latestShippedMigrationMs(): number {
  if (latestMigrationMs === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    latestMigrationMs = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return latestMigrationMs;
}

/** Databases found migrated at least up to this build's latest migration: asked once, never again. */
const migrated = new WeakSet<Db>();

/**
 * Whether `db` can serve this build (docs/rules/operations.md 'Readiness'): it answers a
 * `SELECT 1` within `timeoutMs`, and drizzle's migrations table records this build's latest
 * migration or a later one (a newer build that migrated first during a rolling upgrade still
 * leaves an older instance ready: migrations only add). The migrations are read once per
 * database; once found applied they are not asked again. Answers null when ready, else the
 * problem; never throws (a lost connection, a closed pool and a timeout are all
 * 'database_unavailable').
 */
export async function checkDatabase(db: Db, timeoutMs: number): Promise<DatabaseProblem | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const probe = (async (): Promise<DatabaseProblem | null> => {
    await queryRows(db, sql`SELECT 1`);
    if (migrated.has(db)) return null;
    // A database never migrated has no migrations table (undefined_table, 42P01).
    const rows = await queryRows<{ latest: string | number | null }>(
      db,
      sql`SELECT max(created_at) AS latest FROM drizzle.__drizzle_migrations`,
    ).catch((error: unknown) => {
      if (hasCode(error, '42P01')) return [{ latest: null }];
      throw error;
    });
    const [row] = rows;
    if (row?.latest === null || row?.latest === undefined || Number(row.latest) < latestShippedMigrationMs()) return 'migrations_pending';
    migrated.add(db);
    return null;
  })();
  try {
    const outcome = await Promise.race([probe, timeout]);
    return outcome === 'timeout' ? 'database_unavailable' : outcome;
  } catch {
    return 'database_unavailable';
  } finally {
    clearTimeout(timer);
    // A probe that lost the race may still fail later: nobody waits on it any more.
    probe.catch(() => undefined);
  }
}

/** Whether `error`, or an error it wraps (Drizzle's `cause`), carries the SQLSTATE `code`. */
function hasCode(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
