import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, events, refunds, tickets } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// docs/rules/money.md 'The figures': after a partial refund, every screen that shows money reads
// the same figures: the dashboard, the events list, the event page, the borderô and the fan's
// 'Total gasto'.

let server: TestServer;
let admin: { cookie: string; userId: string };
let fan: { cookie: string; userId: string };
let other: { cookie: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  fan = await server.signUpAs();
  other = await server.signUpAs();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie }, payload });
}

/** Places an order as `account` and pays it with the simulated PIX unless `pay` is false; returns its id. */
async function buy(account: { cookie: string }, eventId: string, items: object[], options: { couponCode?: string; pay?: boolean } = {}) {
  const placed = await call('POST', '/api/orders', account.cookie, {
    eventId,
    items,
    buyer,
    paymentMethod: 'pix',
    installments: 1,
    couponCode: options.couponCode,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as string;
  if (options.pay !== false)
    expect((await call('POST', `/api/orders/${orderId}/simulate-pix-payment`, account.cookie)).statusCode).toBe(200);
  return orderId;
}

describe('the money figures after a partial refund', () => {
  it('are the same on the dashboard, the events list, the event page, the borderô and the fan profile', async () => {
    // A 10 % fee passed on; the fan buys 2 x R$ 80,00 with a R$ 10,00 coupon (R$ 165,00 paid).
    const made = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 50 }], { title: 'Noite dos Números' });
    const eventId = made.event.id;
    const sectorId = made.sectors[0].id;
    await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000 }).where(eq(events.id, eventId));
    await server.deps.db.insert(coupons).values({ code: 'NUMEROS10', discountType: 'fixed', discountValue: 1000, eventId });
    const orderId = await buy(fan, eventId, [{ sectorId, quantity: 2 }], { couponCode: 'NUMEROS10' });
    // Another buyer: R$ 80,00 + R$ 8,00 of fee; and an order never paid, which counts for nothing.
    await buy(other, eventId, [{ sectorId, quantity: 1 }]);
    await buy(other, eventId, [{ sectorId, quantity: 1 }], { pay: false });

    // The fan gives one ticket back within 7 days: R$ 75,00 of ticket and R$ 7,50 of fee.
    const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.createdAt, tickets.id);
    const asked = await call('POST', '/api/refunds', fan.cookie, { orderId, ticketIds: [issued[1].id], reason: 'Não vou poder ir' });
    expect(asked.statusCode, asked.body).toBe(201);
    const [pending] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(pending.amountCentavos).toBe(8250);
    expect((await call('POST', `/api/admin/refunds/${pending.id}/approve`, admin.cookie, {})).statusCode).toBe(200);

    const expected = {
      grossCentavos: 23000, // 16000 - 1000 + 8000
      discountCentavos: 1000,
      refundsCentavos: 7500, // 8000 - its 500 of the coupon
      refundedFeesCentavos: 750,
      feesCentavos: 1550, // 750 + 800 charged and kept
      absorbedFeesCentavos: 0,
      netCentavos: 15500, // 23000 - 7500 - 0
    };

    const dashboard = (await call('GET', '/api/admin/dashboard', admin.cookie)).json();
    expect(dashboard.money).toEqual(expected);
    expect(dashboard.revenueCentavos).toBe(expected.grossCentavos);

    const listed = (await call('GET', '/api/admin/events', admin.cookie)).json().events as {
      id: string;
      revenueCentavos: number;
      money: object;
    }[];
    const row = listed.find((e) => e.id === eventId);
    expect(row?.money).toEqual(expected);
    expect(row?.revenueCentavos).toBe(expected.grossCentavos);

    const page = (await call('GET', `/api/admin/events/${eventId}`, admin.cookie)).json();
    expect(page.money).toEqual(expected);

    const bordero = (await call('GET', `/api/admin/events/${eventId}/bordero`, admin.cookie)).json();
    expect(bordero.totals).toMatchObject(expected);

    // 'Total gasto': what each buyer paid less what the refunds paid back.
    const fanStats = (await call('GET', '/api/me/stats', fan.cookie)).json();
    expect(fanStats.totalSpentCentavos).toBe(16500 - 8250);
    const otherStats = (await call('GET', '/api/me/stats', other.cookie)).json();
    expect(otherStats.totalSpentCentavos).toBe(8800);
    // Together the buyers' spending is the organizer's gross less refunds, plus the fees kept.
    expect(fanStats.totalSpentCentavos + otherStats.totalSpentCentavos).toBe(
      expected.grossCentavos - expected.refundsCentavos + expected.feesCentavos,
    );
  });
});
