import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * Opens the database: PostgreSQL through `pg` when `databaseUrl` is given, otherwise embedded
 * PGlite in `pgliteDir` (or in memory when `pgliteDir` is 'memory://'). Runs the committed
 * migrations before returning.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle connection closed by the server (restart, failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL: conexão ociosa perdida (${error.message})`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? './data/db';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, driver: 'pglite', close: () => client.close() };
}

/** Runs raw SQL and returns its rows (the same shape on PGlite and on `pg`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
