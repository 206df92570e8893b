import { join } from 'node:path';
import { projectRoot } from '../paths';
import type { PGlite } from '@electric-sql/pglite';
import { startPglite } from './pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema';

export type Schema = typeof schema;
/** A Drizzle database over PGlite or PostgreSQL; services take this (or a transaction of it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; same query surface as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = join(projectRoot, 'drizzle');

/** Where the one-line notices about lost PostgreSQL connections go (a pino logger fits). */
export interface ConnectionLog {
  warn(message: string): void;
}

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
    const pool = createPool(options.databaseUrl, options.poolSize ?? 20, options.log ?? { warn: (m) => console.warn(m) });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = { db, driver: 'postgres', close: () => pool.end() };
    await withStartupLock(database, () => migratePg(db as never, { migrationsFolder }));
    return database;
  }
  const client = await (options.pglite ?? startPglite(options.pgliteDir ?? './data/db'));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, driver: 'pglite', close: () => client.close() };
}

/** Key of the advisory lock held while an instance migrates and seeds (any int8; this one spells 'nl-start'). */
const STARTUP_LOCK_KEY = '7956784615553856116';

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
  const { connectionString } = (database.db as unknown as { $client: pg.Pool }).$client.options;
  const holder = new pg.Client({ connectionString });
  // A connection lost while waiting or working only releases the lock; the error surfaces on its query.
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await holder.query('COMMIT').catch(() => {});
    await holder.end().catch(() => {});
  }
}

/**
 * A `pg` pool whose connections survive being cut. pg emits 'error' on a client whose
 * connection ends; the pool listens only while the client is idle, so a client checked out by a
 * transaction (Drizzle's `db.transaction`) would raise an unhandled 'error' and end the process.
 * Here each client gets its own listener when it connects. A client cut while checked out is
 * also handed back to the pool at once (as broken, so it is discarded): Drizzle releases it only
 * after a successful BEGIN, so one cut before that would otherwise hold a pool slot forever. The
 * caller's own release then does nothing.
 */
function createPool(connectionString: string, max: number, log: ConnectionLog): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const reported = new WeakSet<pg.PoolClient>();
  const report = (client: pg.PoolClient | undefined, error: Error) => {
    if (client) {
      if (reported.has(client)) return;
      reported.add(client);
    }
    log.warn(`PostgreSQL: conexão perdida / connection lost (${describeDatabaseError(error)}); o pool abre outra / the pool opens another`);
  };
  // An idle client: pg-pool has already dropped it when this runs.
  pool.on('error', (error, client) => report(client, error));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      report(client, error);
      const release = (client as GuardedClient)[releaseOnce];
      if (release && !release.released) release(error);
    });
  });
  // Every check-out, by Drizzle's transactions (promise) and by pool.query (callback), goes
  // through connect(): give the client a release that may be called twice.
  const connect = pool.connect.bind(pool) as (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => unknown;
  const guard = (client: pg.PoolClient) => {
    const original = client.release.bind(client);
    const release = Object.assign(
      (error?: Error | boolean) => {
        if (release.released) return;
        release.released = true;
        original(error);
      },
      { released: false },
    );
    client.release = release;
    (client as GuardedClient)[releaseOnce] = release;
    return client;
  };
  (pool as { connect: unknown }).connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    if (callback) {
      return connect((error, client) => {
        if (error || !client) return callback(error, client, () => {});
        const guarded = guard(client);
        callback(undefined, guarded, guarded.release);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(guard);
  };
  return pool;
}

const releaseOnce = Symbol('releaseOnce');
type GuardedClient = pg.PoolClient & { [releaseOnce]?: ((error?: Error) => void) & { released: boolean } };

/**
 * One line about a database error: the SQLSTATE or socket code and the message of the
 * connection error inside it (through Drizzle's `cause`), else of `error` itself.
 */
export function describeDatabaseError(error: unknown): string {
  const found = findConnectionError(error) ?? error;
  const { code, message } = found as { code?: unknown; message?: unknown };
  return [typeof code === 'string' ? code : null, typeof message === 'string' ? message : String(found)].filter(Boolean).join(' ');
}

/** SQLSTATEs of a server that closed or refused the session: admin_shutdown, crash_shutdown, cannot_connect_now. */
const connectionSqlStates = new Set(['57P01', '57P02', '57P03']);
/** Node socket errors of a database that cannot be reached or hung up. */
const connectionErrnos = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg says when the connection under a query or a client is gone. */
const connectionMessages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function findConnectionError(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object' || depth > 8) return undefined;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || connectionSqlStates.has(code) || connectionErrnos.has(code))) return error;
  if (typeof message === 'string' && connectionMessages.some((m) => message.includes(m))) return error;
  // Node reports a refused dual-stack connect ('localhost': ::1 and 127.0.0.1) as an AggregateError.
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = findConnectionError(inner, depth + 1);
      if (found) return found;
    }
  }
  return findConnectionError(cause, depth + 1);
}

/**
 * True when `error` means the database connection was lost or could not be made, rather than a
 * wrong query: PostgreSQL's class 08 (connection exception) and 57P01/57P02/57P03 (the server
 * shutting down or starting), socket errors (ECONNRESET, ECONNREFUSED, EPIPE, ETIMEDOUT and
 * similar), and pg's 'Connection terminated...' / '... is not queryable'. Looks through Drizzle's
 * wrapping (`cause`, DrizzleQueryError) and AggregateError. The HTTP layer answers these with a
 * 503 'database_unavailable'; a retry may well succeed.
 */
export function isConnectionError(error: unknown): boolean {
  return findConnectionError(error) !== undefined;
}

/** Runs raw SQL and returns its rows (the same shape on PGlite and on `pg`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type RawClient = { query(config: { name?: string; text: string; values: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }> };

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
    const result = client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as Row[];
  };
}
