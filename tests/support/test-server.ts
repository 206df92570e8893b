import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { hashPassword } from 'better-auth/crypto';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createServer, type Server } from '../../src/server/server';
import { accounts, events, profiles, ticketLots, sectors, userRoles, users } from '../../src/server/db/schema';
import type { Role } from '../../src/shared/schemas/me';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer';

export const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new, empty database on the local PostgreSQL server (adminDatabaseUrl): its URL, and `drop`,
 * which removes it even while connections to it are still open.
 */
export async function createPostgresDatabase(prefix = 'nl_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminDatabaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database of the kind TEST_DB names ('pglite' in memory, or 'postgres': a new database
 * on the local server, dropped by `drop`).
 */
export async function openTestDatabase(
  kind = process.env.TEST_DB ?? 'pglite',
  poolSize = 20,
): Promise<Database & { drop(): Promise<void> }> {
  if (kind !== 'postgres') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    let closed = false;
    const close = async () => {
      if (!closed) await database.close();
      closed = true;
    };
    return { ...database, close, drop: close };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url, poolSize });
  let closed = false;
  return {
    ...database,
    async close() {
      if (!closed) await database.close();
      closed = true;
    },
    async drop() {
      if (!closed) await database.close();
      closed = true;
      await created.drop();
    },
  };
}

export interface TestServer extends Server {
  origin: string;
  sentMail: MailMessage[];
  dataDir: string;
  /** Creates a verified user with the given roles and returns its session cookie. */
  signUpAs(roles?: Role[], email?: string): Promise<{ userId: string; email: string; cookie: string }>;
  stop(): Promise<void>;
}

/**
 * The whole server in-process on a fresh database, without demo data or worker, and without rate
 * limits unless `rateLimit` (the tests of the limits themselves). `env` adds configuration
 * variables (Stripe's keys and STRIPE_API_URL pointing at a double).
 */
export async function startTestServer(
  options: { poolSize?: number; env?: Record<string, string>; rateLimit?: boolean } = {},
): Promise<TestServer> {
  const database = await openTestDatabase(undefined, options.poolSize);
  const dataDir = mkdtempSync(join(tmpdir(), 'nl-test-'));
  const config = loadConfig({ ...options.env, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', PORT: '3999' });
  const sentMail: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void sentMail.push(m) };
  const server = await createServer({
    config,
    database,
    mailer,
    logger: pino({ level: process.env.TEST_LOG ?? 'silent' }),
    serveWeb: false,
    runWorker: false,
    rateLimit: options.rateLimit ?? false,
  });
  const origin = 'http://localhost:3999';
  return {
    ...server,
    origin,
    sentMail,
    dataDir,
    async signUpAs(roles: Role[] = ['user'], email = `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`) {
      const id = randomUUID().replace(/-/g, '');
      const password = 'senha-de-teste-123';
      await server.deps.db.insert(users).values({ id, name: 'Pessoa Teste', email, emailVerified: true });
      await server.deps.db
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) });
      await server.deps.db.insert(profiles).values({ id, fullName: 'Pessoa Teste' });
      await server.deps.db.insert(userRoles).values([...new Set<Role>(['user', ...roles])].map((role) => ({ userId: id, role })));
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin, 'content-type': 'application/json' },
        payload: { email, password },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      const setCookie = response.headers['set-cookie'];
      const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
      return { userId: id, email, cookie };
    },
    async stop() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a sector of `eventId` selling `remaining` units in one lot at `priceCentavos`; returns its row. */
export async function insertSector(
  db: Server['deps']['db'],
  eventId: string,
  type: { name: string; priceCentavos: number; remaining: number; sortOrder?: number },
) {
  const [sector] = await db
    .insert(sectors)
    .values({ eventId, name: type.name, remaining: type.remaining, sortOrder: type.sortOrder ?? 0 })
    .returning();
  await db.insert(ticketLots).values({
    sectorId: sector.id,
    position: 1,
    priceCentavos: type.priceCentavos,
    quantity: type.remaining,
    remaining: type.remaining,
  });
  return { ...sector, priceCentavos: type.priceCentavos };
}

/**
 * Inserts an event `daysAhead` days from today at 20:00-23:00 (São Paulo), or starting at the
 * instant `startsAt` for 3 hours (an event an hour away has its door open now), with the given
 * ticket types (one lot each; centavos). No limits per order or CPF, no fee; the meia-entrada
 * reserve only with `meiaEntrada` (the tests of stock and payments sell every unit at full price).
 */
export async function createEvent(
  server: Pick<Server, 'deps'>,
  types: { name: string; priceCentavos: number; remaining: number }[],
  options: { daysAhead?: number; startsAt?: Date; title?: string; meiaEntrada?: boolean } = {},
) {
  const starts = options.startsAt ?? null;
  const day = starts ?? new Date(Date.now() + (options.daysAhead ?? 10) * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(day);
  const clock = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const [event] = await server.deps.db
    .insert(events)
    .values({
      title: options.title ?? 'Evento de Teste',
      date,
      startTime: starts ? clock(starts) : '20:00',
      endTime: starts ? clock(new Date(starts.getTime() + 3 * 3_600_000)) : '23:00',
      location: 'Arena Teste',
      city: 'Itajaí',
      category: 'Next Level Events',
      brandSlug: null,
      meiaEntrada: options.meiaEntrada ?? false,
    })
    .returning();
  const typeRows = [];
  for (const [i, t] of types.entries()) typeRows.push(await insertSector(server.deps.db, event.id, { ...t, sortOrder: i }));
  return { event, sectors: typeRows };
}

/** A valid buyer block for POST /api/orders. */
export const buyer = { name: 'Ana Beatriz Lima', email: 'ana@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' };
