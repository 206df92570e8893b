import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { accessRecords, idempotencyKeys, users } from '../../src/server/db/schema';
import { accessRecorderFor, ACCESS_WINDOW_MS, createAccessRecorder } from '../../src/server/services/access/access-records';
import { monthsBefore, purgeExpiredRecords } from '../../src/server/services/access/purge-expired-records';
import { startTestServer, type TestServer } from '../support/test-server';

// docs/rules/accounts-and-data.md 'Access records' (Lei 12.965/2014, Marco Civil da Internet, art. 15).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const PASSWORD = 'senha-de-teste-123';

/** Signs `email` in with its password from the client address `remoteAddress`; returns the session cookie. */
async function signIn(target: TestServer, email: string, remoteAddress: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: target.origin, 'content-type': 'application/json', ...headers },
    payload: { email, password: PASSWORD },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  const setCookie = response.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
}

function rowsOf(db: Db, userId: string) {
  return db
    .select({ ip: accessRecords.ip, at: accessRecords.at, kind: accessRecords.kind })
    .from(accessRecords)
    .where(eq(accessRecords.userId, userId))
    .orderBy(asc(accessRecords.at), asc(accessRecords.id));
}

describe('sign-ins', () => {
  it('records each sign-in with the client address and its time', async () => {
    const { userId, email } = await server.signUpAs();
    const before = new Date();
    await signIn(server, email, '203.0.113.10');
    const after = new Date();
    const signIns = (await rowsOf(server.deps.db, userId)).filter((row) => row.kind === 'sign_in');
    // signUpAs signed in once from inject's default address, then the sign-in above.
    expect(signIns.map((row) => row.ip)).toEqual(['127.0.0.1', '203.0.113.10']);
    const last = signIns[1].at.getTime();
    expect(last).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(last).toBeLessThanOrEqual(after.getTime() + 1000);
  });

  it('records the address the server resolves: a forwarded one only from a proxy TRUST_PROXY names', async () => {
    const { userId, email } = await server.signUpAs();
    // No proxy is trusted by default: a made-up X-Forwarded-For is not the address.
    await signIn(server, email, '203.0.113.20', { 'x-forwarded-for': '198.51.100.66' });
    expect((await rowsOf(server.deps.db, userId)).map((row) => row.ip)).toContain('203.0.113.20');
    expect((await rowsOf(server.deps.db, userId)).map((row) => row.ip)).not.toContain('198.51.100.66');

    const behindProxy = await startTestServer({ env: { TRUST_PROXY: '1' } });
    try {
      const person = await behindProxy.signUpAs();
      await signIn(behindProxy, person.email, '10.0.0.2', { 'x-forwarded-for': '198.51.100.77' });
      const ips = (await rowsOf(behindProxy.deps.db, person.userId)).filter((row) => row.kind === 'sign_in').map((row) => row.ip);
      expect(ips.at(-1)).toBe('198.51.100.77');
    } finally {
      await behindProxy.stop();
    }
  });
});

describe('authenticated requests', () => {
  it('writes one row per account and address in the window, not one per request, and never for anonymous requests', async () => {
    const { userId, email } = await server.signUpAs();
    const cookie = await signIn(server, email, '203.0.113.30');
    for (let i = 0; i < 5; i++) {
      const response = await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie }, remoteAddress: '203.0.113.30' });
      expect(response.statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const response = await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie }, remoteAddress: '198.51.100.40' });
      expect(response.statusCode).toBe(200);
    }
    await server.app.inject({ method: 'GET', url: '/api/events', remoteAddress: '198.51.100.41' });
    await accessRecorderFor(server.deps.db).flush();
    const requests = (await rowsOf(server.deps.db, userId)).filter((row) => row.kind === 'request');
    expect(requests.map((row) => row.ip)).toEqual(['203.0.113.30', '198.51.100.40']);
    const anonymous = await server.deps.db.select().from(accessRecords).where(eq(accessRecords.ip, '198.51.100.41'));
    expect(anonymous).toEqual([]);
  });

  it('writes the pair again once 10 minutes have passed since its row', async () => {
    const recorder = createAccessRecorder(server.deps.db);
    const userId = `window-${randomUUID()}`;
    const start = new Date('2026-03-10T12:00:00Z');
    recorder.note(userId, '203.0.113.50', undefined, start);
    recorder.note(userId, '203.0.113.50', undefined, new Date(start.getTime() + ACCESS_WINDOW_MS - 1));
    await recorder.flush();
    recorder.note(userId, '203.0.113.50', undefined, new Date(start.getTime() + ACCESS_WINDOW_MS));
    await recorder.flush();
    const rows = await rowsOf(server.deps.db, userId);
    expect(rows.map((row) => [row.kind, row.ip, row.at.toISOString()])).toEqual([
      ['request', '203.0.113.50', '2026-03-10T12:00:00.000Z'],
      ['request', '203.0.113.50', '2026-03-10T12:10:00.000Z'],
    ]);
  });

  it('never throws when the write fails: the failure is logged and the next request of the pair tries again', async () => {
    let fail = true;
    const written: unknown[] = [];
    const flaky = {
      insert: () => ({
        values: async (rows: unknown[]) => {
          if (fail) throw new Error('connection lost');
          written.push(...rows);
        },
      }),
    } as unknown as Db;
    const warnings: string[] = [];
    const log = { warn: (_fields: object, message: string) => void warnings.push(message) };
    const recorder = createAccessRecorder(flaky);
    expect(() => recorder.note('u1', '203.0.113.60', log)).not.toThrow();
    await recorder.flush();
    expect(warnings).toHaveLength(1);
    fail = false;
    recorder.note('u1', '203.0.113.60', log);
    await recorder.flush();
    expect(written).toHaveLength(1);
  });
});

describe('keeping and purging', () => {
  it('deletes access records past 6 months and idempotency keys past 24 hours, keeping the younger ones', async () => {
    // The clock moved to a past day: every other row of this database is younger than any cut-off here.
    const now = new Date('2020-03-31T12:00:00Z');
    // 31 March - 6 months is 30 September (September has no 31st).
    expect(monthsBefore(now, 6).toISOString()).toBe('2019-09-30T12:00:00.000Z');
    const userId = `purge-${randomUUID()}`;
    await server.deps.db.insert(accessRecords).values([
      { userId, ip: '203.0.113.70', at: new Date('2019-09-30T11:59:59Z'), kind: 'sign_in' },
      { userId, ip: '203.0.113.71', at: new Date('2019-10-31T12:00:00Z'), kind: 'request' },
      { userId, ip: '203.0.113.72', at: new Date('2020-03-31T11:00:00Z'), kind: 'request' },
    ]);
    const scope = `purge-${randomUUID()}`;
    await server.deps.db.insert(idempotencyKeys).values([
      { scope, key: 'velha', route: 'POST /api/orders', requestHash: 'a', createdAt: new Date(now.getTime() - 25 * 3_600_000) },
      { scope, key: 'nova', route: 'POST /api/orders', requestHash: 'b', createdAt: new Date(now.getTime() - 23 * 3_600_000) },
    ]);
    const purged = await purgeExpiredRecords(server.deps.db, now);
    expect(purged).toEqual({ accessRecords: 1, idempotencyKeys: 1 });
    expect((await rowsOf(server.deps.db, userId)).map((row) => row.ip)).toEqual(['203.0.113.71', '203.0.113.72']);
    const keys = await server.deps.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
    expect(keys).toEqual([{ key: 'nova' }]);
    // Run again (another instance, the next hour): nothing more goes.
    expect(await purgeExpiredRecords(server.deps.db, now)).toEqual({ accessRecords: 0, idempotencyKeys: 0 });
  });

  it('gives the person their records in the data export and keeps them when the account is deleted', async () => {
    const { userId, email } = await server.signUpAs();
    const cookie = await signIn(server, email, '203.0.113.80');
    await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie }, remoteAddress: '203.0.113.81' });
    await accessRecorderFor(server.deps.db).flush();
    const kept = await rowsOf(server.deps.db, userId);
    expect(kept.map((row) => [row.kind, row.ip])).toEqual([
      ['sign_in', '127.0.0.1'],
      ['sign_in', '203.0.113.80'],
      ['request', '203.0.113.81'],
    ]);

    const exported = await server.app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie }, remoteAddress: '203.0.113.81' });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(exported.body) as { accessRecords: { ip: string; at: string; kind: string }[] };
    expect(data.accessRecords).toEqual([...kept].reverse().map((row) => ({ ip: row.ip, at: row.at.toISOString(), kind: row.kind })));

    const deleted = await server.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie }, remoteAddress: '203.0.113.81' });
    expect(deleted.statusCode).toBe(200);
    expect(await server.deps.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    await accessRecorderFor(server.deps.db).flush();
    const after = await rowsOf(server.deps.db, userId);
    expect(after).toEqual(kept);
    // Still purged at their time, like anyone's.
    await purgeExpiredRecords(server.deps.db, new Date(Date.now() + 200 * 86_400_000));
    expect(await server.deps.db.select().from(accessRecords).where(eq(accessRecords.userId, userId))).toEqual([]);
  });
});
