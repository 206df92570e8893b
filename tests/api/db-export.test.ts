import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/database';
import { createServer, type Server } from '../../src/server/server';
import type { Mailer } from '../../src/server/mail/mailer';
import { buyer, createPostgresDatabase } from '../support/test-server';

// `npm run db:export` (scripts/db-export.ts): an install started on the embedded database, with the
// demo data and a paid order, moved to the local PostgreSQL by the commands the README gives; the
// server started there with DATABASE_URL serves the same events, order and tickets. It needs the
// local PostgreSQL, so it runs in the api-postgres project only.

const run = promisify(execFile);
const mailer: Mailer = { send: async () => undefined };
const logger = pino({ level: 'silent' });

/** scripts/db-export.ts as `npm run db:export` runs it, with DATA_DIR; never throws: its exit code and output. */
async function exportDatabase(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['scripts/db-export.ts', ...args], {
      env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The environment without DATABASE_URL: the export reads the embedded database of DATA_DIR. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', PORT: '3999' });
  return createServer({ config, mailer, logger, serveWeb: false, runWorker: false, rateLimit: false });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('moving an embedded install to PostgreSQL', () => {
  it('exports the embedded database so psql restores it and the server on DATABASE_URL serves the same events, order and tickets', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nl-export-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    // The install as `npm start` leaves it: the embedded database in DATA_DIR/db, the demo data.
    const embedded = await startServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    let embeddedOpen = true;
    cleanups.push(async () => {
      if (embeddedOpen) await embedded.close();
    });
    expect(embedded.database.driver).toBe('pglite');
    const demoBuyer = embedded.createdAccounts.find((account) => account.roles.length === 1 && account.roles[0] === 'user')!;
    const signIn = await embedded.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3999', 'content-type': 'application/json' },
      payload: { email: demoBuyer.email, password: demoBuyer.password },
    });
    expect(signIn.statusCode).toBe(200);
    const setCookie = signIn.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
    const get = (server: Server, url: string) => server.app.inject({ method: 'GET', url, headers: { cookie } });

    // A paid order of two tickets, on the first event on sale with a paid sector that has them.
    const list = (await get(embedded, '/api/events')).json() as { events: { id: string }[] };
    expect(list.events.length).toBeGreaterThan(0);
    let orderId: string | null = null;
    let eventId: string | null = null;
    for (const { id } of list.events) {
      const detail = (await get(embedded, `/api/events/${id}`)).json() as {
        sectors: { id: string; priceCentavos: number; fullAvailable: number }[];
      };
      const sector = detail.sectors.find((type) => type.priceCentavos > 0 && type.fullAvailable >= 2);
      if (!sector) continue;
      const placed = await embedded.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: { eventId: id, items: [{ sectorId: sector.id, quantity: 2 }], buyer, paymentMethod: 'pix', installments: 1 },
      });
      if (placed.statusCode !== 201) continue;
      orderId = (placed.json() as { id: string }).id;
      eventId = id;
      break;
    }
    expect(orderId).not.toBeNull();
    const paid = await embedded.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/simulate-pix-payment`,
      headers: { cookie },
      payload: {},
    });
    expect(paid.json().status).toBe('completed');

    const urls = ['/api/events', `/api/events/${eventId}`, `/api/orders/${orderId}`, '/api/tickets'];
    const before = new Map<string, unknown>();
    for (const url of urls) {
      const response = await get(embedded, url);
      expect(response.statusCode).toBe(200);
      before.set(url, response.json());
    }
    const tickets = (before.get('/api/tickets') as { orders: { id?: string; tickets: unknown[] }[] }).orders.flatMap((o) => o.tickets);
    expect(tickets).toHaveLength(2);

    const countsQuery =
      'SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM tickets) AS tickets, (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM users) AS users';
    const [embeddedCounts] = await queryRows<Record<string, number>>(embedded.deps.db, sql.raw(countsQuery));
    expect(embeddedCounts).toMatchObject({ orders: 1, tickets: 2 });

    // While the server has the database open, the export refuses and says why.
    const output = join(dataDir, 'export.sql');
    const refused = await exportDatabase(dataDir, [output]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('está aberto por um servidor em execução');
    expect(existsSync(output)).toBe(false);

    // 1. Stop the server. 2. npm run db:export.
    await embedded.close();
    embeddedOpen = false;
    const exported = await exportDatabase(dataDir, [output]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`Banco embutido exportado para ${output}`);
    expect(statSync(output).size).toBeGreaterThan(10_000);
    expect(statSync(output).mode & 0o777).toBe(0o600);
    const dump = readFileSync(output, 'utf8');
    expect(dump).toContain('CREATE TABLE drizzle.__drizzle_migrations');
    expect(dump).not.toMatch(/OWNER TO|^GRANT /m);

    // 3. createdb and psql -f into an empty PostgreSQL database.
    const target = await createPostgresDatabase('nl_export');
    cleanups.push(() => target.drop());
    const restored = await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', target.url, '-f', output], {
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(restored.stderr).toBe('');

    const migrationFiles = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const countMigrations = async () =>
      Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0].n);
    expect(await countMigrations()).toBe(migrationFiles.length);

    // 4. The server started with DATABASE_URL (and the same DATA_DIR, whose keys sign the sessions and tickets).
    const moved = await startServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', DATABASE_URL: target.url });
    cleanups.push(() => moved.close());
    expect(moved.database.driver).toBe('postgres');
    // Neither migrated again nor seeded again.
    expect(await countMigrations()).toBe(migrationFiles.length);
    expect(moved.createdAccounts).toEqual([]);
    expect((await client.query(countsQuery)).rows[0]).toEqual(embeddedCounts);
    await client.end();

    // The same answers, through the same session cookie.
    for (const url of urls) {
      const response = await get(moved, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual(before.get(url));
    }
    // New rows go on after the copied ones (the sequences came along).
    const again = await moved.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(again.json().user.email).toBe(demoBuyer.email);
  }, 300_000);
});
