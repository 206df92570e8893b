import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { events, notifications, orders, outbox, scheduledNotices, tickets, userNotificationSettings } from '../../src/server/db/schema';
import { notifyUser } from '../../src/server/services/notifications/notify-user';
import { recipientTag } from '../../src/server/lib/local-outbox';
import { runWorkerOnce } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

/** The WhatsApp texts the sender wrote to the local outbox folder for `e164`, oldest first. */
function whatsappTexts(e164: string): string[] {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith(`${recipientTag(e164)}.whatsapp.txt`))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

async function buyAndPay(cookie: string, quantity = 2, daysAhead = 10) {
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }], {
    daysAhead,
    title: `Festa ${Math.random().toString(36).slice(2, 7)}`,
  });
  const placed = await call('POST', '/api/orders', cookie, {
    eventId: event.id,
    items: [{ sectorId: type.id, quantity }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
  });
  const order = placed.json();
  await call('POST', `/api/orders/${order.id}/simulate-pix-payment`, cookie);
  return { event, order };
}

describe('the notification panel API', () => {
  it('lists the newest 50 with the unread count, marks one, marks all, deletes, each only for its owner', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    for (let i = 0; i < 55; i++) {
      await server.deps.db.insert(notifications).values({
        userId: ana.userId,
        type: 'promotion',
        title: `Aviso ${i}`,
        message: 'Texto',
        createdAt: new Date(Date.now() - (55 - i) * 1000),
      });
    }
    const listed = (await call('GET', '/api/notifications', ana.cookie)).json();
    expect(listed.notifications).toHaveLength(50);
    expect(listed.notifications[0].title).toBe('Aviso 54');
    expect(listed.unreadCount).toBe(55);

    const first = listed.notifications[0].id;
    expect((await call('POST', `/api/notifications/${first}/read`, bia.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/${first}`, bia.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${first}/read`, ana.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/notifications', ana.cookie)).json().unreadCount).toBe(54);
    expect((await call('POST', '/api/notifications/read-all', bia.cookie)).json()).toEqual({ marked: 0 });
    expect((await call('GET', '/api/notifications', ana.cookie)).json().unreadCount).toBe(54);
    expect((await call('POST', '/api/notifications/read-all', ana.cookie)).json()).toEqual({ marked: 54 });
    expect((await call('DELETE', `/api/notifications/${first}`, ana.cookie)).statusCode).toBe(204);
    const after = (await call('GET', '/api/notifications', ana.cookie)).json();
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.find((n: { id: string }) => n.id === first)).toBeUndefined();
    expect((await call('GET', '/api/notifications', null)).statusCode).toBe(401);
  });
});

describe('live notifications', () => {
  it('reaches an open event stream the moment the transaction commits', async () => {
    const person = await server.signUpAs();
    const other = await server.signUpAs();
    const received: string[] = [];
    const request = http.get(`${baseUrl}/api/live`, { headers: { cookie: person.cookie } });
    const ready = new Promise<void>((resolve, reject) => {
      request.on('response', (response) => {
        expect(response.headers['content-type']).toContain('text/event-stream');
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received.push(chunk);
          if (chunk.includes('event: ready')) resolve();
        });
      });
      request.on('error', reject);
    });
    await ready;
    await server.deps.db.transaction((tx) =>
      notifyUser(
        tx,
        { userId: other.userId, type: 'event', title: 'Para outra pessoa', message: '...', actionUrl: null, channels: [] },
        new Date(),
      ),
    );
    await server.deps.db.transaction((tx) =>
      notifyUser(
        tx,
        { userId: person.userId, type: 'event', title: 'Olá', message: 'Chegou', actionUrl: '/tickets', channels: [] },
        new Date(),
      ),
    );
    await expect.poll(() => received.join('').match(/event: notifications/g)?.length ?? 0, { timeout: 5000 }).toBe(1);
    request.destroy();
  });
});

describe('what a purchase sends', () => {
  it('e-mails one inline QR per ticket that decodes to its code, with the event .ics, and notifies in the app', async () => {
    const person = await server.signUpAs();
    const { order } = await buyAndPay(person.cookie, 2);
    server.sentMail.length = 0;
    await runWorkerOnce(server.deps);
    const mail = server.sentMail.find((m) => m.to === buyer.email && m.subject.startsWith('Seus ingressos'));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Meus ingressos');
    const codes = (await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).map((t) => t.code).sort();
    const images = mail!.attachments!.filter((a) => a.contentType === 'image/png');
    expect(images).toHaveLength(2);
    const decoded = images
      .map((image) => {
        expect(mail!.html).toContain(`cid:${image.cid}`);
        const png = PNG.sync.read(image.content);
        return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      })
      .sort();
    expect(decoded).toEqual(codes);
    const ics = mail!.attachments!.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.content.toString('utf8')).toContain('BEGIN:VEVENT');

    const listed = (await call('GET', '/api/notifications', person.cookie)).json();
    expect(listed.notifications[0]).toMatchObject({ title: 'Compra confirmada!', type: 'event', actionUrl: '/tickets', read: false });
  });

  it('writes no e-mail when the buyer switched e-mails off, and WhatsApp goes to the outbox folder when on and confirmed', async () => {
    const person = await server.signUpAs();
    const saved = await call('PUT', '/api/me/notification-settings', person.cookie, {
      emailNotifications: false,
      pushNotifications: false,
      whatsappNotifications: true,
      whatsappNumber: '(47) 99123-4567',
      geolocationEnabled: false,
    });
    expect(saved.json().whatsappNumber).toBe('(47) 99123-4567');
    const [stored] = await server.deps.db.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, person.userId));
    expect(stored.whatsappNumber).toBe('+5547991234567');
    // The number is confirmed with the code sent to it first (whatsapp-confirmation.test.ts).
    await runWorkerOnce(server.deps);
    const code = /é (\d{6})\./.exec(whatsappTexts('+5547991234567').at(-1) ?? '')?.[1];
    expect((await call('POST', '/api/me/notification-settings/whatsapp/confirm', person.cookie, { code })).json().whatsappConfirmed).toBe(
      true,
    );
    const { event } = await buyAndPay(person.cookie, 1);
    server.sentMail.length = 0;
    await runWorkerOnce(server.deps);
    expect(server.sentMail.filter((m) => m.to === buyer.email)).toHaveLength(0);
    const jobs = await server.deps.db.select().from(outbox).where(eq(outbox.kind, 'notification_whatsapp'));
    expect(jobs.some((j) => j.doneAt !== null)).toBe(true);
    expect(whatsappTexts('+5547991234567').some((text) => text.includes('*Compra confirmada!*') && text.includes(event.title))).toBe(true);
  });
});

/**
 * An event with a 10 % service fee, passed on to the buyer or absorbed by the organizer, where the
 * buyer pays for 2 tickets at R$ 600,05 by PIX; returns the purchase e-mail the worker then sends.
 */
async function paidWithFee(cookie: string, serviceFeeAbsorbed: boolean) {
  const title = `Baile de Sexta ${Math.random().toString(36).slice(2, 7)}`;
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 60005, remaining: 20 }], { title });
  await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000, serviceFeeAbsorbed }).where(eq(events.id, event.id));
  const placed = await call('POST', '/api/orders', cookie, {
    eventId: event.id,
    items: [{ sectorId: type.id, quantity: 2 }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  expect((await call('POST', `/api/orders/${order.id}/simulate-pix-payment`, cookie)).statusCode).toBe(200);
  server.sentMail.length = 0;
  await runWorkerOnce(server.deps);
  const mails = server.sentMail.filter((m) => m.to === buyer.email && m.subject === `Seus ingressos: ${title}`);
  expect(mails).toHaveLength(1);
  const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
  return { mail: mails[0], row };
}

describe('the service fee in the purchase e-mail', () => {
  it('itemises the fee passed on to the buyer in reais, with the total that includes it', async () => {
    const person = await server.signUpAs();
    const { mail, row } = await paidWithFee(person.cookie, false);
    // 60005 -> fee 6000,5 rounded half up to 6001 per ticket.
    expect([row.status, row.totalCentavos, row.feeCentavos, row.absorbedFeeCentavos]).toEqual(['completed', 132012, 12002, 0]);
    const amounts = 'Ingressos: R$ 1.200,10 + taxa de serviço: R$ 120,02. Total: R$ 1.320,12.';
    expect(mail.text).toContain(`2 ingressos. ${amounts}`);
    expect(mail.html).toContain(amounts);
  });

  it('has no fee line when the organizer absorbs the fee, and the total is the tickets alone', async () => {
    const person = await server.signUpAs();
    const { mail, row } = await paidWithFee(person.cookie, true);
    // The fee exists, on the organizer's side only.
    expect([row.status, row.totalCentavos, row.feeCentavos, row.absorbedFeeCentavos]).toEqual(['completed', 120010, 0, 12002]);
    expect(mail.text).toContain('2 ingressos. Total: R$ 1.200,10.');
    expect(mail.html).toContain('2 ingressos. Total: R$ 1.200,10.');
    expect(mail.text).not.toMatch(/taxa de serviço/i);
    expect(mail.html).not.toMatch(/taxa de serviço/i);
    expect(mail.text).not.toContain('120,02');
  });
});

describe('scheduled notices', () => {
  it('reminds each ticket holder once, however many rounds run', async () => {
    const person = await server.signUpAs();
    const { event } = await buyAndPay(person.cookie, 2, 1);
    // Twelve hours before the event starts (20:00 in São Paulo, UTC-3), whatever the time of the run.
    const startsAt = new Date(`${event.date}T20:00:00-03:00`);
    const meiaADayBefore = new Date(startsAt.getTime() - 12 * 3_600_000);
    await runWorkerOnce(server.deps, meiaADayBefore);
    await runWorkerOnce(server.deps, meiaADayBefore);
    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, person.userId));
    const reminders = told.filter((n) => n.title.includes(event.title) && n.title !== 'Compra confirmada!');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].title).toBe(`Amanhã tem ${event.title}`);
    const keys = await server.deps.db.select().from(scheduledNotices);
    expect(keys.filter((k) => k.key.includes(event.id))).toHaveLength(1);
  });
});
