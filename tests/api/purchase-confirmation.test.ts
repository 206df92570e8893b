import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function post(url: string, cookie: string | null, payload: object = {}) {
  return server.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });
}
function get(url: string, cookie: string | null) {
  return server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
async function place(cookie: string, eventId: string, typeId: string) {
  const response = await post('/api/orders', cookie, {
    eventId,
    items: [{ sectorId: typeId, quantity: 1 }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Promise<{ id: string; paymentId: string }>;
}

describe('the purchase confirmation', () => {
  it("gives the paid order to its owner only, with the buyer's e-mail, and leaves the e-mail out of the public payment-success answer", async () => {
    const owner = await server.signUpAs();
    const stranger = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const order = await place(owner.cookie, event.id, type.id);
    expect((await post(`/api/orders/${order.id}/simulate-pix-payment`, owner.cookie)).json().status).toBe('completed');

    const mine = await get(`/api/orders/${order.id}`, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: order.id, status: 'completed', buyerEmail: buyer.email, event: { id: event.id } });
    expect((await get(`/api/orders/${order.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}`, null)).statusCode).toBe(401);

    const publicAnswer = await get(`/api/payment-success?session_id=${order.paymentId}`, null);
    expect(publicAnswer.json()).toMatchObject({ id: order.id, status: 'completed', buyerEmail: null });
  });

  it('lists the newest paid order first in Meus ingressos, by payment time and then creation', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const first = await place(person.cookie, event.id, type.id);
    const second = await place(person.cookie, event.id, type.id);
    const third = await place(person.cookie, event.id, type.id);
    // The first order placed is paid last: it comes first. The unpaid one counts by its creation.
    await post(`/api/orders/${second.id}/simulate-pix-payment`, person.cookie);
    await server.deps.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, second.id));
    await post(`/api/orders/${first.id}/simulate-pix-payment`, person.cookie);
    await server.deps.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, first.id));

    const listed = (await get('/api/tickets', person.cookie)).json().orders.map((o: { orderId: string }) => o.orderId);
    expect(listed).toEqual([first.id, third.id, second.id]);
  });
});
