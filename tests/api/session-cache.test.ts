import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { hashPassword } from 'better-auth/crypto';
import { loadConfig } from '../../src/server/config';
import { accounts, profiles, userRoles, users } from '../../src/server/db/schema';
import { sessionCacheOf } from '../../src/server/http/app';
import { createServer, type Server } from '../../src/server/server';
import type { Role } from '../../src/shared/schemas/me';
import { createEvent, createPostgresDatabase, startTestServer, type TestServer } from '../support/test-server';

// The cache of checked sessions (src/server/http/session.ts) keeps live sessions only, and never
// more than its bound, whatever cookies clients make up.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

/** A garbage collection on demand (V8's own, exposed for this test when node was not started with --expose-gc). */
function collectGarbage(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('the checked-session cache', () => {
  it('keeps nothing for 10,000 different invalid cookies, and memory stays flat', async () => {
    const cache = sessionCacheOf(server.app)!;
    const secret = (server.auth.options as { secret: string }).secret;
    const signed = (token: string) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
    // Three kinds: a wrong signature; a right signature of a session that does not exist; 15 KB of junk.
    const junk = (i: number) => {
      const value =
        i % 3 === 0
          ? `${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64')}`
          : i % 3 === 1
            ? signed(randomBytes(24).toString('base64url'))
            : randomBytes(11_250).toString('base64');
      return `better-auth.session_token=${value}`;
    };
    const getSession = vi.spyOn(server.auth.api, 'getSession');
    const gc = collectGarbage();
    const send = async (from: number, to: number) => {
      for (let start = from; start < to; start += 100) {
        const answers = await Promise.all(Array.from({ length: Math.min(100, to - start) }, (_, k) => me(junk(start + k))));
        for (const answer of answers) expect(answer.json().user).toBeNull();
      }
    };
    // A first round warms the code up; memory is measured over the next 9,000.
    await send(0, 1000);
    gc();
    const before = process.memoryUsage().heapUsed;
    await send(1000, 10_000);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(cache.size).toBe(0);
    expect(grown).toBeLessThan(8 * 1024 * 1024);
    // The 15 KB cookies were never handed to better-auth to verify; only the short forged ones were.
    expect(getSession.mock.calls.length).toBeLessThanOrEqual(Math.ceil(10_000 / 3));
    getSession.mockRestore();
  });

  it('keeps a live session once, and drops it at sign-out', async () => {
    const cache = sessionCacheOf(server.app)!;
    const before = cache.size;
    const { cookie, userId } = await server.signUpAs();
    expect((await me(cookie)).json().user.id).toBe(userId);
    expect((await me(cookie)).json().user.id).toBe(userId);
    expect(cache.size).toBe(before + 1);
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: server.origin },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).json().user).toBeNull();
    expect(cache.size).toBe(before);
  });
});

// One process is one instance on PGlite; two instances share a database only on PostgreSQL.
describe.skipIf(process.env.TEST_DB !== 'postgres')('two instances on one PostgreSQL database', () => {
  const origin = 'http://localhost:3999';
  const password = 'senha-de-teste-123';
  const dataDirs: string[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const sessionSecret = randomBytes(32).toString('base64url');
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'nl-instances-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: sessionSecret,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        PORT: '3999',
      });
      return createServer({ config, logger: pino({ level: 'silent' }), serveWeb: false, runWorker: false, rateLimit: false });
    };
    a = await start();
    b = await start();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A verified account with `roles`, made through instance A's database. */
  async function createAccount(roles: Role[] = []) {
    const id = randomUUID().replace(/-/g, '');
    const email = `pessoa-${id.slice(0, 8)}@exemplo.com.br`;
    await a.deps.db.insert(users).values({ id, name: 'Pessoa Teste', email, emailVerified: true });
    await a.deps.db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) });
    await a.deps.db.insert(profiles).values({ id, fullName: 'Pessoa Teste' });
    await a.deps.db.insert(userRoles).values([...new Set<Role>(['user', ...roles])].map((role) => ({ userId: id, role })));
    return { userId: id, email };
  }

  /** Signs in on `instance`: the session cookie. */
  async function signIn(instance: Server, email: string): Promise<string> {
    const response = await instance.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin, 'content-type': 'application/json' },
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    return [response.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
  }

  const userOn = async (instance: Server, cookie: string) =>
    (await instance.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user as { id: string } | null;

  /** Polls B for up to 1 s (well under the cache's 5 s) until `check` holds; how long it took. */
  async function withinOneSecond(check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    await expect.poll(check, { timeout: 1000, interval: 20 }).toBe(true);
    return Date.now() - started;
  }

  it('refuses on instance B, at once, a session signed out on instance A', async () => {
    const { userId, email } = await createAccount();
    const cookie = await signIn(a, email);
    // B has checked the session and keeps it for 5 s.
    expect((await userOn(b, cookie))?.id).toBe(userId);
    expect((await userOn(b, cookie))?.id).toBe(userId);

    const out = await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin }, payload: {} });
    expect(out.statusCode).toBe(200);
    const waited = await withinOneSecond(
      async () => (await b.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: {} })).statusCode === 401,
    );
    expect(waited).toBeLessThan(1000);
    expect(await userOn(b, cookie)).toBeNull();
  });

  it('refuses on instance B the other sessions a password change on instance A revoked', async () => {
    const { userId, email } = await createAccount();
    const phone = await signIn(a, email);
    const laptop = await signIn(a, email);
    expect((await userOn(b, phone))?.id).toBe(userId);

    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: laptop, origin, 'content-type': 'application/json' },
      payload: { currentPassword: password, newPassword: 'outra-senha-456', revokeOtherSessions: true },
    });
    expect(changed.statusCode).toBe(200);
    await withinOneSecond(async () => (await userOn(b, phone)) === null);
  });

  it('refuses on instance B, at once, the door to a validator whose role was removed on instance A', async () => {
    const admin = await createAccount(['admin']);
    const door = await createAccount(['validator']);
    const adminCookie = await signIn(a, admin.email);
    const doorCookie = await signIn(a, door.email);
    const { event } = await createEvent(a, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const counts = () => b.app.inject({ method: 'GET', url: `/api/door/events/${event.id}/counts`, headers: { cookie: doorCookie } });
    expect((await counts()).statusCode).toBe(200);

    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/admin/staff/${door.userId}/roles/validator`,
      headers: { cookie: adminCookie, origin },
    });
    expect(removed.statusCode).toBe(204);
    await withinOneSecond(async () => (await counts()).statusCode === 403);
  });

  it('ends on instance B the live stream of a session signed out on instance A', async () => {
    const { email } = await createAccount();
    const cookie = await signIn(a, email);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (b.app.server.address() as { port: number }).port;
    let ended = false;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`http://127.0.0.1:${port}/api/live`, { headers: { cookie }, agent: false }, (response) => {
        expect(response.statusCode).toBe(200);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => chunk.includes('event: ready') && resolve());
        response.on('close', () => (ended = true));
        response.on('error', () => {});
      });
      request.on('error', reject);
    });

    expect((await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin }, payload: {} })).statusCode).toBe(
      200,
    );
    await withinOneSecond(async () => ended);
  });
});
