import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { events, orderItems, orders, refunds, ticketLots, tickets, sectors } from '../../src/server/db/schema';
import { placeOrder, issueCourtesies } from '../../src/server/services/payments/checkout';
import { expireOverdueOrders } from '../../src/server/services/payments/reconcile-payments';
import { confirmPayment } from '../../src/server/services/payments/confirm-payment';
import { cancelEvent } from '../../src/server/services/catalog/cancel-event';
import { queryRows } from '../../src/server/db/client';
import { runWorkerOnce } from '../../src/server/worker';
import type { PlaceOrderInput } from '../../src/shared/schemas/orders';
import { DomainError } from '../../src/shared/errors';
import { checkInventoryInvariants } from '../support/invariants';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { testCpf } from '../support/cpf';
import { checkHoldingsLedger } from '../support/invariants';
import { systemActor } from '../../src/server/services/audit/record-audit';

// The Brazilian way of selling on the one sale path (docs/rules/sale.md 'Selling the Brazilian way'),
// under concurrency: every group of simultaneous orders is placed by one transaction per event.

let server: TestServer;
let userId: string;
let ownerCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ userId, cookie: ownerCookie } = await server.signUpAs());
});

afterAll(async () => {
  await server?.stop();
});

/** Valid CPFs, one per buyer or holder (check digits computed). */
const cpf = testCpf;

type Line = PlaceOrderInput['items'][number];
const full = (sectorId: string, quantity = 1): Line => ({ sectorId, quantity });
const meia = (sectorId: string, holderCpf: string, concession: Line['concession'] = 'student'): Line => ({
  sectorId,
  quantity: 1,
  concession,
  holder: { name: 'Bia Souza', cpf: holderCpf, birthDate: '2004-05-10', documentNumber: 'CIE-1' },
});

/** Places an order through the service (as POST /api/orders does); the refusal's code, or the order. */
async function place(eventId: string, items: Line[], extra: Partial<PlaceOrderInput> = {}) {
  try {
    return await placeOrder(server.deps, userId, { eventId, items, buyer, paymentMethod: 'pix', installments: 1, ...extra });
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

/** Gives a sector of one lot more lots, in order (price in centavos, units). */
async function setLots(sectorId: string, lots: { price: number; units: number; endsAt?: Date }[]) {
  await server.deps.db.delete(ticketLots).where(eq(ticketLots.sectorId, sectorId));
  await server.deps.db.insert(ticketLots).values(
    lots.map((l, i) => ({
      sectorId,
      position: i + 1,
      priceCentavos: l.price,
      quantity: l.units,
      remaining: l.units,
      endsAt: l.endsAt ?? null,
    })),
  );
  await server.deps.db
    .update(sectors)
    .set({ remaining: lots.reduce((s, l) => s + l.units, 0) })
    .where(eq(sectors.id, sectorId));
}

async function itemsOf(sectorId: string) {
  return queryRows<{ lot_price: number; unit_price_centavos: number; quantity: number; status: string; position: number }>(
    server.deps.db,
    sql`
    SELECT l.price_centavos AS lot_price, i.unit_price_centavos, i.quantity, o.status, l.position
    FROM order_items i JOIN orders o ON o.id = i.order_id JOIN ticket_lots l ON l.id = i.lot_id WHERE i.ticket_type_id = ${sectorId}`,
  );
}

describe('lots that turn over', () => {
  it('gives 60 simultaneous buyers at the turn exactly the first lot at its price and the rest at the second', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }]);
    await setLots(pista.id, [
      { price: 8000, units: 20 },
      { price: 10000, units: 100 },
    ]);
    const results = await Promise.all(Array.from({ length: 60 }, () => place(event.id, [full(pista.id)])));
    expect(results.every((r) => typeof r !== 'string')).toBe(true);
    const items = await itemsOf(pista.id);
    const units = (position: number) => items.filter((i) => i.position === position).reduce((s, i) => s + Number(i.quantity), 0);
    expect([units(1), units(2)]).toEqual([20, 40]);
    // No unit at a price other than its own lot's.
    expect(items.every((i) => Number(i.unit_price_centavos) === Number(i.lot_price))).toBe(true);
    expect(await checkInventoryInvariants(server.deps.db, { initialStockBySectorId: { [pista.id]: 120 } })).toEqual([]);
  });

  it('rolls an ended lot into the next, and an expired hold gives its units back to its own lot, which opens again', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    await setLots(pista.id, [
      { price: 8000, units: 1 },
      { price: 10000, units: 10 },
    ]);
    const first = await place(event.id, [full(pista.id)]);
    expect(first).toMatchObject({ totalCentavos: 8000 });
    expect(await place(event.id, [full(pista.id)])).toMatchObject({ totalCentavos: 10000 });
    // The first order's hold ends: its unit goes back to the 1st lot, on sale again.
    await server.deps.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, (first as { id: string }).id));
    await expireOverdueOrders(server.deps);
    expect(await place(event.id, [full(pista.id)])).toMatchObject({ totalCentavos: 8000 });

    // A lot whose date passed rolls what it did not sell into the next one.
    const other = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const sector = other.sectors[0].id;
    await setLots(sector, [
      { price: 5000, units: 5, endsAt: new Date(Date.now() - 1000) },
      { price: 7000, units: 5 },
    ]);
    expect(await place(other.event.id, [full(sector, 7)])).toMatchObject({ totalCentavos: 49000 });
    const lots = await server.deps.db.select().from(ticketLots).where(eq(ticketLots.sectorId, sector)).orderBy(ticketLots.position);
    expect(lots.map((l) => [l.quantity, l.remaining])).toEqual([
      [0, 0],
      [10, 3],
    ]);
  });
});

describe('meia-entrada', () => {
  it('holds the 40 % reserve under 40 simultaneous full-price and meia buyers, and opens it to full price 48 hours before', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { meiaEntrada: true });
    const requests = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0 ? place(event.id, [full(pista.id)]) : place(event.id, [meia(pista.id, cpf(i))]),
    );
    const results = await Promise.all(requests);
    const placed = results.filter((r) => typeof r !== 'string') as { items: { concession: string | null }[] }[];
    const meias = placed.filter((o) => o.items[0].concession !== null).length;
    expect([placed.length - meias, meias]).toEqual([6, 4]);
    expect(
      results
        .filter((r) => typeof r === 'string')
        .every((code) => code === 'full_price_sold_out' || code === 'ticket_type_sold_out' || code === 'meia_sold_out'),
    ).toBe(true);
    const [row] = await server.deps.db.select().from(sectors).where(eq(sectors.id, pista.id));
    expect([row.remaining, row.meiaTaken]).toEqual([0, 4]);

    // An event within 48 hours sells its unsold reserve at full price.
    const late = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { meiaEntrada: true, daysAhead: 1 });
    expect(await place(late.event.id, [full(late.sectors[0].id, 10)])).toMatchObject({ totalCentavos: 80000 });
    const early = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { meiaEntrada: true, daysAhead: 5 });
    expect(await place(early.event.id, [full(early.sectors[0].id, 7)])).toBe('full_price_sold_out');
  });

  it('gives one CPF one meia per event, and a coupon never discounts a meia line', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], { meiaEntrada: true });
    const holder = cpf(501);
    expect(await place(event.id, [meia(pista.id, holder)])).toMatchObject({ totalCentavos: 4000 });
    expect(await place(event.id, [meia(pista.id, holder)])).toBe('meia_cpf_repeated');
    const simultaneous = await Promise.all([place(event.id, [meia(pista.id, cpf(502))]), place(event.id, [meia(pista.id, cpf(502))])]);
    expect(simultaneous.filter((r) => r === 'meia_cpf_repeated')).toHaveLength(1);

    await server.deps.db.execute(
      sql`INSERT INTO coupons (code, discount_type, discount_value) VALUES ('DEZ10', 'percentage', 10) ON CONFLICT DO NOTHING`,
    );
    const withCoupon = await place(event.id, [full(pista.id, 2), meia(pista.id, cpf(503))], { couponCode: 'dez10' });
    expect(withCoupon).toMatchObject({ subtotalCentavos: 20000, discountCentavos: 1600, totalCentavos: 18400 });
  });
});

describe('limits per CPF, capacity', () => {
  it('lets ten simultaneous orders of one CPF take no more than its limit', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 100 }]);
    await server.deps.db.update(events).set({ maxTicketsPerCpf: 4 }).where(eq(events.id, event.id));
    const results = await Promise.all(Array.from({ length: 10 }, () => place(event.id, [full(pista.id)])));
    expect(results.filter((r) => typeof r !== 'string')).toHaveLength(4);
    const refused = await placeOrder(server.deps, userId, {
      eventId: event.id,
      items: [full(pista.id)],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    }).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'cpf_limit', message: 'Limite de 4 ingressos por CPF neste evento' });
    // Another CPF from the same account buys nothing more (the account counts too); from another account it buys.
    expect(await place(event.id, [full(pista.id)], { buyer: { ...buyer, cpf: cpf(600) } })).toBe('cpf_limit');
    const other = await server.signUpAs();
    expect(
      await placeOrder(server.deps, other.userId, {
        eventId: event.id,
        items: [full(pista.id)],
        buyer: { ...buyer, cpf: cpf(600) },
        paymentMethod: 'pix',
        installments: 1,
      }),
    ).toMatchObject({ totalCentavos: 5000 });
  });

  it('never sells past the event capacity shared by its sectors', async () => {
    const {
      event,
      sectors: [pista, vip],
    } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 5000, remaining: 10 },
      { name: 'VIP', priceCentavos: 9000, remaining: 10 },
    ]);
    await server.deps.db.update(events).set({ capacity: 10 }).where(eq(events.id, event.id));
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => place(event.id, [full(i % 2 === 0 ? pista.id : vip.id)])));
    expect(results.filter((r) => typeof r !== 'string')).toHaveLength(10);
    expect(results.filter((r) => r === 'event_sold_out')).toHaveLength(20);
  });
});

describe('service fee', () => {
  it('rounds each ticket fee to the centavo, adds it to the total (items + fees - discount), and a refund while the withdrawal is open returns it', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8005, remaining: 100 }], { meiaEntrada: true });
    await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000, serviceFeeMinCentavos: 300 }).where(eq(events.id, event.id));
    const placed = await place(event.id, [full(pista.id, 2), meia(pista.id, cpf(700))]);
    // Full 8005 -> fee 801 (800,5 rounded half up) each; meia 4002 -> 400.
    expect(placed).toMatchObject({
      subtotalCentavos: 8005 * 2 + 4002,
      discountCentavos: 0,
      feeCentavos: 801 * 2 + 400,
      totalCentavos: 8005 * 2 + 4002 + 2002,
    });
    const order = placed as { id: string; totalCentavos: number };
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
    const items = await server.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.reduce((s, i) => s + i.unitPriceCentavos * i.quantity, 0) + row.feeCentavos - row.discountCentavos).toBe(
      row.totalCentavos,
    );

    await confirmPayment(server.deps, { orderId: order.id });
    // The buyer asks for the whole order back within 7 days, the event 10 days away (the withdrawal
    // still open, domain/refunds withdrawalDeadline): everything paid, fee included.
    const asked = await server.app.inject({
      method: 'POST',
      url: '/api/refunds',
      headers: { cookie: ownerCookie },
      payload: { orderId: order.id, reason: 'Desisti da compra' },
    });
    expect(asked.statusCode).toBe(201);
    const [refund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund.amountCentavos).toBe(order.totalCentavos);
  });

  it('keeps the fee on a refund asked past the 7 days unless the organizer returns it, and returns it when the event is cancelled', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 100 }]);
    await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000 }).where(eq(events.id, event.id));
    const paidDaysAgo = async (days: number) => {
      const order = (await place(event.id, [full(pista.id, 2)])) as { id: string; totalCentavos: number };
      expect(order.totalCentavos).toBe(22000);
      await confirmPayment(server.deps, { orderId: order.id });
      const paidAt = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
      await server.deps.db.update(orders).set({ completedAt: paidAt, createdAt: paidAt }).where(eq(orders.id, order.id));
      return order;
    };
    const ask = async (orderId: string) => {
      const asked = await server.app.inject({
        method: 'POST',
        url: '/api/refunds',
        headers: { cookie: ownerCookie },
        payload: { orderId, reason: 'Não vou poder ir' },
      });
      expect(asked.statusCode).toBe(201);
      const [refund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      return refund;
    };
    const eligibleOf = async (orderId: string) => {
      const listed = await server.app.inject({ method: 'GET', url: '/api/refunds/eligible', headers: { cookie: ownerCookie } });
      return (listed.json() as { orders: { orderId: string; amountCentavos: number; keptFeeCentavos: number }[] }).orders.find(
        (o) => o.orderId === orderId,
      )!;
    };

    // Paid 8 days ago: the withdrawal period is over, the fee (2 x R$ 10,00) stays.
    const late = await paidDaysAgo(8);
    expect(await eligibleOf(late.id)).toMatchObject({ amountCentavos: 20000, keptFeeCentavos: 2000 });
    expect((await ask(late.id)).amountCentavos).toBe(20000);
    // Paid 6 days ago: a withdrawal, everything back.
    const recent = await paidDaysAgo(6);
    expect(await eligibleOf(recent.id)).toMatchObject({ amountCentavos: 22000, keptFeeCentavos: 0 });

    // The organizer's policy returns the fee on every refund.
    await server.deps.db.update(events).set({ serviceFeeRefundable: true }).where(eq(events.id, event.id));
    const generous = await paidDaysAgo(30);
    expect(await eligibleOf(generous.id)).toMatchObject({ amountCentavos: 22000, keptFeeCentavos: 0 });
    await server.deps.db.update(events).set({ serviceFeeRefundable: false }).where(eq(events.id, event.id));

    // The event is cancelled: the request still pending past the 7 days is approved with the fee,
    // and an order nobody asked about is refunded whole.
    const admin = await server.signUpAs(['admin']);
    await cancelEvent(server.deps, event.id, { reason: 'Chuva forte', adminId: admin.userId }, systemActor);
    const [lateRefund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, late.id));
    expect([lateRefund.status, lateRefund.amountCentavos]).toEqual(['approved', 22000]);
    const [recentRefund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, recent.id));
    expect([recentRefund.status, recentRefund.origin, recentRefund.amountCentavos]).toEqual(['approved', 'event_cancelled', 22000]);
  });

  it('leaves the buyer total alone when the organizer absorbs the fee, and charges none on a courtesy', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 5 }]);
    await server.deps.db
      .update(events)
      .set({ serviceFeeBasisPoints: 1000, serviceFeeAbsorbed: true, capacity: 5 })
      .where(eq(events.id, event.id));
    expect(await place(event.id, [full(pista.id)])).toMatchObject({ feeCentavos: 0, totalCentavos: 10000 });

    const admin = await server.signUpAs(['admin']);
    const result = await issueCourtesies(
      server.deps,
      admin.userId,
      event.id,
      {
        sectorId: pista.id,
        recipients: [
          { name: 'Convidada Nova', email: 'convidada.nova@exemplo.com.br' },
          { name: 'Admin', email: admin.email },
        ],
      },
      systemActor,
    );
    expect(result).toEqual({ issued: 2, invited: 1 });
    const courtesies = await server.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.paymentProvider, 'courtesy')));
    expect(courtesies.map((o) => [o.status, o.totalCentavos, o.feeCentavos, o.absorbedFeeCentavos])).toEqual([
      ['completed', 0, 0, 0],
      ['completed', 0, 0, 0],
    ]);
    const [ticket] = await server.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, courtesies.find((o) => o.userId === null)!.id));
    expect([ticket.sectorName, ticket.holderName]).toEqual(['Pista · Cortesia', 'Convidada Nova']);
    // Counted in the capacity: 1 sold + 2 courtesies of 5; three more courtesies do not fit with a 4th sale.
    expect(await place(event.id, [full(pista.id, 2)])).toMatchObject({ totalCentavos: 20000 });
    await expect(
      issueCourtesies(
        server.deps,
        admin.userId,
        event.id,
        {
          sectorId: pista.id,
          recipients: [{ name: 'Mais Uma', email: 'mais@exemplo.com.br' }],
        },
        systemActor,
      ),
    ).rejects.toMatchObject({ code: 'event_sold_out' });
    await runWorkerOnce(server.deps);
    expect(server.sentMail.some((m) => m.to === 'convidada.nova@exemplo.com.br' && /Crie sua conta/.test(m.text))).toBe(true);

    // Signing up with that e-mail (confirmed) brings the courtesy into 'Meus ingressos'.
    const guest = await server.signUpAs(['user'], 'convidada.nova@exemplo.com.br');
    const { claimCourtesies } = await import('../../src/server/services/orders/place-order');
    expect(await claimCourtesies(server.deps.db, { id: guest.userId, email: 'convidada.nova@exemplo.com.br' })).toBe(1);
    const mine = await server.app.inject({ method: 'GET', url: '/api/tickets', headers: { cookie: guest.cookie } });
    expect(JSON.stringify(mine.json())).toContain('Pista · Cortesia');
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
