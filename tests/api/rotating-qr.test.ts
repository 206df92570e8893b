import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkIns, events, tickets } from '../../src/server/db/schema';
import type { CheckInResult, DoorOfflineData, DoorSyncResult, MyOrderTickets } from '../../src/shared/schemas/tickets';
import { rotatingQrPayload } from '../../src/shared/rotating-qr';
import { decideOffline, hashTicketCode } from '../../src/web/features/door/lib/offline-decision';
import { openDoorNow } from '../support/door';
import { sendOrderEmail } from '../../src/server/services/notifications/send-order-email';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// Tickets a screenshot cannot copy (docs/rules/door.md 'Rotating QR'): an event's QR rotates every 30 s,
// and the door, online and offline, admits only a fresh code, once.

let server: TestServer;
let validatorCookie: string;
beforeAll(async () => {
  server = await startTestServer();
  validatorCookie = (await server.signUpAs(['validator'])).cookie;
});
afterAll(async () => {
  await server?.stop();
});

async function rotatingTicket() {
  const { cookie } = await server.signUpAs();
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { title: `Rotativo ${randomUUID().slice(0, 6)}` });
  await server.deps.db.update(events).set({ rotatingQr: true }).where(eq(events.id, event.id));
  await openDoorNow(server, event.id);
  const placed = await server.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { eventId: event.id, items: [{ sectorId: type.id, quantity: 2 }], buyer, paymentMethod: 'pix' },
  });
  expect(placed.statusCode).toBe(201);
  await server.app.inject({ method: 'POST', url: `/api/orders/${placed.json().id}/simulate-pix-payment`, headers: { cookie } });
  const mine = (await server.app.inject({ method: 'GET', url: '/api/tickets', headers: { cookie } })).json().orders as MyOrderTickets[];
  const shown = mine.find((o) => o.event.id === event.id)!.tickets;
  return { eventId: event.id, shown };
}

const scan = async (code: string, eventId: string): Promise<CheckInResult> =>
  (
    await server.app.inject({ method: 'POST', url: '/api/check-ins', headers: { cookie: validatorCookie }, payload: { code, eventId } })
  ).json();

describe('rotating QR', () => {
  it('gives the holder the secret, and admits at the door only a fresh code, once', async () => {
    const { eventId, shown } = await rotatingTicket();
    const [first, second] = shown;
    expect(first.code).toBeTruthy();
    expect(first.rotationSecret).toMatch(/^[A-Z2-7]+$/);
    expect(first.rotationSecret).not.toBe(second.rotationSecret);

    // The plain code (a printed or typed copy), a code of two minutes ago, a code of the other ticket's secret.
    const plain = await scan(first.code!, eventId);
    expect(plain).toMatchObject({ accepted: false, reason: 'qr_expired', message: 'QR expirado: peça para abrir o ingresso no app' });
    const old = await scan(rotatingQrPayload(first.code!, first.rotationSecret!, new Date(Date.now() - 120_000)), eventId);
    expect(old).toMatchObject({ accepted: false, reason: 'qr_expired' });
    const wrongStep = await scan(rotatingQrPayload(first.code!, second.rotationSecret!, new Date()), eventId);
    expect(wrongStep).toMatchObject({ accepted: false, reason: 'qr_expired' });
    const [row] = await server.deps.db.select().from(tickets).where(eq(tickets.id, first.id));
    expect(row.checkedInAt).toBeNull();

    const fresh = rotatingQrPayload(first.code!, first.rotationSecret!);
    expect(await scan(fresh, eventId)).toMatchObject({ accepted: true });
    expect(await scan(rotatingQrPayload(first.code!, first.rotationSecret!), eventId)).toMatchObject({
      accepted: false,
      reason: 'already_used',
    });
    const accepted = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, first.id));
    expect(accepted.filter((c) => c.accepted)).toHaveLength(1);

    // The purchase e-mail carries no code that could be copied: it sends the buyer to the app.
    const [ticketRow] = await server.deps.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, first.id));
    server.sentMail.length = 0;
    expect(await sendOrderEmail(server.deps, server.deps.db, ticketRow.orderId, new Date())).toBe('sent');
    const [mail] = server.sentMail;
    expect(mail.text).toContain('Neste evento o QR code muda a cada 30 segundos e só vale aberto no app');
    expect(mail.text).not.toContain(first.code!);
    expect(mail.html).not.toContain(first.code!);
    expect(mail.attachments?.map((a) => a.filename)).toEqual(['evento.ics']);
  });

  it('lets the offline door check the code with the list, and refuses a stale code admitted offline at the sync', async () => {
    const { eventId, shown } = await rotatingTicket();
    const [first, second] = shown;
    const list: DoorOfflineData = (
      await server.app.inject({ method: 'GET', url: `/api/door/events/${eventId}/offline-data`, headers: { cookie: validatorCookie } })
    ).json();
    expect(list.event.rotatingQr).toBe(true);
    const now = new Date();
    const entry = (code: string) => list.tickets.find((t) => t.hash === code);
    const firstEntry = entry(hashTicketCode(first.code!))!;
    expect(firstEntry.rotationSecret).toBe(first.rotationSecret);

    expect(decideOffline(firstEntry, list, undefined, now, false, null)).toMatchObject({ accepted: false, reason: 'qr_expired' });
    const staleOtp = rotatingQrPayload(first.code!, first.rotationSecret!, new Date(now.getTime() - 120_000)).split('~')[1];
    expect(decideOffline(firstEntry, list, undefined, now, false, staleOtp)).toMatchObject({ accepted: false, reason: 'qr_expired' });
    const freshOtp = rotatingQrPayload(first.code!, first.rotationSecret!, now).split('~')[1];
    expect(decideOffline(firstEntry, list, undefined, now, false, freshOtp)).toMatchObject({ accepted: true });

    // Synced: the fresh one is the entry; a stale one a device let in anyway is a conflict that burns nothing.
    const synced: DoorSyncResult = (
      await server.app.inject({
        method: 'POST',
        url: '/api/door/sync',
        headers: { cookie: validatorCookie },
        payload: {
          deviceId: 'aparelho-rotativo',
          scans: [
            { nonce: randomUUID(), code: `${first.code}~${freshOtp}`, eventId, scannedAt: now.toISOString(), accepted: true },
            {
              nonce: randomUUID(),
              code: rotatingQrPayload(second.code!, second.rotationSecret!, new Date(now.getTime() - 120_000)),
              eventId,
              scannedAt: now.toISOString(),
              accepted: true,
            },
          ],
        },
      })
    ).json();
    expect(synced.results.map((r) => [r.outcome, r.reason])).toEqual([
      ['admitted', null],
      ['conflict', 'qr_expired'],
    ]);
    const [secondRow] = await server.deps.db.select().from(tickets).where(eq(tickets.id, second.id));
    expect(secondRow.checkedInAt).toBeNull();
  });
});
