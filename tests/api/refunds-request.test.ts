import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, events, orders, refunds, tickets, sectors } from '../../src/server/db/schema';
import { eventInstant } from '../../src/shared/dates';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { scanAtItsDoor } from '../support/door';
import { checkHoldingsLedger } from '../support/invariants';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
});
afterAll(async () => {
  await server?.stop();
});

function post(url: string, cookie: string | null, payload: unknown) {
  return server.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });
}

function get(url: string, cookie: string | null) {
  return server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** Places an order of `quantity` units and, unless `pay` is false, confirms it with simulated PIX. */
async function buy(
  cookie: string,
  options: { quantity?: number; priceCentavos?: number; couponCode?: string; pay?: boolean; title?: string } = {},
) {
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: options.priceCentavos ?? 8000, remaining: 50 }], {
    title: options.title ?? 'Festival de Teste',
  });
  const placed = await post('/api/orders', cookie, {
    eventId: event.id,
    items: [{ sectorId: type.id, quantity: options.quantity ?? 2 }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
    couponCode: options.couponCode,
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  // A free order is completed at once; a paid one waits for the (simulated) PIX.
  if (options.pay !== false && order.status === 'pending') {
    const paid = await post(`/api/orders/${order.id}/simulate-pix-payment`, cookie, {});
    expect(paid.json().status).toBe('completed');
  }
  return { orderId: order.id as string, event, totalCentavos: order.totalCentavos as number };
}

async function storedRefunds(orderId: string) {
  return server.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

async function eligibility(cookie: string, orderId: string) {
  const response = await get('/api/refunds/eligible', cookie);
  expect(response.statusCode).toBe(200);
  return response.json().orders.find((o: { orderId: string }) => o.orderId === orderId);
}

describe('refund requests need a signed-in user', () => {
  it('answers 401 to all three routes without a session', async () => {
    for (const response of [
      await get('/api/refunds/eligible', null),
      await get('/api/refunds/mine', null),
      await post('/api/refunds', null, { orderId: randomUUID(), reason: 'Não posso ir' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
  });
});

describe('which orders may be refunded', () => {
  it('offers a paid order of an upcoming event with the amount actually paid and its tickets', async () => {
    const { cookie } = await server.signUpAs();
    await server.deps.db.insert(coupons).values({ code: `DEZ${Date.now()}`, discountType: 'percentage', discountValue: 10 });
    const [coupon] = await server.deps.db.select().from(coupons).orderBy(coupons.createdAt).limit(1);
    const { orderId, event } = await buy(cookie, { quantity: 2, priceCentavos: 8000, couponCode: coupon.code });

    const order = await eligibility(cookie, orderId);
    expect(order).toMatchObject({
      eligible: true,
      reason: null,
      amountCentavos: 14400,
      event: { id: event.id, title: 'Festival de Teste' },
      items: [{ sectorName: 'Pista', quantity: 2 }],
    });
  });

  it('flags an unpaid order as not paid and leaves expired ones out', async () => {
    const { cookie } = await server.signUpAs();
    const { orderId } = await buy(cookie, { pay: false });
    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: false, reason: 'not_paid' });

    const response = await post('/api/refunds', cookie, { orderId, reason: 'Desisti' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'order_not_refundable',
      message: 'Este pedido não pode ser reembolsado.',
      details: { reason: 'not_paid' },
    });
    expect(await storedRefunds(orderId)).toHaveLength(0);
  });

  it('refunds the unused ticket of a friend while the used one is refused', async () => {
    const { cookie } = await server.signUpAs();
    const door = await server.signUpAs(['validator']);
    const { orderId } = await buy(cookie, { quantity: 2 });
    const [used, unused] = await server.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, orderId))
      .orderBy(tickets.createdAt, tickets.id);
    const scan = await scanAtItsDoor(server, door.cookie, used.code);
    expect(scan.json().accepted).toBe(true);

    const offered = await eligibility(cookie, orderId);
    expect(offered).toMatchObject({ eligible: true, amountCentavos: 8000 });
    expect(offered.tickets).toEqual([
      // No holder named at checkout: the buyer's name, as the door shows it.
      {
        id: used.id,
        sectorName: used.sectorName,
        holderName: 'Ana Beatriz Lima',
        amountCentavos: 8000,
        keptFeeCentavos: 0,
        eligible: false,
        reason: 'checked_in',
      },
      {
        id: unused.id,
        sectorName: unused.sectorName,
        holderName: 'Ana Beatriz Lima',
        amountCentavos: 8000,
        keptFeeCentavos: 0,
        eligible: true,
        reason: null,
      },
    ]);
    const refused = await post('/api/refunds', cookie, { orderId, ticketIds: [used.id], reason: 'Quero o dinheiro de volta' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ticket_not_refundable', details: { reason: 'checked_in', ticketId: used.id } });
    expect(await storedRefunds(orderId)).toHaveLength(0);

    const asked = await post('/api/refunds', cookie, { orderId, ticketIds: [unused.id], reason: 'Meu amigo não pode ir' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ amountCentavos: 8000, ticketCount: 1, status: 'pending' });
    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: false, reason: 'already_requested' });
  });

  it('refuses the whole order once its only ticket entered the event', async () => {
    const { cookie } = await server.signUpAs();
    const door = await server.signUpAs(['validator']);
    const { orderId } = await buy(cookie, { quantity: 1 });
    const [first] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    expect((await scanAtItsDoor(server, door.cookie, first.code)).json().accepted).toBe(true);
    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: false, reason: 'checked_in' });
    const response = await post('/api/refunds', cookie, { orderId, reason: 'Quero o dinheiro de volta' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'order_not_refundable', details: { reason: 'checked_in' } });
    expect(await storedRefunds(orderId)).toHaveLength(0);
  });

  it('refuses an order whose event is already over', async () => {
    const { cookie } = await server.signUpAs();
    const { orderId, event } = await buy(cookie);
    await server.deps.db.update(events).set({ date: '2024-01-10' }).where(eq(events.id, event.id));

    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: false, reason: 'event_past' });
    const response = await post('/api/refunds', cookie, { orderId, reason: 'Perdi o evento' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'order_not_refundable', details: { reason: 'event_past' } });
  });

  it('refuses a free order: nothing was paid', async () => {
    const { cookie } = await server.signUpAs();
    const { orderId } = await buy(cookie, { priceCentavos: 0, quantity: 1 });
    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: false, reason: 'nothing_to_refund', amountCentavos: 0 });
    const response = await post('/api/refunds', cookie, { orderId, reason: 'Não vou' });
    expect(response.json()).toMatchObject({ code: 'order_not_refundable', details: { reason: 'nothing_to_refund' } });
  });
});

describe('asking for a refund', () => {
  it('stores a pending request for the total paid, ignoring any amount sent, and lists it', async () => {
    const { cookie, userId } = await server.signUpAs();
    const { orderId, totalCentavos } = await buy(cookie, { quantity: 3, priceCentavos: 5000 });

    const response = await post('/api/refunds', cookie, {
      orderId,
      reason: '  Não vou poder comparecer  ',
      amountCentavos: 1,
      amount: 999999,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      orderId,
      status: 'pending',
      amountCentavos: 15000,
      reason: 'Não vou poder comparecer',
      eventTitle: 'Festival de Teste',
      adminNotes: null,
    });
    expect(totalCentavos).toBe(15000);

    const [row] = await storedRefunds(orderId);
    expect(row).toMatchObject({ id: created.id, userId, amountCentavos: 15000, reason: 'Não vou poder comparecer', status: 'pending' });

    const mine = (await get('/api/refunds/mine', cookie)).json().refunds;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: created.id, status: 'pending', amountCentavos: 15000 });
    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: false, reason: 'already_requested' });
  });

  it('refuses a second request for the same order with refund_already_requested', async () => {
    const { cookie } = await server.signUpAs();
    const { orderId } = await buy(cookie);
    expect((await post('/api/refunds', cookie, { orderId, reason: 'Primeiro pedido' })).statusCode).toBe(201);
    const again = await post('/api/refunds', cookie, { orderId, reason: 'Segundo pedido' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'refund_already_requested',
      message: 'Já existe uma solicitação de reembolso para este pedido.',
    });
    expect(await storedRefunds(orderId)).toHaveLength(1);
  });

  it('stores exactly one request when the same order is asked for many times at once', async () => {
    const { cookie } = await server.signUpAs();
    const { orderId } = await buy(cookie);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/refunds', cookie, { orderId, reason: `Pedido simultâneo ${i}` })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('refund_already_requested');
    expect(await storedRefunds(orderId)).toHaveLength(1);
  });

  it('lets the buyer ask again after a rejection', async () => {
    const { cookie } = await server.signUpAs();
    const { orderId } = await buy(cookie);
    const first = (await post('/api/refunds', cookie, { orderId, reason: 'Primeira vez' })).json();
    // What a rejection does: the request is closed and its tickets are free again.
    await server.deps.db.update(refunds).set({ status: 'rejected', adminNotes: 'Fora do prazo' }).where(eq(refunds.id, first.id));
    await server.deps.db.update(tickets).set({ refundId: null }).where(eq(tickets.refundId, first.id));
    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: true });

    const second = await post('/api/refunds', cookie, { orderId, reason: 'Segunda vez' });
    expect(second.statusCode).toBe(201);
    const mine = (await get('/api/refunds/mine', cookie)).json().refunds;
    expect(mine.map((r: { reason: string; status: string; adminNotes: string | null }) => [r.reason, r.status, r.adminNotes])).toEqual([
      ['Segunda vez', 'pending', null],
      ['Primeira vez', 'rejected', 'Fora do prazo'],
    ]);
  });
});

describe('bad input and other people', () => {
  it('asks to pick a ticket when no order is given, and changes nothing', async () => {
    const { cookie } = await server.signUpAs();
    const response = await post('/api/refunds', cookie, { reason: 'Motivo qualquer' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', message: 'Selecione um ingresso', details: { field: 'orderId' } });
  });

  it('asks for the reason when it is blank after trimming, and changes nothing', async () => {
    const { cookie } = await server.signUpAs();
    const { orderId } = await buy(cookie);
    for (const reason of ['', '   \n\t ', undefined]) {
      const response = await post('/api/refunds', cookie, { orderId, reason });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Informe o motivo do reembolso', details: { field: 'reason' } });
    }
    expect(await storedRefunds(orderId)).toHaveLength(0);
    expect(await eligibility(cookie, orderId)).toMatchObject({ eligible: true });
  });

  it("answers order_not_found for someone else's order and for an unknown one", async () => {
    const owner = await server.signUpAs();
    const other = await server.signUpAs();
    const { orderId } = await buy(owner.cookie);

    const stolen = await post('/api/refunds', other.cookie, { orderId, reason: 'Não é meu' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'order_not_found', message: 'Pedido não encontrado.' });
    const unknown = await post('/api/refunds', other.cookie, { orderId: randomUUID(), reason: 'Não existe' });
    expect(unknown.statusCode).toBe(404);
    expect(await storedRefunds(orderId)).toHaveLength(0);

    expect(await eligibility(other.cookie, orderId)).toBeUndefined();
  });

  it("lists only the user's own requests, newest first", async () => {
    const owner = await server.signUpAs();
    const other = await server.signUpAs();
    const a = await buy(owner.cookie, { title: 'Primeiro Show' });
    const b = await buy(owner.cookie, { title: 'Segundo Show' });
    const c = await buy(other.cookie, { title: 'Show de Outra Pessoa' });
    await post('/api/refunds', owner.cookie, { orderId: a.orderId, reason: 'Motivo A' });
    await post('/api/refunds', owner.cookie, { orderId: b.orderId, reason: 'Motivo B' });
    await post('/api/refunds', other.cookie, { orderId: c.orderId, reason: 'Motivo C' });

    const mine = (await get('/api/refunds/mine', owner.cookie)).json().refunds;
    expect(mine.map((r: { eventTitle: string }) => r.eventTitle)).toEqual(['Segundo Show', 'Primeiro Show']);
    const theirs = (await get('/api/refunds/mine', other.cookie)).json().refunds;
    expect(theirs.map((r: { eventTitle: string }) => r.eventTitle)).toEqual(['Show de Outra Pessoa']);
  });
});

describe("'Cancelar compra': the withdrawal within 7 days", () => {
  async function withFee(orderId: string) {
    const [order] = await server.deps.db.select().from(orders).where(eq(orders.id, orderId));
    return order;
  }

  it('refunds at once what the tickets cost, fee included, with no decision: the tickets stop admitting and the units go back on sale', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 50 }], { daysAhead: 20 });
    await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000 }).where(eq(events.id, event.id));
    const placed = await post('/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.json().totalCentavos).toBe(17600);
    const orderId = placed.json().id as string;
    await post(`/api/orders/${orderId}/simulate-pix-payment`, cookie, {});
    const paidAt = (await withFee(orderId)).completedAt!;

    // Offered with its deadline: 7 days from the payment (the event is 20 days away).
    const offered = await eligibility(cookie, orderId);
    expect(offered.withdrawalDeadline).toBe(new Date(paidAt.getTime() + 7 * 86_400_000).toISOString());
    const [first, second] = (await server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId))).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
    );

    const one = await post('/api/refunds/withdraw', cookie, { orderId, ticketIds: [first.id] });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({ amountCentavos: 8800, ticketCount: 1, status: 'processed' });
    const [stored] = await storedRefunds(orderId);
    expect([stored.origin, stored.status, stored.processedBy]).toEqual(['withdrawal', 'processed', null]);
    const [gone] = await server.deps.db.select().from(tickets).where(eq(tickets.id, first.id));
    expect(gone.status).toBe('refunded');
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(49);
    expect((await withFee(orderId)).status).toBe('completed');

    // The rest of the order: the order is refunded.
    const rest = await post('/api/refunds/withdraw', cookie, { orderId });
    expect(rest.json()).toMatchObject({ amountCentavos: 8800, ticketCount: 1 });
    expect((await withFee(orderId)).status).toBe('refunded');
    expect((await server.deps.db.select().from(tickets).where(eq(tickets.id, second.id)))[0].status).toBe('refunded');
    // The organizer's figures count the withdrawals as refunds: nothing left of the sale.
    const admin = await server.signUpAs(['admin']);
    const money = (await get(`/api/admin/events/${event.id}`, admin.cookie)).json().money;
    expect(money).toMatchObject({
      grossCentavos: 16000,
      refundsCentavos: 16000,
      refundedFeesCentavos: 1600,
      feesCentavos: 0,
      netCentavos: 0,
    });
    // The door refuses both codes (scanning opens the event's door now, so it comes last).
    const door = await server.signUpAs(['validator']);
    for (const code of [first.code, second.code]) expect((await scanAtItsDoor(server, door.cookie, code)).json().accepted).toBe(false);
  });

  it('is closed 7 days after the payment and 48 hours before the event: the request flow remains, nothing changes', async () => {
    const { cookie } = await server.signUpAs();
    const late = await buy(cookie, { quantity: 1 });
    await server.deps.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(orders.id, late.orderId));
    expect((await eligibility(cookie, late.orderId)).withdrawalDeadline).toBeNull();
    const refused = await post('/api/refunds/withdraw', cookie, { orderId: late.orderId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'withdrawal_closed',
      message: 'O prazo para cancelar a compra por conta própria terminou. Você ainda pode solicitar o reembolso.',
    });
    expect(await storedRefunds(late.orderId)).toEqual([]);

    // Bought today for an event 1 day away: closed too (less than 48 hours before it).
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 5 }], { daysAhead: 1 });
    const placed = await post('/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    await post(`/api/orders/${placed.json().id}/simulate-pix-payment`, cookie, {});
    expect((await post('/api/refunds/withdraw', cookie, { orderId: placed.json().id })).json()).toMatchObject({
      code: 'withdrawal_closed',
    });
    // For an event 3 days away the deadline is 48 hours before its start, before the 7 days.
    const soon = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 5 }], { daysAhead: 3 });
    const bought = await post('/api/orders', cookie, {
      eventId: soon.event.id,
      items: [{ sectorId: soon.sectors[0].id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    await post(`/api/orders/${bought.json().id}/simulate-pix-payment`, cookie, {});
    expect((await eligibility(cookie, bought.json().id)).withdrawalDeadline).toBe(
      new Date(eventInstant(soon.event.date, '20:00').getTime() - 48 * 3_600_000).toISOString(),
    );
  });

  it('keeps the fee on a refund asked when the withdrawal is closed: bought a day ago, the event 40 hours away', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    // The start 40 hours from now, to the minute, in São Paulo time.
    const start = new Date(Math.ceil((Date.now() + 40 * 3_600_000) / 60_000) * 60_000);
    const parts = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', ...options }).format(start);
    const date = parts({ year: 'numeric', month: '2-digit', day: '2-digit' });
    const startTime = parts({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    await server.deps.db.update(events).set({ date, startTime, endTime: null, serviceFeeBasisPoints: 1000 }).where(eq(events.id, event.id));
    expect(eventInstant(date, startTime).toISOString()).toBe(start.toISOString());
    const placed = await post('/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.json().totalCentavos).toBe(8800);
    const orderId = placed.json().id as string;
    await post(`/api/orders/${orderId}/simulate-pix-payment`, cookie, {});
    await server.deps.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, orderId));

    // Within the 7 days but less than 48 hours before the start: no 'Cancelar compra', and the
    // refund the buyer may still ask for returns the ticket, not its R$ 8,00 fee.
    expect(await eligibility(cookie, orderId)).toMatchObject({ withdrawalDeadline: null, amountCentavos: 8000, keptFeeCentavos: 800 });
    expect((await post('/api/refunds/withdraw', cookie, { orderId })).json()).toMatchObject({ code: 'withdrawal_closed' });
    const asked = await post('/api/refunds', cookie, { orderId, reason: 'Não vou conseguir ir' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().amountCentavos).toBe(8000);
    const admin = await server.signUpAs(['admin']);
    const approved = await post(`/api/admin/refunds/${asked.json().id}/approve`, admin.cookie, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().amountCentavos).toBe(8000);
    expect((await storedRefunds(orderId)).map((r) => r.amountCentavos)).toEqual([8000]);
  });

  it('refunds once when the same withdrawal is sent many times at once, and refuses someone else', async () => {
    const { cookie } = await server.signUpAs();
    const other = await server.signUpAs();
    const { orderId, totalCentavos } = await buy(cookie, { quantity: 2 });
    expect((await post('/api/refunds/withdraw', other.cookie, { orderId })).json()).toMatchObject({ code: 'order_not_found' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/refunds/withdraw', cookie, { orderId })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.json().code)).toEqual(Array(5).fill('order_not_refundable'));
    const stored = await storedRefunds(orderId);
    expect(stored.map((r) => r.amountCentavos)).toEqual([totalCentavos]);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
