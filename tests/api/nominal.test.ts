import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { events, orders, tickets } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { testCpf } from '../support/cpf';

// A nominal event (docs/rules/transfers.md 'Named tickets'): the checkout names every ticket's holder
// with a CPF, and the tickets carry it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('nominal events', () => {
  it('asks every unit its holder CPF, refuses what misses or is malformed, and puts each on its ticket', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 7000, remaining: 10 }]);
    await server.deps.db.update(events).set({ nominal: true }).where(eq(events.id, event.id));
    const order = (holderCpfs?: string[]) =>
      server.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: {
          eventId: event.id,
          items: [{ sectorId: pista.id, quantity: 2, holderNames: ['Ana', 'Bia'], holderCpfs }],
          buyer,
          paymentMethod: 'pix',
        },
      });

    const none = await order();
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'holder_cpf_required', details: { field: 'holderCpfs', sectorId: pista.id } });
    expect((await order([testCpf(1)])).json()).toMatchObject({ code: 'holder_cpf_required' });
    expect((await order([testCpf(1), ''])).json()).toMatchObject({ code: 'holder_cpf_required' });
    expect((await order([testCpf(1), '111.111.111-11'])).statusCode).toBe(400);
    // Nothing was held by the refusals.
    expect(await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id))).toEqual([]);

    const placed = await order([testCpf(1), testCpf(2).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')]);
    expect(placed.statusCode).toBe(201);
    await server.app.inject({ method: 'POST', url: `/api/orders/${placed.json().id}/simulate-pix-payment`, headers: { cookie } });
    const issued = await server.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, placed.json().id))
      .orderBy(asc(tickets.createdAt), asc(tickets.id));
    expect(issued.map((t) => [t.holderName, t.holderCpf]).sort()).toEqual([
      ['Ana', testCpf(1)],
      ['Bia', testCpf(2)],
    ]);

    // The event page tells the checkout to ask.
    const page = await server.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(page.json().nominal).toBe(true);
  });

  it('asks nothing of an event that is not nominal', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 7000, remaining: 10 }]);
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie },
      payload: { eventId: event.id, items: [{ sectorId: pista.id, quantity: 2 }], buyer, paymentMethod: 'pix' },
    });
    expect(placed.statusCode).toBe(201);
    expect((await server.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().nominal).toBe(false);
  });
});
