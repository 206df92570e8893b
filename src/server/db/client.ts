import type { PGlite } from '@electric-sql/pglite';
import { startPglite } from './pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema';
import { migrationsFolder, postgresPools, type ConnectionLog, type Database, type Db, type Tx } from './database';

// The types and error helpers of db/database.ts are imported from here by the rest of the server.
export { describeDatabaseError, isConnectionError } from './database';
export type { Database, Db, Tx } from './database';

/**
 * Opens the database: PostgreSQL through `pg` when `databaseUrl` is given, otherwise embedded
 * PGlite in `pgliteDir` (or in memory when `pgliteDir` is 'memory://'). Runs the committed
 * migrations before returning.
 *
 * On PostgreSQL a connection the server closes (restart, failover, `pg_terminate_backend`) never
 * takes the process down: every connection gets an 'error' listener when it opens, whether it
 * is idle in the pool or checked out by a request or a transaction; the loss is logged in one
 * line on `log` (console by default), the queries on it fail with an error `isConnectionError`
 * recognises, and the pool opens a new connection for the next query. Throws what the first
 * connection or the migrations throw (an unreachable server: ECONNREFUSED and the like).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** PGlite already being started (startPglite), used instead of starting one in `pgliteDir`. */
  pglite?: Promise<PGlite>;
  poolSize?: number;
  log?: ConnectionLog;
}): Promise<Database> {
  if (options.databaseUrl) {
    // The PostgreSQL driver loads only when PostgreSQL is used: the embedded start skips it.
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.poolSize ?? 20, options.log ?? { warn: (m) => console.warn(m) });
  }
  const client = await (options.pglite ?? startPglite(options.pgliteDir ?? './data/db'));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, driver: 'pglite', close: () => client.close() };
}

/**
 * Runs `work` while holding the database's start-up lock, so several instances starting at once
 * on one PostgreSQL database migrate and seed one after the other: the next finds the migrations
 * applied and the demo data in place (two at once would both create the same tables, or both seed
 * an empty catalogue). The lock is a transaction-level advisory lock taken by an open transaction
 * on a connection of its own, outside the pool (`work` may need every pooled connection), so it
 * also holds behind PgBouncer in transaction mode; it is released when that transaction ends, also
 * when the process dies. On PGlite, one process per data directory, `work` just runs.
 */
export async function withStartupLock<T>(database: Pick<Database, 'db' | 'driver'>, work: () => Promise<T>): Promise<T> {
  if (database.driver !== 'postgres') return work();
  const { connectionString } = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options;
  const { holdStartupLock } = await import('./postgres');
  return holdStartupLock(connectionString, work);
}

/** Runs raw SQL and returns its rows (the same shape on PGlite and on `pg`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type RawClient = {
  query(config: { name?: string; text: string; values: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * A hot statement of fixed text with numbered parameters ($1, $2, ...), run outside any
 * transaction. On PostgreSQL it is a named prepared statement: each pooled connection parses and
 * plans it once, and no query is built per call (the purchase, the payment, the session check
 * and the scan, which a sale night runs thousands of times a minute). On PGlite it is a plain
 * parameterised query. `name` must be unique in the process. The rows come as the driver parses
 * them (timestamptz → Date, int8 → string, json → value): cast dates to text in `text`.
 * Throws what the driver throws (a DatabaseError with `code`, or a connection error).
 */
export function preparedStatement<Row>(name: string, text: string): (db: Db, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = (db as unknown as { $client: RawClient }).$client;
    const result = postgresPools.has(client) ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as Row[];
  };
}

/** The connections of a `pg` pool: open in all, idle among them, and checkouts waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The `pg` pool under `db` as it stands (docs/rules/operations.md 'Metrics'), or null on PGlite,
 * whose one embedded connection has no pool.
 */
export function poolStats(db: Db): PoolStats | null {
  const client = (db as unknown as { $client: object }).$client;
  if (!postgresPools.has(client)) return null;
  const pool = client as { totalCount: number; idleCount: number; waitingCount: number };
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
