import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client';

/** Delays before reconnecting a lost LISTEN connection (docs/architecture.md 'Live updates': 1, 2, 5, 10 s). */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export type LiveListener = (payload: string) => void;

/**
 * Fan-out of PostgreSQL LISTEN/NOTIFY to the open pages of this server (
 * docs/architecture.md 'Live updates'): one database connection listens on each channel in use, and every `pg_notify`
 * committed by any server instance reaches the listeners here. On PostgreSQL the listening
 * connection is a dedicated client, reconnected after 1, 2, 5, 10 s when it drops; on PGlite the
 * embedded database's own listen().
 */
export interface LiveHub {
  /** Calls `listener` with each payload notified on `channel`; returns the unsubscribe function. */
  subscribe(channel: string, listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** Opens the hub on the app's database (PGlite or the PostgreSQL of `databaseUrl`). */
export function createLiveHub(database: Database, log: Logger, databaseUrl?: string): LiveHub {
  const listeners = new Map<string, Set<LiveListener>>();
  const emit = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        log.warn({ err: error, channel }, 'live listener failed');
      }
    }
  };
  let closed = false;

  // PGlite: the embedded instance notifies its own listeners.
  if (database.driver === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = new Map<string, Promise<() => Promise<void>>>();
    return {
      subscribe(channel, listener) {
        if (!listeners.has(channel)) {
          listeners.set(channel, new Set());
          unlisten.set(
            channel,
            client.listen(channel, (payload) => emit(channel, payload)),
          );
        }
        listeners.get(channel)!.add(listener);
        return () => listeners.get(channel)?.delete(listener);
      },
      async close() {
        closed = true;
        for (const stop of unlisten.values()) await (await stop)().catch(() => {});
      },
    };
  }

  // PostgreSQL: one dedicated connection, LISTEN on every channel in use, reconnecting.
  const connectionString =
    databaseUrl ?? (database.db as unknown as { $client: { options: { connectionString?: string } } }).$client.options.connectionString;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = async () => {
    if (closed) return;
    // The driver loads only on PostgreSQL (db/postgres.ts), where it is already loaded by now.
    const { default: driver } = await import('pg');
    if (closed) return;
    const next = new driver.Client({ connectionString });
    next.on('notification', (message) => emit(message.channel, message.payload ?? ''));
    const retry = (error?: Error) => {
      if (closed || client !== next) return;
      client = null;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
      attempt++;
      log.warn({ err: error, delay }, 'PostgreSQL: conexão LISTEN perdida; reconectando');
      next.end().catch(() => {});
      timer = setTimeout(() => void connect(), delay);
      timer.unref();
    };
    next.on('error', retry);
    next.on('end', () => retry());
    client = next;
    try {
      await next.connect();
      for (const channel of listeners.keys()) await next.query(`LISTEN ${quote(channel)}`);
      attempt = 0;
    } catch (error) {
      retry(error as Error);
    }
  };
  void connect();

  return {
    subscribe(channel, listener) {
      if (!listeners.has(channel)) {
        listeners.set(channel, new Set());
        client
          ?.query(`LISTEN ${quote(channel)}`)
          .catch((error) => log.warn({ err: error, channel }, 'LISTEN failed; retried on reconnect'));
      }
      listeners.get(channel)!.add(listener);
      return () => listeners.get(channel)?.delete(listener);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
