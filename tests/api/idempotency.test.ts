import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys, orders, refunds, ticketLots, tickets, ticketTransfers, sectors } from '../../src/server/db/schema';
import { listRegisteredRoutes } from '../../src/server/http/app';
import { IDEMPOTENT_ROUTES, idempotencyMessages } from '../../src/server/http/idempotency';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { boxOfficeOperatorAt, deviceBlock, reserveBlockFor } from '../support/box-office';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<TestServer['signUpAs']>>;

function post(url: string, cookie: string, payload: object, key?: string) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
}

/** An event in 10 days with one sector of `remaining` units at R$ 80,00. */
async function sector(remaining = 50) {
  const { event, sectors: types } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining }]);
  return { eventId: event.id, sectorId: types[0].id };
}

const orderBody = (at: { eventId: string; sectorId: string }, quantity = 2) => ({
  eventId: at.eventId,
  items: [{ sectorId: at.sectorId, quantity }],
  buyer,
  paymentMethod: 'pix',
  installments: 1,
});

async function ordersOf(person: Person) {
  return server.deps.db.select().from(orders).where(eq(orders.userId, person.userId));
}

async function remainingOf(sectorId: string) {
  const [row] = await server.deps.db.select({ remaining: sectors.remaining }).from(sectors).where(eq(sectors.id, sectorId));
  return row.remaining;
}

async function keyRows(person: Person, key: string) {
  return server.deps.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, person.userId), eq(idempotencyKeys.key, key)));
}

/** `person` buys one ticket, paid by simulated PIX; returns the order id and the ticket's id. */
async function paidTicket(person: Person) {
  const at = await sector();
  const placed = await post('/api/orders', person.cookie, { ...orderBody(at, 1), buyer: { ...buyer, email: person.email } });
  expect(placed.statusCode).toBe(201);
  expect((await post(`/api/orders/${placed.json().id}/simulate-pix-payment`, person.cookie, {})).json().status).toBe('completed');
  const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, placed.json().id));
  return { orderId: placed.json().id as string, ticketId: ticket.id };
}

describe('Idempotency-Key on POST /api/orders', () => {
  it('places one order for a repeat with the same key, holds its units once and answers the same body', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    const first = await post('/api/orders', ana.cookie, orderBody(at), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('/api/orders', ana.cookie, orderBody(at), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    expect(await ordersOf(ana)).toHaveLength(1);
    expect(await remainingOf(at.sectorId)).toBe(48);
    const [row] = await keyRows(ana, key);
    expect(row).toMatchObject({ route: 'POST /api/orders', responseStatus: 201, responseBody: first.body });
    expect(row.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('places one order for 20 requests sent at once with one key, and all 20 answer the same', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/orders', ana.cookie, orderBody(at), key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await ordersOf(ana)).toHaveLength(1);
    expect(await remainingOf(at.sectorId)).toBe(48);
  });

  it('refuses the same key with another body or on another route with 409, changing nothing', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    const first = await post('/api/orders', ana.cookie, orderBody(at, 2), key);
    expect(first.statusCode).toBe(201);
    const [before] = await keyRows(ana, key);

    const other = await post('/api/orders', ana.cookie, orderBody(at, 3), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'conflict',
      message: idempotencyMessages.keyReused,
      details: { idempotency: 'key_reused' },
    });
    const elsewhere = await post('/api/refunds', ana.cookie, { orderId: first.json().id, reason: 'Não posso ir' }, key);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe('Esta chave de repetição já foi usada para outro pedido.');

    expect(await ordersOf(ana)).toHaveLength(1);
    expect(await remainingOf(at.sectorId)).toBe(48);
    expect(await server.deps.db.select().from(refunds).where(eq(refunds.orderId, first.json().id))).toHaveLength(0);
    expect(await keyRows(ana, key)).toEqual([before]);
  });

  it('places two orders for two requests without a key, as before', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const first = await post('/api/orders', ana.cookie, orderBody(at));
    const second = await post('/api/orders', ana.cookie, orderBody(at));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().id).not.toBe(second.json().id);
    expect(await ordersOf(ana)).toHaveLength(2);
    expect(await remainingOf(at.sectorId)).toBe(46);
  });

  it('keeps one account’s keys apart from another’s', async () => {
    const [ana, bia] = [await server.signUpAs(), await server.signUpAs()];
    const at = await sector();
    const key = randomUUID();
    expect((await post('/api/orders', ana.cookie, orderBody(at), key)).statusCode).toBe(201);
    const theirs = await post('/api/orders', bia.cookie, orderBody(at), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(bia)).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and a pt-BR message, placing nothing', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    for (const key of ['com espaço', 'x'.repeat(256), 'ação']) {
      const refused = await post('/api/orders', ana.cookie, orderBody(at), key);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed', message: idempotencyMessages.invalidKey });
    }
    expect(await ordersOf(ana)).toHaveLength(0);
    expect(await remainingOf(at.sectorId)).toBe(50);
    expect((await post('/api/orders', ana.cookie, orderBody(at), 'x'.repeat(255))).statusCode).toBe(201);
  });

  it('keeps a 4xx answer and answers it again to a repeat', async () => {
    const ana = await server.signUpAs();
    const at = await sector(1);
    const key = randomUUID();
    const first = await post('/api/orders', ana.cookie, orderBody(at, 2), key);
    expect(first.statusCode).toBe(409);
    // Stock comes back meanwhile: the repeat still answers what the first request was told, a new request runs.
    await server.deps.db.update(ticketLots).set({ quantity: 10, remaining: 10 }).where(eq(ticketLots.sectorId, at.sectorId));
    await server.deps.db.update(sectors).set({ remaining: 10 }).where(eq(sectors.id, at.sectorId));
    const again = await post('/api/orders', ana.cookie, orderBody(at, 2), key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await ordersOf(ana)).toHaveLength(0);
    expect((await post('/api/orders', ana.cookie, orderBody(at, 2), randomUUID())).statusCode).toBe(201);
  });

  it('runs again a key older than 24 hours', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    const first = await post('/api/orders', ana.cookie, orderBody(at), key);
    expect(first.statusCode).toBe(201);
    await server.deps.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(and(eq(idempotencyKeys.scope, ana.userId), eq(idempotencyKeys.key, key)));
    const again = await post('/api/orders', ana.cookie, orderBody(at), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().id).not.toBe(first.json().id);
    expect(await ordersOf(ana)).toHaveLength(2);
    const [row] = await keyRows(ana, key);
    expect(row.responseBody).toBe(again.body);
    expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);
  });

  it('keeps no key after a 5xx answer, so the retry runs', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    const db = server.deps.db as unknown as { transaction: unknown };
    db.transaction = () => Promise.reject(new Error('disco cheio'));
    let failed;
    try {
      failed = await post('/api/orders', ana.cookie, orderBody(at), key);
    } finally {
      delete db.transaction;
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await keyRows(ana, key)).toHaveLength(0);
    expect(await ordersOf(ana)).toHaveLength(0);

    const retried = await post('/api/orders', ana.cookie, orderBody(at), key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(ana)).toHaveLength(1);
    expect((await keyRows(ana, key))[0].responseStatus).toBe(201);
  });
});

describe('a repeat while the first request is still running', () => {
  /** Holds every placing transaction until `open()`: the first request stays in flight meanwhile. */
  function holdPlacing() {
    const db = server.deps.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
    const original = db.transaction;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    db.transaction = (...args: unknown[]) => gate.then(() => original.apply(db, args));
    return () => {
      delete (db as { transaction?: unknown }).transaction;
      open();
    };
  }

  it('waits for the first and answers its answer', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    const release = holdPlacing();
    const first = post('/api/orders', ana.cookie, orderBody(at), key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const repeat = post('/api/orders', ana.cookie, orderBody(at), key);
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    const [a, b] = await Promise.all([first, repeat]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body).toBe(a.body);
    expect(await ordersOf(ana)).toHaveLength(1);
  });

  it('answers 409 after waiting 10 s for a first that takes longer, and the next try gets the answer', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    const release = holdPlacing();
    let first;
    try {
      first = post('/api/orders', ana.cookie, orderBody(at), key);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const waited = await post('/api/orders', ana.cookie, orderBody(at), key);
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
      expect(waited.statusCode).toBe(409);
      expect(waited.json()).toMatchObject({
        code: 'conflict',
        message: 'Esta ação ainda está em andamento. Aguarde um instante.',
        details: { idempotency: 'in_flight' },
      });
    } finally {
      release();
    }
    expect((await first).statusCode).toBe(201);
    const next = await post('/api/orders', ana.cookie, orderBody(at), key);
    expect(next.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(ana)).toHaveLength(1);
  });

  it('runs again a key left in flight for more than 5 minutes (its server stopped)', async () => {
    const ana = await server.signUpAs();
    const at = await sector();
    const key = randomUUID();
    expect((await post('/api/orders', ana.cookie, orderBody(at), key)).statusCode).toBe(201);
    await server.deps.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, createdAt: sql`now() - interval '6 minutes'` })
      .where(and(eq(idempotencyKeys.scope, ana.userId), eq(idempotencyKeys.key, key)));
    const again = await post('/api/orders', ana.cookie, orderBody(at), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(ana)).toHaveLength(2);
  });
});

describe('Idempotency-Key on the other money routes', () => {
  it('answers a repeated box-office sale again without a second sale', async () => {
    const at = await sector(20);
    const op = await boxOfficeOperatorAt(server, at.eventId);
    const block = (await reserveBlockFor(server, op, at.eventId, at.sectorId, 4)).json();
    const sale = { ...deviceBlock(op, block)({ full: 2 }, { method: 'pix' }), codes: [] };
    const key = randomUUID();
    const first = await post('/api/box-office/sales', op.cookie, sale, key);
    expect(first.statusCode).toBe(200);
    const again = await post('/api/box-office/sales', op.cookie, sale, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const sold = await server.deps.db.select().from(orders).where(eq(orders.eventId, at.eventId));
    expect(sold).toHaveLength(1);
  });

  it('answers a repeated refund request again with its 201, where without the key it would be refused', async () => {
    const ana = await server.signUpAs();
    const { orderId } = await paidTicket(ana);
    const key = randomUUID();
    const body = { orderId, reason: 'Não vou poder ir' };
    const first = await post('/api/refunds', ana.cookie, body, key);
    expect(first.statusCode).toBe(201);
    const again = await post('/api/refunds', ana.cookie, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await server.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect((await post('/api/refunds', ana.cookie, body)).json().code).toBe('refund_already_requested');
  });

  it('answers a repeated transfer again with the one transfer it made', async () => {
    const ana = await server.signUpAs();
    const { ticketId } = await paidTicket(ana);
    const key = randomUUID();
    const body = { toName: 'Beatriz Souza', toEmail: 'beatriz@exemplo.com.br' };
    const first = await post(`/api/tickets/${ticketId}/transfers`, ana.cookie, body, key);
    expect(first.statusCode).toBe(201);
    const again = await post(`/api/tickets/${ticketId}/transfers`, ana.cookie, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await server.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticketId))).toHaveLength(1);
  });

  it('names only routes the app registers', () => {
    const registered = new Set(listRegisteredRoutes(server.app).map((r) => `${r.method} ${r.url}`));
    expect(IDEMPOTENT_ROUTES.filter((route) => !registered.has(route))).toEqual([]);
  });
});
