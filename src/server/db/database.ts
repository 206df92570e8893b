import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { projectRoot } from '../paths';
import type * as schema from './schema';

// What db/client.ts (PGlite, and the choice of driver) and db/postgres.ts (the `pg` driver, loaded
// only when DATABASE_URL is set) both need, so neither imports the other's module at load time.

type Schema = typeof schema;
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
