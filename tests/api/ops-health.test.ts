import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { READY_CACHE_MS } from '../../src/server/http/ops/health';
import { RECONNECT_SPREAD_MS } from '../../src/server/live/live-streams';
import { createServer, type Server } from '../../src/server/server';
import { checkDatabase } from '../../src/server/services/ops/check-database';
import { createPostgresDatabase, openTestDatabase, startTestServer, type TestServer } from '../support/test-server';

// docs/rules/operations.md 'Health and readiness' and 'Request ids': the probes a load balancer
// calls, what makes an instance unready (draining, a database gone, migrations not applied), and
// the request id that follows a request into every log line and back in its answer.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('health and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers /healthz and /readyz with 200 without a session, uncached', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    expect(ready.headers.connection).not.toBe('close');
  });

  it('answers /readyz 503 draining at once once draining began, while /healthz and the API still answer, closing each connection', async () => {
    // A database answer still cached from the test before does not hide the drain.
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    server.drain();
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const brands = await server.app.inject({ method: 'GET', url: '/api/brands' });
    expect(brands.statusCode).toBe(200);
    expect(brands.headers.connection).toBe('close');
  });
});

describe('readiness without a database', () => {
  it('answers /readyz 503 database_unavailable once the database is closed, /healthz still 200', async () => {
    const server = await startTestServer();
    try {
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await server.database.close();
      await sleep(READY_CACHE_MS + 100);
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database_unavailable' });
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('finds the migrations pending on a database never migrated, and applied on one that is', async () => {
    if (process.env.TEST_DB === 'postgres') {
      const created = await createPostgresDatabase();
      const pool = new pg.Pool({ connectionString: created.url, max: 2 });
      try {
        expect(await checkDatabase(drizzlePostgres(pool) as unknown as Db, 2000)).toBe('migrations_pending');
      } finally {
        await pool.end();
        await created.drop();
      }
    } else {
      const bare = await PGlite.create();
      try {
        expect(await checkDatabase(drizzlePglite(bare) as unknown as Db, 2000)).toBe('migrations_pending');
      } finally {
        await bare.close();
      }
    }
    const migrated = await openTestDatabase();
    try {
      expect(await checkDatabase(migrated.db, 2000)).toBeNull();
    } finally {
      await migrated.drop();
    }
  });
});

describe('request ids', () => {
  let server: Server;
  let drop: () => Promise<void>;
  let dataDir: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
    dataDir = mkdtempSync(join(tmpdir(), 'nl-ops-'));
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info', PORT: '3999' });
    // Every line the server logs, parsed.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    server = await createServer({
      config,
      database,
      logger: pino({ level: 'info' }, sink),
      serveWeb: false,
      runWorker: false,
      rateLimit: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a sane X-Request-Id, answers it back and logs every line of the request with it as reqId', async () => {
    const id = 'lb-7f3a.2026_11-27';
    const response = await server.app.inject({ method: 'GET', url: '/api/brands', headers: { 'x-request-id': id } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(id);
    const mine = lines.filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes a UUID for a request without one, or with one too long or carrying other characters', async () => {
    for (const sent of [undefined, 'a'.repeat(129), 'id with spaces', 'id\nforged line', 'ação']) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/brands',
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      const id = String(response.headers['x-request-id']);
      expect(id, String(sent)).toMatch(UUID);
      expect(lines.filter((line) => line.reqId === id)).toHaveLength(2);
    }
    const longest = 'b'.repeat(128);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/brands', headers: { 'x-request-id': longest } })).headers['x-request-id'],
    ).toBe(longest);
  });

  it('sends the id on errors and unknown paths too', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'nf-1' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('nf-1');
    const refused = await server.app.inject({ method: 'GET', url: '/api/admin/events', headers: { 'x-request-id': 'me-1' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('me-1');
  });

  it('logs no info line for the probes', async () => {
    const before = lines.length;
    for (const url of ['/healthz', '/readyz']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { 'x-request-id': `probe${url.replace('/', '-')}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toBe(`probe${url.replace('/', '-')}`);
    }
    expect(lines.slice(before).filter((line) => Number(line.level) <= 30)).toEqual([]);
  });
});

describe('live streams when the server closes', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Opens GET /api/live as `cookie`; resolves once its first bytes arrived. */
  function openStream(cookie: string): Promise<{ text(): string; ended: Promise<void> }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${baseUrl}/api/live`, { headers: { cookie }, agent: false }, (response) => {
          let text = '';
          const ended = new Promise<void>((done) => {
            response.on('end', done);
            response.on('close', done);
          });
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            const first = text === '';
            text += chunk;
            if (first) resolve({ text: () => text, ended });
          });
        })
        .on('error', reject);
    });
  }

  it('leaves a live stream out of the request durations', async () => {
    const person = await server.signUpAs();
    const stream = await openStream(person.cookie);
    const signOut = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: person.cookie, origin: server.origin },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    await stream.ended;
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toContain('route="/api/auth/*"');
    expect(metrics.body).not.toContain('route="/api/live"');
  });

  it('tells each open stream to reconnect after 1 to 5 s, then ends it, and closes', async () => {
    const streams = await Promise.all([openStream((await server.signUpAs()).cookie), openStream((await server.signUpAs()).cookie)]);
    await server.close();
    for (const stream of streams) {
      await stream.ended;
      const hints = [...stream.text().matchAll(/^retry: (\d+)$/gm)].map((match) => Number(match[1]));
      // The first is the one every stream opens with; the last, the server's parting hint.
      expect(hints).toHaveLength(2);
      expect(hints[1]).toBeGreaterThanOrEqual(RECONNECT_SPREAD_MS[0]);
      expect(hints[1]).toBeLessThan(RECONNECT_SPREAD_MS[1]);
    }
  });
});
