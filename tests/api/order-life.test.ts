import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, events, notifications, orders, outbox, refunds, tickets, sectors } from '../../src/server/db/schema';
import { confirmPayment } from '../../src/server/services/payments/confirm-payment';
import { runWorkerOnce } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { scanAtItsDoor } from '../support/door';
import { checkHoldingsLedger } from '../support/invariants';

let server: TestServer;
let admin: { userId: string; cookie: string };
let door: { cookie: string };

beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
  admin = await server.signUpAs(['admin']);
  door = await server.signUpAs(['validator']);
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
async function remainingOf(typeId: string) {
  const [row] = await server.deps.db.select().from(sectors).where(eq(sectors.id, typeId));
  return row.remaining;
}
async function place(cookie: string, eventId: string, typeId: string, quantity: number, extra: object = {}) {
  const response = await post('/api/orders', cookie, {
    eventId,
    items: [{ sectorId: typeId, quantity }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('a pending order', () => {
  it('can be resumed with its PIX code while the hold lasts, then paid', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const order = await place(person.cookie, event.id, type.id, 2);
    const mine = (await get('/api/tickets', person.cookie)).json().orders[0];
    expect(mine).toMatchObject({ orderId: order.id, status: 'pending', paymentMethod: 'pix', expiresAt: order.expiresAt });
    const resumed = (await get(`/api/orders/${order.id}`, person.cookie)).json();
    expect(resumed).toMatchObject({ status: 'pending', pixCode: order.pixCode, clientSecret: null });
    expect((await post(`/api/orders/${order.id}/simulate-pix-payment`, person.cookie)).json().status).toBe('completed');
  });

  it('returns its units at once when the buyer cancels it, and a second cancel answers the same', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const order = await place(person.cookie, event.id, type.id, 3);
    expect(await remainingOf(type.id)).toBe(7);
    expect((await post(`/api/orders/${order.id}/cancel`, person.cookie)).json().status).toBe('cancelled');
    expect((await post(`/api/orders/${order.id}/cancel`, person.cookie)).json().status).toBe('cancelled');
    expect(await remainingOf(type.id)).toBe(10);
    expect((await post(`/api/orders/${order.id}/simulate-pix-payment`, person.cookie)).json().code).toBe('order_not_pending');
  });

  it('cannot be cancelled once paid', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const order = await place(person.cookie, event.id, type.id, 1);
    await post(`/api/orders/${order.id}/simulate-pix-payment`, person.cookie);
    const response = await post(`/api/orders/${order.id}/cancel`, person.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('order_not_pending');
    expect(await remainingOf(type.id)).toBe(9);
  });

  it('is given a payment again after a crash cut it off before the provider answered', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const order = await place(person.cookie, event.id, type.id, 1);
    // As if the process died between the order's commit and the provider's answer.
    await server.deps.db
      .update(orders)
      .set({ paymentId: null, pixCode: null, createdAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    const round = await runWorkerOnce(server.deps);
    expect(round.recovered).toBeGreaterThanOrEqual(1);
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'pending' });
    expect(row.paymentId).toMatch(/^sbx_/);
    expect(row.pixCode).toContain('540580.00');
  });
});

describe('a payment after the hold ended', () => {
  it('is honoured when the units are still there', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    const order = await place(person.cookie, event.id, type.id, 2);
    await runWorkerOnce(server.deps, new Date(Date.now() + 20 * 60_000));
    expect(await remainingOf(type.id)).toBe(5);
    const result = await confirmPayment(server.deps, { paymentId: order.paymentId });
    expect(result.outcome).toBe('completed');
    expect(await remainingOf(type.id)).toBe(3);
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(2);
  });

  it('is refunded in full when the units were sold meanwhile, and the buyer is told', async () => {
    const person = await server.signUpAs();
    const other = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 2 }]);
    const late = await place(person.cookie, event.id, type.id, 2);
    await runWorkerOnce(server.deps, new Date(Date.now() + 20 * 60_000));
    const sold = await place(other.cookie, event.id, type.id, 2);
    await post(`/api/orders/${sold.id}/simulate-pix-payment`, other.cookie);

    const result = await confirmPayment(server.deps, { paymentId: late.paymentId });
    expect(result.outcome).toBe('refunded_late');
    expect(await confirmPayment(server.deps, { paymentId: late.paymentId })).toMatchObject({ outcome: 'refunded_late' });
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, late.id));
    expect(row.status).toBe('refunded');
    const [refund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, late.id));
    expect(refund).toMatchObject({ status: 'approved', origin: 'late_payment', amountCentavos: 16000 });
    await runWorkerOnce(server.deps);
    const [paid] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, late.id));
    expect(paid.status).toBe('processed');
    expect(paid.providerRefundId).toMatch(/^sbx_re_/);
    expect(await remainingOf(type.id)).toBe(0);
    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, person.userId));
    expect(told.map((n) => n.title)).toEqual(expect.arrayContaining(['Pagamento devolvido', 'Reembolso concluído']));
  });
});

describe("a payment after the hold ended, by the sale's rules", () => {
  async function lateOrder(extra: object, quantity: number, lines?: object[]) {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], extra);
    const late = await place(
      person.cookie,
      event.id,
      type.id,
      quantity,
      lines ? { items: lines.map((line) => ({ sectorId: type.id, ...line })) } : {},
    );
    await runWorkerOnce(server.deps, new Date(Date.now() + 20 * 60_000));
    expect(await remainingOf(type.id)).toBe(10);
    return { event, type, late };
  }

  it("is refunded when the event's capacity was sold meanwhile, though its lot still has the units", async () => {
    const { event, type, late } = await lateOrder({}, 2);
    await server.deps.db.update(events).set({ capacity: 3 }).where(eq(events.id, event.id));
    const other = await server.signUpAs();
    await post(`/api/orders/${(await place(other.cookie, event.id, type.id, 2)).id}/simulate-pix-payment`, other.cookie);
    expect((await confirmPayment(server.deps, { paymentId: late.paymentId })).outcome).toBe('refunded_late');
    expect(await remainingOf(type.id)).toBe(8);
  });

  it('is refunded when its CPF bought up to its limit meanwhile, and honoured when the limit leaves room', async () => {
    const { event, type, late } = await lateOrder({}, 2);
    await server.deps.db.update(events).set({ maxTicketsPerCpf: 3 }).where(eq(events.id, event.id));
    const other = await server.signUpAs();
    // Another account with the same buyer CPF takes 2: 2 + 2 would pass 3.
    await post(`/api/orders/${(await place(other.cookie, event.id, type.id, 2)).id}/simulate-pix-payment`, other.cookie);
    expect((await confirmPayment(server.deps, { paymentId: late.paymentId })).outcome).toBe('refunded_late');

    const again = await lateOrder({}, 2);
    await server.deps.db.update(events).set({ maxTicketsPerCpf: 4 }).where(eq(events.id, again.event.id));
    const third = await server.signUpAs();
    await post(`/api/orders/${(await place(third.cookie, again.event.id, again.type.id, 2)).id}/simulate-pix-payment`, third.cookie);
    expect((await confirmPayment(server.deps, { paymentId: again.late.paymentId })).outcome).toBe('completed');
    expect(await remainingOf(again.type.id)).toBe(6);
  });

  it('is refunded when the meia-entrada reserve was taken meanwhile, and keeps the price paid when honoured', async () => {
    const holder = (cpf: string) => ({ name: 'Bia Souza', cpf, birthDate: '2004-05-10', documentNumber: 'CIE-1' });
    const meia = (cpf: string) => ({ quantity: 1, concession: 'student', holder: holder(cpf) });
    // 10 units, a reserve of 4: the late meia, then 4 meias of others while it was released.
    const { event, type, late } = await lateOrder({ meiaEntrada: true }, 1, [meia('11144477735')]);
    expect(late.totalCentavos).toBe(4000);
    const others = ['39053344705', '86288366757', '71428793860', '28625587887'];
    for (const cpf of others) {
      const someone = await server.signUpAs();
      const placed = await post('/api/orders', someone.cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, ...meia(cpf) }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      });
      expect(placed.statusCode).toBe(201);
    }
    expect((await confirmPayment(server.deps, { paymentId: late.paymentId })).outcome).toBe('refunded_late');

    const kept = await lateOrder({ meiaEntrada: true }, 1, [meia('11144477735')]);
    expect((await confirmPayment(server.deps, { paymentId: kept.late.paymentId })).outcome).toBe('completed');
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, kept.late.id));
    expect([row.status, row.totalCentavos]).toEqual(['completed', 4000]);
    const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, kept.type.id));
    expect([sector.remaining, sector.meiaTaken]).toEqual([9, 1]);
  });
});

describe('refunds per ticket', () => {
  it('pays back one ticket of two after its share of the coupon, and the other still gets in', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 10 }]);
    const code = `AMIGO${randomUUID().slice(0, 4).toUpperCase()}`;
    await server.deps.db.insert(coupons).values({ code, discountType: 'fixed', discountValue: 1001, eventId: event.id });
    const order = await place(person.cookie, event.id, type.id, 2, { couponCode: code });
    expect(order.totalCentavos).toBe(18999);
    await post(`/api/orders/${order.id}/simulate-pix-payment`, person.cookie);
    const [first, second] = await server.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, order.id))
      .orderBy(tickets.createdAt, tickets.id);
    const offered = (await get('/api/refunds/eligible', person.cookie))
      .json()
      .orders.find((o: { orderId: string }) => o.orderId === order.id);
    expect(offered.tickets.map((t: { amountCentavos: number }) => t.amountCentavos)).toEqual([9499, 9500]);

    const asked = await post('/api/refunds', person.cookie, { orderId: order.id, ticketIds: [second.id], reason: 'Meu amigo não vai' });
    expect(asked.json()).toMatchObject({ amountCentavos: 9500, ticketCount: 1 });
    const approved = await post(`/api/admin/refunds/${asked.json().id}/approve`, admin.cookie, {});
    expect(approved.json()).toMatchObject({ status: 'processed', ticketCount: 1 });

    expect((await scanAtItsDoor(server, door.cookie, second.code)).json()).toMatchObject({ accepted: false, reason: 'refunded' });
    expect((await scanAtItsDoor(server, door.cookie, first.code)).json()).toMatchObject({ accepted: true });
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('completed');
    expect(await remainingOf(type.id)).toBe(9);
    const mine = (await get('/api/tickets', person.cookie)).json().orders.find((o: { orderId: string }) => o.orderId === order.id);
    expect(mine.tickets.map((t: { displayStatus: string }) => t.displayStatus).sort()).toEqual(['refunded', 'used']);
  });

  it('refuses a ticket id of another order and changes nothing', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 10 }]);
    const a = await place(person.cookie, event.id, type.id, 1);
    const b = await place(person.cookie, event.id, type.id, 1);
    await post(`/api/orders/${a.id}/simulate-pix-payment`, person.cookie);
    await post(`/api/orders/${b.id}/simulate-pix-payment`, person.cookie);
    const [ticketOfB] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, b.id));
    const response = await post('/api/refunds', person.cookie, { orderId: a.id, ticketIds: [ticketOfB.id], reason: 'Engano' });
    expect(response.statusCode).toBe(404);
    expect(await server.deps.db.select().from(refunds).where(eq(refunds.orderId, a.id))).toHaveLength(0);
  });
});

describe('cancelling an event', () => {
  it('refunds every paid order, releases pending ones, stops sales and the door refuses every ticket', async () => {
    const {
      event,
      sectors: [pista, vip],
    } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 8000, remaining: 20 },
      { name: 'VIP', priceCentavos: 20000, remaining: 5 },
    ]);
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const caio = await server.signUpAs();
    const paidA = await place(ana.cookie, event.id, pista.id, 2);
    await post(`/api/orders/${paidA.id}/simulate-pix-payment`, ana.cookie);
    const paidB = await place(bia.cookie, event.id, vip.id, 1);
    await post(`/api/orders/${paidB.id}/simulate-pix-payment`, bia.cookie);
    const [biaTicket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, paidB.id));
    const pendingRequest = await post('/api/refunds', bia.cookie, { orderId: paidB.id, reason: 'Não vou poder ir' });
    expect(pendingRequest.statusCode).toBe(201);
    const pendingC = await place(caio.cookie, event.id, pista.id, 3);
    expect(await remainingOf(pista.id)).toBe(15);

    const refusedByBuyer = await post(`/api/admin/events/${event.id}/cancel`, ana.cookie, { reason: 'Chuva' });
    expect(refusedByBuyer.statusCode).toBe(403);
    const noReason = await post(`/api/admin/events/${event.id}/cancel`, admin.cookie, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);

    // What the confirmation shows first: the same numbers the cancellation then makes, and nothing changes.
    expect((await get(`/api/admin/events/${event.id}/cancel-preview`, ana.cookie)).statusCode).toBe(403);
    expect((await get(`/api/admin/events/${randomUUID()}/cancel-preview`, admin.cookie)).statusCode).toBe(404);
    const preview = await get(`/api/admin/events/${event.id}/cancel-preview`, admin.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ refundedOrders: 2, refundCentavos: 36000, voidedTickets: 3, releasedOrders: 1 });
    expect(await remainingOf(pista.id)).toBe(15);
    const [stillOn] = await server.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(stillOn.cancelledAt).toBeNull();
    const untouched = await server.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.eventId, event.id));
    expect(untouched.map((o) => o.status).sort()).toEqual(['completed', 'completed', 'pending']);
    expect(await server.deps.db.select().from(refunds).where(eq(refunds.origin, 'event_cancelled'))).toHaveLength(0);
    const toldBefore = await server.deps.db.select().from(notifications).where(eq(notifications.userId, ana.userId));
    expect(toldBefore.some((n) => n.title === 'Evento cancelado')).toBe(false);

    const cancelled = await post(`/api/admin/events/${event.id}/cancel`, admin.cookie, { reason: 'O local foi interditado.' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundedOrders: 2, releasedOrders: 1 });
    expect((await post(`/api/admin/events/${event.id}/cancel`, admin.cookie, { reason: 'De novo' })).json().code).toBe(
      'event_already_cancelled',
    );
    expect((await get(`/api/admin/events/${event.id}/cancel-preview`, admin.cookie)).json().code).toBe('event_already_cancelled');

    expect(await remainingOf(pista.id)).toBe(20);
    expect(await remainingOf(vip.id)).toBe(5);
    const statuses = await server.deps.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.eventId, event.id));
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      [paidA.id]: 'refunded',
      [paidB.id]: 'refunded',
      [pendingC.id]: 'cancelled',
    });
    const eventRefunds = await server.deps.db.select().from(refunds).where(eq(refunds.status, 'approved'));
    const forA = eventRefunds.filter((r) => r.orderId === paidA.id);
    expect(forA).toMatchObject([{ origin: 'event_cancelled', amountCentavos: 16000, ticketCount: 2 }]);
    expect(eventRefunds.filter((r) => r.orderId === paidB.id)).toMatchObject([{ origin: 'request', amountCentavos: 20000 }]);

    expect((await scanAtItsDoor(server, door.cookie, biaTicket.code)).json()).toMatchObject({ accepted: false, reason: 'cancelled' });
    const again = await post('/api/orders', caio.cookie, {
      eventId: event.id,
      items: [{ sectorId: pista.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(again.json().code).toBe('event_cancelled');

    await runWorkerOnce(server.deps);
    const processed = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, paidA.id));
    expect(processed[0].status).toBe('processed');
    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, ana.userId));
    expect(told.find((n) => n.title === 'Evento cancelado')?.message).toContain('O local foi interditado.');
    const jobs = await server.deps.db.select().from(outbox).where(eq(outbox.kind, 'refund_payment'));
    expect(jobs.filter((j) => (j.payload as { refundId: string }).refundId === forA[0].id)).toHaveLength(1);
    const listed = (await get(`/api/events/${event.id}`, null)).json();
    expect(listed.isCancelled).toBe(true);
  });

  it('deletes an event with no orders, and refuses to delete one with orders', async () => {
    const empty = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }]);
    const sold = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }]);
    const person = await server.signUpAs();
    await place(person.cookie, sold.event.id, sold.sectors[0].id, 1);

    const refused = await server.app.inject({
      method: 'DELETE',
      url: `/api/admin/events/${sold.event.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'event_has_orders' });
    const byBuyer = await server.app.inject({
      method: 'DELETE',
      url: `/api/admin/events/${empty.event.id}`,
      headers: { cookie: person.cookie },
    });
    expect(byBuyer.statusCode).toBe(403);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/admin/events/${empty.event.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await server.deps.db.select().from(events).where(eq(events.id, empty.event.id))).toHaveLength(0);
    expect(await server.deps.db.select().from(events).where(eq(events.id, sold.event.id))).toHaveLength(1);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
