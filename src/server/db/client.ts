import { join } from 'node:path';
import { projectRoot } from '../paths';
import type { PGlite } from '@electric-sql/pglite';
import { startPglite } from './pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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

/** The committed migrations (drizzle-kit's output). */
export const migrationsFolder = join(projectRoot, 'drizzle');

/** The `pg` pools openDatabase made (db/postgres.ts): preparedStatement names its statements on them. */
export const postgresPools = new WeakSet<object>();

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
    // The PostgreSQL driver loads only when PostgreSQL is used: the embedded start skips it.
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.poolSize ?? 20, options.log ?? { warn: (m) => console.warn(m) });
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
  const { connectionString } = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options;
  const { holdStartupLock } = await import('./postgres');
  return holdStartupLock(connectionString, STARTUP_LOCK_KEY, work);
}

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
    const result = postgresPools.has(client) ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as Row[];
  };
}
