import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { describeDatabaseError, migrationsFolder, postgresPools, type ConnectionLog, type Database, type Db } from './database';

// PostgreSQL through `pg`: loaded by db/client.ts only when DATABASE_URL is set, so a start on the
// embedded database does not load the driver.

/**
 * A pool of `size` connections to `databaseUrl` as openDatabase describes it (connections that
 * survive being cut, each loss logged on `log`), migrated under the start-up lock.
 * Throws what the first connection or the migrations throw.
 */
export async function openPostgres(databaseUrl: string, size: number, log: ConnectionLog): Promise<Database> {
  const pool = createPool(databaseUrl, size, log);
  const db = drizzle(pool, { schema }) as unknown as Db;
  const database: Database = { db, driver: 'postgres', close: () => pool.end() };
  await holdStartupLock(databaseUrl, () => migrate(db as never, { migrationsFolder }));
  return database;
}

/** Key of the advisory lock held while an instance migrates and seeds (any int8; this one spells 'nl-start'). */
const STARTUP_LOCK_KEY = '7956784615553856116';

/**
 * Runs `work` holding the start-up lock (the transaction-level advisory lock STARTUP_LOCK_KEY) on
 * a connection of its own to `connectionString`, outside the pool (withStartupLock in
 * db/client.ts says why). The lock is released when the transaction ends, also when the process dies.
 */
export async function holdStartupLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
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
  postgresPools.add(pool);
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
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void,
  ) => unknown;
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
