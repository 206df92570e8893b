import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/server/config';
import { createServer, type Server } from '../../src/server/server';
import { freePort } from './free-port';
import { createPostgresDatabase } from './test-server';
import { recipientTag } from '../../src/server/lib/local-outbox';

export interface RunningApp extends Server {
  baseUrl: string;
  dataDir: string;
  /** The newest e-mail written to the local outbox for `to` (files are named by its recipientTag), as raw text. */
  lastMailTo(to: string): string | null;
  stop(): Promise<void>;
}

/**
 * The app as `npm start` runs it (demo data, built web app, worker), on a free port with its own
 * data directory. `env` adds settings, e.g. a Stripe double's STRIPE_* variables. The database is
 * `options.database`: 'pglite' (embedded, as `npm start`) or 'postgres' (a new database on the
 * local server, dropped by `stop`); by default E2E_DB's, else 'pglite'. An env with its own
 * DATABASE_URL keeps it.
 */
export async function startApp(env: Record<string, string> = {}, options: { database?: 'pglite' | 'postgres' } = {}): Promise<RunningApp> {
  const kind = options.database ?? (process.env.E2E_DB === 'postgres' ? 'postgres' : 'pglite');
  const postgres = kind === 'postgres' && !env.DATABASE_URL ? await createPostgresDatabase('nl_e2e') : null;
  if (postgres) env = { DATABASE_URL: postgres.url, ...env };
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'nl-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    WORKER_INTERVAL_MS: '500',
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist',
    ...env,
  });
  const server = await createServer({ config, logger: pino({ level: 'warn' }), rateLimit: false });
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    ...server,
    baseUrl,
    dataDir,
    lastMailTo(to: string) {
      const dir = join(dataDir, 'outbox');
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(`${recipientTag(to)}.eml`))
        .sort();
      return files.length ? readFileSync(join(dir, files[files.length - 1]), 'utf8') : null;
    },
    async stop() {
      await server.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
