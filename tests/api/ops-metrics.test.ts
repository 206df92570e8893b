import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, outbox, users, waitingRoomEntries, waitingRooms } from '../../src/server/db/schema';
import { FIGURES_CACHE_MS } from '../../src/server/http/ops/metrics';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// docs/rules/operations.md 'Metrics': GET /metrics behind METRICS_TOKEN, in Prometheus' text
// format, with the request durations by route pattern and the figures read from the database.

const TOKEN = 'metrics-token-0123456789abcdef';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await server?.stop();
});

async function scrape(): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of the sample `name{labels}` exactly as written (labels in prom-client's order), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('refuses a caller without the token, or with another, with 401 and a Bearer challenge', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json().code).toBe('unauthenticated');
      expect(response.body).not.toContain('nodejs_');
    }
  });

  it('answers 404 to everyone when no METRICS_TOKEN is set', async () => {
    const bare = await startTestServer();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await bare.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('not_found');
      }
    } finally {
      await bare.stop();
    }
  });

  it('has every named series, durations by route pattern and never by address', async () => {
    const id = randomUUID();
    expect((await server.app.inject({ method: 'GET', url: `/api/events/${id}` })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/no/such/${id}` })).statusCode).toBe(404);
    const text = await scrape();
    for (const name of [
      'http_request_duration_seconds histogram',
      'db_pool_connections gauge',
      'db_pool_waiting gauge',
      'nodejs_eventloop_lag_seconds gauge',
      'nodejs_eventloop_lag_p99_seconds gauge',
      'jobs gauge',
      'jobs_oldest_age_seconds gauge',
      'orders_total gauge',
      'tickets_admitted_total counter',
      'admissions_refused_total counter',
      'waiting_room_joins_total counter',
      'waiting_room_people_waiting gauge',
      'waiting_room_admitted_total counter',
      'db_up gauge',
    ]) {
      expect(text).toContain(`# TYPE ${name}\n`);
    }
    expect(sample(text, 'db_up')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/events/:id",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain(id);
    if (process.env.TEST_DB === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(sample(text, 'db_pool_connections{state="open"}')).toBe(1);
    }
    expect(sample(text, 'db_pool_waiting')).toBe(0);
    expect(sample(text, 'jobs{kind="order_confirmation_email",state="queued"}')).toBe(0);
    expect(sample(text, 'admissions_refused_total{reason="unknown_code"}')).toBe(0);
  });

  it('moves the database series after an order, scans, jobs and waiting-room joins, once its 5 s reading is over', async () => {
    const before = await scrape();
    const readAt = Date.now();

    // An order placed through the API.
    const { cookie, userId } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: { eventId: event.id, items: [{ sectorId: type.id, quantity: 1 }], buyer, paymentMethod: 'pix', installments: 1 },
    });
    expect(placed.statusCode).toBe(201);

    // Scans, jobs and joins as the door, the services and the room store them.
    const { db } = server.deps;
    await db.insert(checkIns).values([
      { eventId: event.id, scannedCode: 'NADA-1', accepted: false, reason: 'unknown_code' },
      { eventId: event.id, scannedCode: 'NADA-2', accepted: false, reason: 'unknown_code' },
      { eventId: event.id, scannedCode: 'CEDO-1', accepted: false, reason: 'too_early' },
    ]);
    const now = Date.now();
    await db.insert(outbox).values([
      { kind: 'transfer_email', payload: { transferId: 'a' }, runAfter: new Date(now - 60_000), createdAt: new Date(now - 600_000) },
      { kind: 'transfer_email', payload: { transferId: 'b' }, runAfter: new Date(now + 60_000), attempts: 1 },
      { kind: 'transfer_email', payload: { transferId: 'c' }, runAfter: new Date(now + 60_000), attempts: 2, lastError: 'SMTP fora do ar' },
      { kind: 'transfer_email', payload: { transferId: 'd' }, doneAt: new Date(now) },
    ]);
    await db
      .insert(waitingRooms)
      .values({ eventId: event.id, enabled: true, opensAt: new Date(now - 60_000), onSaleAt: new Date(now + 3_600_000) });
    const other = randomUUID().replace(/-/g, '');
    await db.insert(users).values({ id: other, name: 'Outra Pessoa', email: `${other}@exemplo.com.br`, emailVerified: true });
    await db.insert(waitingRoomEntries).values([
      { eventId: event.id, userId, cpf: '52998224725', randomKey: 1 },
      { eventId: event.id, userId: other, cpf: '11144477735', randomKey: 2 },
    ]);

    // Within the reading's 5 s the figures are the ones read before.
    const cached = await scrape();
    expect(sample(cached, 'orders_total{status="pending"}')).toBe(sample(before, 'orders_total{status="pending"}'));

    await sleep(Math.max(0, readAt + FIGURES_CACHE_MS + 100 - Date.now()));
    const after = await scrape();
    const moved = (series: string) => sample(after, series)! - sample(before, series)!;
    expect(moved('orders_total{status="pending"}')).toBe(1);
    expect(moved('orders_total{status="completed"}')).toBe(0);
    expect(moved('admissions_refused_total{reason="unknown_code"}')).toBe(2);
    expect(moved('admissions_refused_total{reason="too_early"}')).toBe(1);
    expect(moved('tickets_admitted_total')).toBe(0);
    expect(sample(after, 'jobs{kind="transfer_email",state="queued"}')).toBe(1);
    expect(sample(after, 'jobs{kind="transfer_email",state="running"}')).toBe(1);
    expect(sample(after, 'jobs{kind="transfer_email",state="failed"}')).toBe(1);
    expect(sample(after, 'jobs_oldest_age_seconds{kind="transfer_email"}')).toBeGreaterThanOrEqual(600);
    expect(sample(after, 'jobs_oldest_age_seconds{kind="refund_payment"}')).toBe(0);
    expect(moved('waiting_room_joins_total')).toBe(2);
    expect(moved('waiting_room_people_waiting')).toBe(2);
    expect(moved('waiting_room_admitted_total')).toBe(0);
  });
});
