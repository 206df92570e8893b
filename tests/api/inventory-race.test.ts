import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { coupons, orders, refunds, tickets, sectors as sectorsTable } from '../../src/server/db/schema';
import { confirmPayment } from '../../src/server/services/payments/confirm-payment';
import { runWorkerOnce } from '../../src/server/worker';
import { checkInventoryInvariants } from '../support/invariants';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
});
afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refusals a buyer or an admin may meet in this race; anything else (a 500, a 503) fails the test. */
const expectedRefusals = new Set([
  'ticket_type_sold_out',
  'coupon_exhausted',
  'order_expired',
  'order_not_pending',
  'event_cancelled',
  'refund_not_pending',
  'refund_already_requested',
  'order_not_refundable',
  'ticket_not_refundable',
]);

describe('stock and coupon uses under a race of every change an order can go through', () => {
  it('keeps sold + held + remaining = stock and coupon uses within their maximum, and a cancelled event admits no one', async () => {
    const admin = await server.signUpAs(['admin']);
    const { event, sectors } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 8000, remaining: 12 },
      { name: 'VIP', priceCentavos: 25000, remaining: 8 },
      { name: 'Meia-entrada', priceCentavos: 4000, remaining: 12 },
    ]);
    const initialStockBySectorId = Object.fromEntries(sectors.map((t) => [t.id, t.remaining]));
    const code = `CORRIDA${randomBytes(3).toString('hex').toUpperCase()}`;
    const [coupon] = await server.deps.db
      .insert(coupons)
      .values({ code, discountType: 'percentage', discountValue: 10, maxUses: 4, eventId: event.id })
      .returning();
    const people = await Promise.all(Array.from({ length: 24 }, () => server.signUpAs()));

    const refusals: string[] = [];
    const unexpected: string[] = [];
    const post = async (url: string, cookie: string, payload: object = {}) => {
      const response = await server.app.inject({ method: 'POST', url, headers: { cookie }, payload });
      if (response.statusCode >= 400) {
        const body = response.json() as { code?: string };
        if (response.statusCode < 500 && body.code && expectedRefusals.has(body.code)) refusals.push(body.code);
        else unexpected.push(`${url} -> ${response.statusCode} ${response.body}`);
      }
      return response;
    };

    // Refund requests go to an admin who approves them as they come, while everything else runs.
    const toApprove: string[] = [];
    let buying = true;
    const approving = (async () => {
      while (buying || toApprove.length > 0) {
        const refundId = toApprove.shift();
        if (refundId) await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie);
        else await sleep(5);
      }
    })();

    const afterHolds = () => new Date(Date.now() + (server.deps.orderHoldMinutes + 1) * 60_000);

    async function journey(person: { cookie: string }, n: number) {
      const type = sectors[n % sectors.length];
      const placed = await post('/api/orders', person.cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 + (Math.floor(n / 3) % 3) }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
        ...(Math.floor(n / 2) % 2 === 0 ? { couponCode: code } : {}),
      });
      if (placed.statusCode !== 201) return;
      const order = placed.json() as { id: string; paymentId: string | null };
      switch (n % 6) {
        case 0: // pays
          await post(`/api/orders/${order.id}/simulate-pix-payment`, person.cookie);
          return;
        case 1: // gives up
          await post(`/api/orders/${order.id}/cancel`, person.cookie);
          return;
        case 2: // walks away; the worker ends the hold
          return;
        case 3: // pays and cancels at the same time
          await Promise.all([
            post(`/api/orders/${order.id}/simulate-pix-payment`, person.cookie),
            post(`/api/orders/${order.id}/cancel`, person.cookie),
          ]);
          return;
        case 4: {
          // pays, then asks back the money of one ticket
          const paid = await post(`/api/orders/${order.id}/simulate-pix-payment`, person.cookie);
          if (paid.statusCode !== 200 || paid.json().status !== 'completed') return;
          const [first] = await server.deps.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, order.id)).limit(1);
          const asked = await post('/api/refunds', person.cookie, { orderId: order.id, ticketIds: [first.id], reason: 'Não vou poder ir' });
          if (asked.statusCode === 201 || asked.statusCode === 200) toApprove.push(asked.json().id);
          return;
        }
        case 5: // the provider's confirmation arrives late, after the worker may have ended the hold
          await sleep(200 + (n % 4) * 100);
          await confirmPayment(server.deps, { orderId: order.id, paymentId: order.paymentId ?? undefined });
          return;
      }
    }

    const journeys = people.map((person, n) => journey(person, n));
    // Once the first buyers are through, the worker ends holds as if their time had run out (and
    // pays refunds back), over and over, while the others buy.
    await Promise.race([Promise.all(journeys.slice(0, 6)), sleep(3_000)]);
    const expiring = (async () => {
      while (buying) {
        await runWorkerOnce(server.deps, afterHolds());
        await sleep(50);
      }
    })();
    // The organizer cancels the event while the last buyers are still at it.
    await Promise.race([Promise.all(journeys.slice(0, 16)), sleep(6_000)]);
    const cancelled = await post(`/api/admin/events/${event.id}/cancel`, admin.cookie, { reason: 'O local foi interditado.' });
    await Promise.all(journeys);
    buying = false;
    await Promise.all([approving, expiring]);
    await runWorkerOnce(server.deps, afterHolds());

    expect(unexpected).toEqual([]);
    expect(cancelled.statusCode).toBe(200);
    const violations = await checkInventoryInvariants(server.deps.db, {
      initialStockBySectorId,
      couponMaxUses: { [coupon.id]: 4 },
      now: afterHolds(),
    });
    expect(violations).toEqual([]);

    const stillValid = await server.deps.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.eventId, event.id), eq(tickets.status, 'valid')));
    expect(stillValid).toEqual([]);
    const eventOrders = await server.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.eventId, event.id));
    expect(eventOrders.filter((o) => o.status === 'pending' || o.status === 'completed')).toEqual([]);
    // Every unit is back in stock once the event is cancelled.
    const stock = await server.deps.db.select().from(sectorsTable).where(eq(sectorsTable.eventId, event.id));
    expect(Object.fromEntries(stock.map((t) => [t.id, t.remaining]))).toEqual(initialStockBySectorId);

    // The race went through the paths it is about.
    const statuses = new Set(eventOrders.map((o) => o.status));
    expect(statuses.has('refunded')).toBe(true);
    expect([...statuses].some((s) => s === 'expired' || s === 'cancelled')).toBe(true);
    const eventRefunds = await server.deps.db
      .select({ origin: refunds.origin, status: refunds.status })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.eventId, event.id));
    expect(eventRefunds.some((r) => r.origin === 'event_cancelled')).toBe(true);
    expect(eventRefunds.some((r) => r.origin === 'request' && r.status !== 'pending')).toBe(true);
    expect(refusals.length).toBeGreaterThan(0);
  });

  it('is told when a unit or a coupon use goes missing, or a hold outlives its order', async () => {
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    const code = `CONTA${randomBytes(3).toString('hex').toUpperCase()}`;
    const [coupon] = await server.deps.db
      .insert(coupons)
      .values({ code, discountType: 'fixed', discountValue: 1000, maxUses: 2, eventId: event.id })
      .returning();
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: person.cookie },
      payload: {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 2 }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
        couponCode: code,
      },
    });
    expect(placed.statusCode).toBe(201);
    const options = { initialStockBySectorId: { [type.id]: 5 }, couponMaxUses: { [coupon.id]: 2 } };
    expect(await checkInventoryInvariants(server.deps.db, options)).toEqual([]);

    await server.deps.db.update(sectorsTable).set({ remaining: 2 }).where(eq(sectorsTable.id, type.id));
    await server.deps.db.update(coupons).set({ heldUses: 0, currentUses: 2 }).where(eq(coupons.id, coupon.id));
    const afterHold = new Date(Date.now() + (server.deps.orderHoldMinutes + 1) * 60_000);
    // The database's own CHECK keeps uses within its max_uses; the checker holds them to the one given.
    const violations = await checkInventoryInvariants(server.deps.db, { ...options, couponMaxUses: { [coupon.id]: 1 }, now: afterHold });
    expect(violations).toEqual([
      expect.stringMatching(/sold 0 \+ held 2 \+ remaining 2 = 4, not its stock 5/),
      expect.stringMatching(/remaining 2 is not its lots' 3/),
      expect.stringMatching(/held_uses 0, but 1 pending orders use it/),
      expect.stringMatching(/current_uses 2, but 0 paid orders used it/),
      expect.stringMatching(/current_uses 2 \+ held_uses 0 > max_uses 1/),
      expect.stringMatching(/still holds 2 units, pending past its hold/),
    ]);
  });
});
