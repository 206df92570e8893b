import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sectors, tickets } from '../../src/server/db/schema';
import { issueCourtesies, placeOrder } from '../../src/server/services/payments/checkout';
import { releaseOrder } from '../../src/server/services/orders/release-order';
import { confirmPayment } from '../../src/server/services/payments/confirm-payment';
import type { EventDetail, SectorView } from '../../src/shared/schemas/events';
import type { CheckInResult } from '../../src/shared/schemas/tickets';
import { openDoorNow } from '../support/door';
import { testCpf } from '../support/cpf';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { systemActor } from '../../src/server/services/audit/record-audit';

// What the event page is told about each sector (get-event.ts sectorView) and the meia-entrada
// counter, in the states a real sale goes through; and the courtesy as the door reads it. The
// page's words for each state are tested in sector-picker.test.tsx.

let server: TestServer;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ userId } = await server.signUpAs());
});
afterAll(async () => {
  await server?.stop();
});

async function eventPage(eventId: string): Promise<EventDetail> {
  const response = await server.app.inject({ method: 'GET', url: `/api/events/${eventId}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const sectorOf = (page: EventDetail, name: string): SectorView => page.sectors.find((t) => t.name === name)!;

describe('the event page: where each sector stands', () => {
  it("tells a sector open, not open yet (with when), closed, its last units held ('Esgotando'), then sold out", async () => {
    const {
      event,
      sectors: [, camarote, vip, lounge],
    } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 8000, remaining: 37 },
      { name: 'Camarote', priceCentavos: 20000, remaining: 10 },
      { name: 'VIP', priceCentavos: 30000, remaining: 10 },
      { name: 'Lounge', priceCentavos: 15000, remaining: 2 },
    ]);
    const opensAt = new Date(Date.now() + 3 * 86_400_000);
    await server.deps.db.update(sectors).set({ salesStartAt: opensAt }).where(eq(sectors.id, camarote.id));
    await server.deps.db
      .update(sectors)
      .set({ salesEndAt: new Date(Date.now() - 60_000) })
      .where(eq(sectors.id, vip.id));

    const before = await eventPage(event.id);
    expect(sectorOf(before, 'Pista')).toMatchObject({ status: 'on_sale', lotName: '1º lote', lotRemaining: 37, opensAt: null });
    expect(sectorOf(before, 'Camarote')).toMatchObject({ status: 'not_open', opensAt: opensAt.toISOString() });
    expect(sectorOf(before, 'VIP')).toMatchObject({ status: 'closed' });
    expect(sectorOf(before, 'Lounge')).toMatchObject({ status: 'on_sale', lotRemaining: 2 });

    // The last two units of the Lounge held by an order waiting for payment: 'Esgotando'.
    const held = await placeOrder(server.deps, userId, {
      eventId: event.id,
      items: [{ sectorId: lounge.id, quantity: 2 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(sectorOf(await eventPage(event.id), 'Lounge')).toMatchObject({ status: 'selling_out', remaining: 0 });
    // The hold lapses: on sale again, its two units back.
    await releaseOrder(server.deps.db, held.id, 'expired', new Date());
    expect(sectorOf(await eventPage(event.id), 'Lounge')).toMatchObject({ status: 'on_sale', lotRemaining: 2 });
    // Bought for good: sold out.
    const paid = await placeOrder(server.deps, userId, {
      eventId: event.id,
      items: [{ sectorId: lounge.id, quantity: 2 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    await confirmPayment(server.deps, { orderId: paid.id }, new Date());
    expect(sectorOf(await eventPage(event.id), 'Lounge')).toMatchObject({ status: 'sold_out', remaining: 0 });
    // The other sectors did not move.
    expect(sectorOf(await eventPage(event.id), 'Pista')).toMatchObject({ status: 'on_sale', lotRemaining: 37 });
  });

  it("counts the meia-entrada reserve down to 'esgotada' as half-price tickets sell", async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }], { meiaEntrada: true });
    // 40 % of 5, rounded up: 2.
    expect((await eventPage(event.id)).meia).toEqual({ available: 2, reserve: 2 });
    for (const i of [1, 2]) {
      await placeOrder(server.deps, userId, {
        eventId: event.id,
        items: [
          {
            sectorId: pista.id,
            quantity: 1,
            concession: 'student',
            holder: { name: `Estudante ${i}`, cpf: testCpf(900 + i), birthDate: '2004-05-10', documentNumber: `CIE-${i}` },
          },
        ],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      });
    }
    const page = await eventPage(event.id);
    expect(page.meia).toEqual({ available: 0, reserve: 2 });
    expect(sectorOf(page, 'Pista')).toMatchObject({ meiaAvailable: 0, fullAvailable: 3 });
  });
});

describe('a courtesy at the door', () => {
  it("is admitted marked 'Cortesia', with its holder's name", async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { daysAhead: 12 });
    await openDoorNow(server, event.id);
    const admin = await server.signUpAs(['admin']);
    await issueCourtesies(
      server.deps,
      admin.userId,
      event.id,
      {
        sectorId: pista.id,
        recipients: [{ name: 'Clara Convidada', email: 'clara.convidada@exemplo.com.br' }],
      },
      systemActor,
    );
    const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.eventId, event.id));
    const validator = await server.signUpAs(['validator']);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/check-ins',
      headers: { cookie: validator.cookie },
      payload: { code: ticket.code, eventId: event.id },
    });
    const result: CheckInResult = response.json();
    expect(result).toMatchObject({
      accepted: true,
      sectorName: 'Pista · Cortesia',
      holderName: 'Clara Convidada',
      documentCheck: null,
    });
  });
});
