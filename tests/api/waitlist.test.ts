import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { events, notifications, outbox, ticketLots, sectors, waitlistEntries, waitlistOffers } from '../../src/server/db/schema';
import { expireWaitlistOffers } from '../../src/server/services/waitlist/expire-offers';
import { releaseOrder } from '../../src/server/services/orders/release-order';
import { reserveReleaseAt } from '../../src/server/domain/meia';
import { runWorkerOnce } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { checkHoldingsLedger } from '../support/invariants';

let server: TestServer;
let admin: { userId: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
  admin = await server.signUpAs(['admin']);
});
afterAll(async () => {
  await server?.stop();
});

function send(method: 'POST' | 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
function order(cookie: string, eventId: string, typeId: string, quantity: number, extra: object = {}) {
  return send('POST', '/api/orders', cookie, {
    eventId,
    items: [{ sectorId: typeId, quantity }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
    ...extra,
  });
}
async function remainingOf(typeId: string) {
  const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, typeId));
  const lots = await server.deps.db.select().from(ticketLots).where(eq(ticketLots.sectorId, typeId));
  return { sector: sector.remaining, lots: lots.reduce((sum, lot) => sum + lot.remaining, 0) };
}
async function join(cookie: string, eventId: string, typeId: string, quantity = 1) {
  const response = await send('POST', `/api/events/${eventId}/waitlist`, cookie, { sectorId: typeId, quantity });
  expect(response.statusCode).toBe(201);
  return response.json();
}
async function mine(cookie: string, eventId: string) {
  return (await send('GET', `/api/events/${eventId}/waitlist`, cookie)).json().entries;
}
/** A sold-out sector of one unit, held by a pending order of `holder`. */
async function soldOut(units = 1) {
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: units }]);
  const holder = await server.signUpAs();
  const held = await order(holder.cookie, event.id, type.id, units);
  expect(held.statusCode).toBe(201);
  return { event, type, holder, heldOrder: held.json() };
}

describe('the waiting list of a sold-out sector', () => {
  it('offers a freed unit to the first in line, then to the next when the offer expires, and nobody else can buy it', async () => {
    const { event, type, holder, heldOrder } = await soldOut();
    const first = await server.signUpAs();
    const second = await server.signUpAs();
    const outsider = await server.signUpAs();
    expect((await join(first.cookie, event.id, type.id)).position).toBe(1);
    expect((await join(second.cookie, event.id, type.id)).position).toBe(2);

    // The pending order gives its unit up: it goes to the first in line, not back on sale.
    expect((await send('POST', `/api/orders/${heldOrder.id}/cancel`, holder.cookie)).json().status).toBe('cancelled');
    expect(await remainingOf(type.id)).toEqual({ sector: 0, lots: 0 });
    const [offered] = await mine(first.cookie, event.id);
    expect(offered).toMatchObject({ status: 'offered', position: null, offer: { quantity: 1, unitPriceCentavos: 8000 } });
    expect((await mine(second.cookie, event.id))[0]).toMatchObject({ status: 'waiting', position: 1, offer: null });
    const notices = await server.deps.db.select().from(notifications).where(eq(notifications.userId, first.userId));
    expect(notices.map((n) => [n.title, n.actionUrl])).toEqual([['Ingresso disponível na lista de espera', `/event/${event.id}`]]);
    const jobs = await server.deps.db.select().from(outbox);
    const kinds = jobs
      .filter((job) => (job.payload as { notificationId?: string }).notificationId === notices[0].id)
      .map((job) => job.kind)
      .sort();
    expect(kinds).toEqual(['notification_email', 'notification_push', 'notification_whatsapp']);

    // Nobody outside the offer buys it: not from public stock, not with the offer's id.
    expect((await order(outsider.cookie, event.id, type.id, 1)).json().code).toBe('ticket_type_sold_out');
    const stolen = await order(outsider.cookie, event.id, type.id, 1, { waitlistOfferId: offered.offer.id });
    expect([stolen.statusCode, stolen.json().code]).toEqual([403, 'waitlist_offer_not_yours']);
    expect((await order(second.cookie, event.id, type.id, 1, { waitlistOfferId: offered.offer.id })).json().code).toBe(
      'waitlist_offer_not_yours',
    );
    expect((await order(first.cookie, event.id, type.id, 2, { waitlistOfferId: offered.offer.id })).json().code).toBe(
      'waitlist_offer_mismatch',
    );

    // The offer runs out: the unit goes to the next in line.
    await runWorkerOnce(server.deps, new Date(new Date(offered.offer.expiresAt).getTime() + 1000));
    expect(await remainingOf(type.id)).toEqual({ sector: 0, lots: 0 });
    expect(await mine(first.cookie, event.id)).toEqual([]);
    const late = await order(first.cookie, event.id, type.id, 1, { waitlistOfferId: offered.offer.id });
    expect([late.statusCode, late.json().code]).toEqual([409, 'waitlist_offer_expired']);
    const [next] = await mine(second.cookie, event.id);
    expect(next).toMatchObject({ status: 'offered', offer: { quantity: 1 } });

    // The next in line buys it through the normal sale, once.
    const quote = await send('POST', '/api/orders/quote', second.cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      paymentMethod: 'pix',
      installments: 1,
      waitlistOfferId: next.offer.id,
    });
    expect(quote.json().totalCentavos).toBe(8000);
    const bought = await order(second.cookie, event.id, type.id, 1, { waitlistOfferId: next.offer.id, expectedTotalCentavos: 8000 });
    expect(bought.statusCode).toBe(201);
    expect((await send('POST', `/api/orders/${bought.json().id}/simulate-pix-payment`, second.cookie)).json().status).toBe('completed');
    expect((await order(second.cookie, event.id, type.id, 1, { waitlistOfferId: next.offer.id })).json().code).toBe(
      'waitlist_offer_expired',
    );
    expect(await remainingOf(type.id)).toEqual({ sector: 0, lots: 0 });
    const [used] = await server.deps.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, next.offer.id));
    expect(used).toMatchObject({ status: 'taken', orderId: bought.json().id });
    const entries = await server.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.sectorId, type.id));
    expect(entries.map((e) => [e.userId, e.status]).sort()).toEqual(
      [
        [first.userId, 'expired'],
        [second.userId, 'purchased'],
      ].sort(),
    );
  });

  it('holds an offer 30 minutes on the on-sale day, then puts the unit back on sale when nobody else waits', async () => {
    const { event, type, holder, heldOrder } = await soldOut();
    const person = await server.signUpAs();
    await join(person.cookie, event.id, type.id);
    const before = Date.now();
    await send('POST', `/api/orders/${heldOrder.id}/cancel`, holder.cookie);
    const [offered] = await mine(person.cookie, event.id);
    // The sector has no sales start: it went on sale when it was created, today.
    const held = (new Date(offered.offer.expiresAt).getTime() - before) / 60_000;
    expect(held).toBeGreaterThan(29);
    expect(held).toBeLessThan(31);
    expect(await expireWaitlistOffers(server.deps.db, new Date(offered.offer.expiresAt))).toBe(1);
    expect(await remainingOf(type.id)).toEqual({ sector: 1, lots: 1 });
    expect((await order(holder.cookie, event.id, type.id, 1)).statusCode).toBe(201);
  });

  it('shares several freed units in join order, each person up to what they wanted', async () => {
    const { event, type, holder, heldOrder } = await soldOut(3);
    const people = [await server.signUpAs(), await server.signUpAs(), await server.signUpAs()];
    await join(people[0].cookie, event.id, type.id, 2);
    await join(people[1].cookie, event.id, type.id, 2);
    await join(people[2].cookie, event.id, type.id, 1);
    await send('POST', `/api/orders/${heldOrder.id}/cancel`, holder.cookie);
    const offers = await Promise.all(people.map(async (p) => (await mine(p.cookie, event.id))[0]));
    expect(offers.map((entry) => entry.offer?.quantity ?? null)).toEqual([2, 1, null]);
    expect(offers[2].position).toBe(1);
    // Buying one of two frees the other for the next in line at once.
    expect((await order(people[0].cookie, event.id, type.id, 1, { waitlistOfferId: offers[0].offer.id })).statusCode).toBe(201);
    expect((await mine(people[2].cookie, event.id))[0]).toMatchObject({ status: 'offered', offer: { quantity: 1 } });
    expect(await remainingOf(type.id)).toEqual({ sector: 0, lots: 0 });
  });

  it('holds an offer for the minutes the organizer set, and 12 hours by default outside the on-sale day', async () => {
    const { event, type, holder, heldOrder } = await soldOut(2);
    await server.deps.db
      .update(sectors)
      .set({ salesStartAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sectors.id, type.id));
    const person = await server.signUpAs();
    await join(person.cookie, event.id, type.id);
    const before = Date.now();
    const cancelled = await send('POST', `/api/orders/${heldOrder.id}/cancel`, holder.cookie);
    expect(cancelled.statusCode).toBe(200);
    const [offered] = await mine(person.cookie, event.id);
    const held = (new Date(offered.offer.expiresAt).getTime() - before) / 60_000;
    expect(held).toBeGreaterThan(719);
    expect(held).toBeLessThan(721);

    const set = await send('PUT', `/api/admin/events/${event.id}/waitlist`, admin.cookie, { offerMinutes: 45 });
    expect(set.json().offerMinutes).toBe(45);
    const [stored] = await server.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(stored.waitlistOfferMinutes).toBe(45);
    expect((await send('PUT', `/api/admin/events/${event.id}/waitlist`, admin.cookie, { offerMinutes: 2 })).statusCode).toBe(400);
    expect(
      (await send('PUT', `/api/admin/events/${event.id}/waitlist`, (await server.signUpAs()).cookie, { offerMinutes: 45 })).statusCode,
    ).toBe(403);
  });

  it('shows the organizer the demand per sector', async () => {
    const { event, type, holder, heldOrder } = await soldOut();
    const people = [await server.signUpAs(), await server.signUpAs()];
    await join(people[0].cookie, event.id, type.id, 2);
    await join(people[1].cookie, event.id, type.id, 3);
    let demand = (await send('GET', `/api/admin/events/${event.id}/waitlist`, admin.cookie)).json();
    expect(demand).toEqual({
      offerMinutes: null,
      sectors: [{ sectorId: type.id, name: 'Pista', waitingPeople: 2, waitingUnits: 5, openOffers: 0, offeredUnits: 0, purchased: 0 }],
    });
    await send('POST', `/api/orders/${heldOrder.id}/cancel`, holder.cookie);
    demand = (await send('GET', `/api/admin/events/${event.id}/waitlist`, admin.cookie)).json();
    expect(demand.sectors[0]).toMatchObject({ waitingPeople: 1, waitingUnits: 3, openOffers: 1, offeredUnits: 1 });
  });

  it('offers the unit a refund returns to the first in line', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 1 }]);
    const owner = await server.signUpAs();
    const placed = (await order(owner.cookie, event.id, type.id, 1)).json();
    expect((await send('POST', `/api/orders/${placed.id}/simulate-pix-payment`, owner.cookie)).json().status).toBe('completed');
    const person = await server.signUpAs();
    await join(person.cookie, event.id, type.id);
    const requested = await send('POST', '/api/refunds', owner.cookie, { orderId: placed.id, reason: 'Não vou conseguir ir' });
    expect(requested.statusCode).toBe(201);
    expect((await send('POST', `/api/admin/refunds/${requested.json().id}/approve`, admin.cookie, {})).statusCode).toBe(200);
    expect(await remainingOf(type.id)).toEqual({ sector: 0, lots: 0 });
    expect((await mine(person.cookie, event.id))[0]).toMatchObject({ status: 'offered', offer: { quantity: 1 } });
  });

  it('never lets freed units reach the public while people wait, with releases and purchases racing', async () => {
    const units = 5;
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: units }]);
    const holders = await Promise.all(Array.from({ length: units }, () => server.signUpAs()));
    const held = [];
    for (const holder of holders) held.push({ holder, order: (await order(holder.cookie, event.id, type.id, 1)).json() });
    const waiting = [await server.signUpAs(), await server.signUpAs(), await server.signUpAs()];
    for (const person of waiting) await join(person.cookie, event.id, type.id);
    const outsiders = await Promise.all(Array.from({ length: 6 }, () => server.signUpAs()));

    const [releases, buys] = await Promise.all([
      Promise.all(held.map(({ holder, order: o }) => send('POST', `/api/orders/${o.id}/cancel`, holder.cookie))),
      Promise.all(outsiders.map((outsider) => order(outsider.cookie, event.id, type.id, 1))),
    ]);
    expect(releases.every((r) => r.statusCode === 200)).toBe(true);
    const offers = await server.deps.db.select().from(waitlistOffers).where(eq(waitlistOffers.sectorId, type.id));
    // Each waiting person got one unit, and only what nobody waited for could be bought by the public.
    expect(offers.map((o) => o.userId).sort()).toEqual(waiting.map((p) => p.userId).sort());
    expect(offers.every((o) => o.quantity === 1 && o.status === 'open')).toBe(true);
    const sold = buys.filter((b) => b.statusCode === 201).length;
    expect(sold).toBeLessThanOrEqual(units - waiting.length);
    const remaining = await remainingOf(type.id);
    expect(remaining.sector).toBe(remaining.lots);
    expect(remaining.sector + sold + offers.length).toBe(units);
  });

  it('passes a turned-down offer to the next in line at once', async () => {
    const { event, type, holder, heldOrder } = await soldOut();
    const first = await server.signUpAs();
    const second = await server.signUpAs();
    await join(first.cookie, event.id, type.id);
    await join(second.cookie, event.id, type.id);
    await send('POST', `/api/orders/${heldOrder.id}/cancel`, holder.cookie);
    const [offered] = await mine(first.cookie, event.id);
    expect((await send('DELETE', `/api/waitlist/${offered.id}`, second.cookie)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/waitlist/${offered.id}`, first.cookie)).statusCode).toBe(204);
    expect(await mine(first.cookie, event.id)).toEqual([]);
    expect((await mine(second.cookie, event.id))[0]).toMatchObject({ status: 'offered', offer: { quantity: 1 } });
    expect(await remainingOf(type.id)).toEqual({ sector: 0, lots: 0 });
    expect((await order(first.cookie, event.id, type.id, 1, { waitlistOfferId: offered.offer.id })).json().code).toBe(
      'waitlist_offer_expired',
    );
  });

  it("sells an offer without a turn in the event's waiting room, which still holds everyone else", async () => {
    const { event, type, holder, heldOrder } = await soldOut();
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const room = await send('PUT', `/api/admin/events/${event.id}/waiting-room`, admin.cookie, {
      enabled: true,
      opensAt: minutes(-10),
      onSaleAt: minutes(-5),
      ratePerMinute: 600,
      maxInside: 500,
    });
    expect(room.statusCode).toBe(200);
    const person = await server.signUpAs();
    await join(person.cookie, event.id, type.id);
    await send('POST', `/api/orders/${heldOrder.id}/cancel`, holder.cookie);
    const [offered] = await mine(person.cookie, event.id);
    expect((await order(holder.cookie, event.id, type.id, 1)).json().code).toBe('waiting_room_pass_required');
    const bought = await order(person.cookie, event.id, type.id, 1, { waitlistOfferId: offered.offer.id });
    expect(bought.statusCode).toBe(201);
  });

  it('offers no unit freed from the meia-entrada reserve while it lasts, a full-price unit freed at once, and a meia freed after its release time', async () => {
    // 30 days ahead: 10 units, a reserve of 4; 6 full-price units and 4 meias held.
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { daysAhead: 30, meiaEntrada: true });
    const full = [];
    for (let n = 0; n < 6; n++) {
      const someone = await server.signUpAs();
      full.push({ someone, order: (await order(someone.cookie, event.id, type.id, 1)).json() });
    }
    const meias = [];
    for (const cpf of ['11144477735', '39053344705', '86288366757', '71428793860']) {
      const someone = await server.signUpAs();
      const placed = await send('POST', '/api/orders', someone.cookie, {
        eventId: event.id,
        buyer,
        paymentMethod: 'pix',
        installments: 1,
        items: [
          {
            sectorId: type.id,
            quantity: 1,
            concession: 'student',
            holder: { name: 'Bia Souza', cpf, birthDate: '2004-05-10', documentNumber: 'CIE-1' },
          },
        ],
      });
      expect(placed.statusCode).toBe(201);
      meias.push({ someone, order: placed.json() });
    }
    const first = await server.signUpAs();
    const second = await server.signUpAs();
    await join(first.cookie, event.id, type.id);
    await join(second.cookie, event.id, type.id);

    // A meia given up goes back to the reserve: no full-price offer, and it stays on sale for a meia.
    expect((await send('POST', `/api/orders/${meias[0].order.id}/cancel`, meias[0].someone.cookie)).statusCode).toBe(200);
    expect(await server.deps.db.select().from(waitlistOffers).where(eq(waitlistOffers.sectorId, type.id))).toEqual([]);
    expect(await remainingOf(type.id)).toEqual({ sector: 1, lots: 1 });
    expect((await order(first.cookie, event.id, type.id, 1)).json().code).toBe('full_price_sold_out');

    // A full-price unit given up is offered to the first in line.
    expect((await send('POST', `/api/orders/${full[0].order.id}/cancel`, full[0].someone.cookie)).statusCode).toBe(200);
    expect((await mine(first.cookie, event.id))[0]).toMatchObject({ status: 'offered', offer: { quantity: 1, unitPriceCentavos: 8000 } });
    expect(await remainingOf(type.id)).toEqual({ sector: 1, lots: 1 });

    // After the reserve's release time a meia given up is a full-price unit like any other.
    const released = new Date(reserveReleaseAt({ date: event.date, startTime: event.startTime }, 10).getTime() + 60_000);
    expect(await releaseOrder(server.deps.db, meias[1].order.id, 'cancelled', released)).toBe(true);
    expect((await mine(second.cookie, event.id))[0]).toMatchObject({ status: 'offered', offer: { quantity: 1 } });
    expect(await remainingOf(type.id)).toEqual({ sector: 1, lots: 1 });
  });

  it('lets a person join only a sold-out sector, once, and leave it', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    const person = await server.signUpAs();
    const open = await send('POST', `/api/events/${event.id}/waitlist`, person.cookie, { sectorId: type.id, quantity: 1 });
    expect([open.statusCode, open.json().code]).toEqual([409, 'waitlist_not_sold_out']);

    const { event: full, type: fullType } = await soldOut();
    const entry = await join(person.cookie, full.id, fullType.id, 2);
    const again = await send('POST', `/api/events/${full.id}/waitlist`, person.cookie, { sectorId: fullType.id, quantity: 1 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'waitlist_already_joined']);
    expect((await send('DELETE', `/api/waitlist/${entry.id}`, (await server.signUpAs()).cookie)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/waitlist/${entry.id}`, person.cookie)).statusCode).toBe(204);
    expect(await mine(person.cookie, full.id)).toEqual([]);
    const [left] = await server.deps.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, entry.id)));
    expect(left.status).toBe('left');
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `/api/events/${full.id}/waitlist`,
          payload: { sectorId: fullType.id, quantity: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
