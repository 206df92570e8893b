import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { notifications, orderItems, orders, sessions, tickets, sectors } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// The hot paths of a sale night share statements among the requests that arrive together
// (src/server/db/grouped.ts): the session check, the read and the hold of an order, the payment's
// read and the completion. Whatever shares a statement, each request gets exactly its own answer.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function request(method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) {
  return server.app.inject({ method, url, headers: { cookie }, payload: payload as object });
}

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('better-auth.session_token=')[1].split(';')[0]).split('.')[0];

describe('the session check', () => {
  it('answers each of many buyers checked at once with their own account and roles', async () => {
    const people = await Promise.all([
      ...Array.from({ length: 12 }, () => server.signUpAs()),
      ...Array.from({ length: 4 }, () => server.signUpAs(['validator'])),
    ]);
    const answers = await Promise.all(people.map((p) => request('GET', '/api/me', p.cookie)));
    answers.forEach((answer, i) => {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().user.id).toBe(people[i].userId);
      expect(answer.json().user.email).toBe(people[i].email);
      expect([...answer.json().roles].sort()).toEqual(i < 12 ? ['user'] : ['user', 'validator']);
    });
  });

  it('refuses a cookie whose signature was changed', async () => {
    const { cookie } = await server.signUpAs();
    // The signature's first character, not its last: the last one's spare bits are ignored when
    // base64 is decoded, so changing only them would leave the signature as it was.
    const forged = cookie.replace(
      /(better-auth\.session_token=[^;.]*\.)(.)/,
      (_m, head: string, first: string) => `${head}${first === 'A' ? 'B' : 'A'}`,
    );
    expect(forged).not.toBe(cookie);
    expect((await request('GET', '/api/me', forged)).json().user).toBeNull();
    expect((await request('POST', '/api/orders', forged, {})).statusCode).toBe(401);
  });

  it('refuses an expired session and deletes it', async () => {
    const { cookie } = await server.signUpAs();
    const token = tokenOf(cookie);
    await server.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.token, token));
    expect((await request('GET', '/api/me', cookie)).json().user).toBeNull();
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.token, token))).toHaveLength(0);
  });

  it('extends a session a day old, as a sign-in would', async () => {
    const { cookie, userId } = await server.signUpAs();
    const token = tokenOf(cookie);
    const tenDays = new Date(Date.now() + 10 * 86_400_000);
    await server.deps.db.update(sessions).set({ expiresAt: tenDays }).where(eq(sessions.token, token));
    expect((await request('GET', '/api/me', cookie)).json().user.id).toBe(userId);
    const [row] = await server.deps.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('ends with sign-out', async () => {
    const { cookie } = await server.signUpAs();
    expect((await request('GET', '/api/me', cookie)).json().user).not.toBeNull();
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: server.origin },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await request('GET', '/api/me', cookie)).json().user).toBeNull();
  });
});

describe('orders placed and paid together', () => {
  it('keeps each buyer, quantity and holder names with its own order, and each payment issues its own tickets', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 4000, remaining: 100 }]);
    const people = await Promise.all(Array.from({ length: 16 }, () => server.signUpAs()));
    const quantities = people.map((_, i) => 1 + (i % 4));
    const placed = await Promise.all(
      people.map((p, i) =>
        request('POST', '/api/orders', p.cookie, {
          eventId: event.id,
          items: [
            {
              sectorId: type.id,
              quantity: quantities[i],
              holderNames: Array.from({ length: quantities[i] }, (_, n) => `Pessoa ${i}-${n}`),
            },
          ],
          buyer: { ...buyer, name: `Comprador ${i}` },
          paymentMethod: 'pix',
          installments: 1,
        }),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(people.map(() => 201));
    const orderIds = placed.map((r) => r.json().id as string);
    const rows = await server.deps.db.select().from(orders).where(inArray(orders.id, orderIds));
    const items = await server.deps.db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
    people.forEach((p, i) => {
      const order = rows.find((o) => o.id === orderIds[i])!;
      expect(order.userId).toBe(p.userId);
      expect(order.buyerName).toBe(`Comprador ${i}`);
      expect(order.totalCentavos).toBe(4000 * quantities[i]);
      expect(order.paymentId).toBeTruthy();
      expect(placed[i].json().pixCode).toBe(order.pixCode);
      const item = items.find((it) => it.orderId === order.id)!;
      expect(item.quantity).toBe(quantities[i]);
      expect(item.holderNames).toEqual(Array.from({ length: quantities[i] }, (_, n) => `Pessoa ${i}-${n}`));
    });
    const sold = quantities.reduce((a, b) => a + b, 0);
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(100 - sold);

    const paid = await Promise.all(people.map((p, i) => request('POST', `/api/orders/${orderIds[i]}/simulate-pix-payment`, p.cookie, {})));
    expect(paid.map((r) => r.json().status)).toEqual(people.map(() => 'completed'));
    const issued = await server.deps.db.select().from(tickets).where(inArray(tickets.orderId, orderIds));
    expect(issued).toHaveLength(sold);
    expect(new Set(issued.map((t) => t.code)).size).toBe(sold);
    people.forEach((p, i) => {
      const own = issued.filter((t) => t.orderId === orderIds[i]);
      expect(own).toHaveLength(quantities[i]);
      expect(own.every((t) => t.userId === p.userId && t.eventId === event.id)).toBe(true);
      expect(own.map((t) => t.holderName).sort()).toEqual(Array.from({ length: quantities[i] }, (_, n) => `Pessoa ${i}-${n}`));
    });
    const notices = await server.deps.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          people.map((p) => p.userId),
        ),
      );
    people.forEach((p, i) => {
      const own = notices.filter((n) => n.userId === p.userId);
      expect(own).toHaveLength(1);
      expect(own[0].message).toContain(`${quantities[i]} ${quantities[i] === 1 ? 'ingresso' : 'ingressos'} para`);
    });
    const [{ mails }] = await queryRows<{ mails: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS mails FROM outbox WHERE kind = 'order_confirmation_email' AND payload->>'orderId' = ANY(${`{${orderIds.join(',')}}`}::text[])`,
    );
    expect(Number(mails)).toBe(people.length);

    // Paying again, all at once, changes nothing.
    const again = await Promise.all(people.map((p, i) => request('POST', `/api/orders/${orderIds[i]}/simulate-pix-payment`, p.cookie, {})));
    expect(again.every((r) => r.statusCode === 409 && r.json().code === 'order_not_pending')).toBe(true);
    expect(await server.deps.db.select().from(tickets).where(inArray(tickets.orderId, orderIds))).toHaveLength(sold);
  });

  it('gives the last units to the orders that fit, a smaller one behind a larger one included', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Último lote', priceCentavos: 9000, remaining: 10 }]);
    const people = await Promise.all(Array.from({ length: 5 }, () => server.signUpAs()));
    const quantities = [3, 3, 3, 3, 1];
    const answers = await Promise.all(
      people.map((p, i) =>
        request('POST', '/api/orders', p.cookie, {
          eventId: event.id,
          items: [{ sectorId: type.id, quantity: quantities[i] }],
          buyer,
          paymentMethod: 'pix',
          installments: 1,
        }),
      ),
    );
    expect(answers[4].statusCode).toBe(201);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(1);
    expect(refused[0].json().code).toBe('ticket_type_sold_out');
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(0);
  });

  it('turns a rush bigger than the stock away in the shared transaction, with nothing written for those turned away', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Lote relâmpago', priceCentavos: 5000, remaining: 5 }]);
    const people = await Promise.all(Array.from({ length: 20 }, () => server.signUpAs()));
    const transactions = vi.spyOn(server.deps.db, 'transaction');
    try {
      const answers = await Promise.all(
        people.map((p) =>
          request('POST', '/api/orders', p.cookie, {
            eventId: event.id,
            items: [{ sectorId: type.id, quantity: 1 }],
            buyer,
            paymentMethod: 'pix',
            installments: 1,
          }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
      const refused = answers.filter((r) => r.statusCode !== 201);
      expect(refused).toHaveLength(15);
      for (const answer of refused) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().code).toBe('ticket_type_sold_out');
      }
      // On PostgreSQL, decided together by the transactions that held the units (the first arrival
      // alone, those arriving meanwhile in the next ones), not one per buyer. On PGlite one
      // connection serialises every query, so requests reach the sale one after another.
      if (process.env.TEST_DB === 'postgres') expect(transactions.mock.calls.length).toBeLessThanOrEqual(5);
    } finally {
      transactions.mockRestore();
    }
    const placed = await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(placed).toHaveLength(5);
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(0);
  });

  it("does not let one buyer pay or read another buyer's order among many", async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 4000, remaining: 20 }]);
    const [a, b] = await Promise.all([server.signUpAs(), server.signUpAs()]);
    const order = (
      await request('POST', '/api/orders', a.cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      })
    ).json();
    const attempts = await Promise.all([
      request('POST', `/api/orders/${order.id}/simulate-pix-payment`, b.cookie, {}),
      request('POST', `/api/orders/${order.id.toUpperCase()}/simulate-pix-payment`, b.cookie, {}),
    ]);
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404]);
    expect((await server.deps.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('pending');
    const own = await request('POST', `/api/orders/${order.id.toUpperCase()}/simulate-pix-payment`, a.cookie, {});
    expect(own.json().status).toBe('completed');
  });
});
