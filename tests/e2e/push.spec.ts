import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, globalAgent, type Server } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { and, eq, gt, ilike } from 'drizzle-orm';
import { events, pushSubscriptions, ticketLots, sectors, userNotificationSettings } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, signInWithForm } from '../support/people';

// web-push's own decryption counterpart (RFC 8188 aes128gcm), the package it encrypts with.
const ece = createRequire(createRequire(import.meta.url).resolve('web-push'))('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let app: RunningApp;
let browser: Browser;
let pushService: Server;
let pushServiceUrl: string;
let certDir: string;
const received: ReceivedPush[] = [];

/**
 * A push service on this machine: web-push speaks only HTTPS, so it listens with a certificate
 * made for the test, which this process (where the app's worker runs) is told to trust.
 */
async function startPushService() {
  certDir = mkdtempSync(join(tmpdir(), 'nl-push-'));
  const key = join(certDir, 'key.pem');
  const cert = join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  globalAgent.options.ca = [readFileSync(cert)];
  pushService = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const { port } = pushService.address() as { port: number };
  pushServiceUrl = `https://127.0.0.1:${port}`;
}

beforeAll(async () => {
  await startPushService();
  // The app calls only the browsers' push services, and the origins it is told to trust.
  app = await startApp({ PUSH_TRUSTED_ORIGINS: pushServiceUrl });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  pushService?.close();
  delete globalAgent.options.ca;
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** The browser side of one device's subscription: a P-256 key pair and an auth secret, as a browser makes them. */
function makeDeviceKeys(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    endpoint: `${pushServiceUrl}${path}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * Headless Chromium has no push service without network (and none at all in a fresh context), so
 * PushManager.subscribe would fail: the page gets a subscription made of the keys above instead.
 * Everything else is the app's: the permission, the real service worker's registration, the
 * POST to the server and the saved setting.
 */
async function giveBrowserPushService(context: BrowserContext, device: ReturnType<typeof makeDeviceKeys>) {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      let current: unknown = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer).slice().buffer;
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key },
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        current = subscription;
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    },
    { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
  );
}

async function paidSector() {
  const [row] = await app.deps.db
    .select({ eventId: events.id, sectorId: sectors.id, eventTitle: events.title })
    .from(sectors)
    .innerJoin(events, eq(events.id, sectors.eventId))
    .innerJoin(ticketLots, and(eq(ticketLots.sectorId, sectors.id), eq(ticketLots.position, 1)))
    .where(and(ilike(events.title, '%Techno All Night%'), gt(ticketLots.priceCentavos, 0), gt(sectors.remaining, 4)));
  if (!row) throw new Error('the demo data lost Techno All Night');
  return row;
}

async function buyOneTicket(context: BrowserContext) {
  const { eventId, sectorId } = await paidSector();
  const placed = await context.request.post('/api/orders', {
    data: {
      eventId,
      items: [{ sectorId, quantity: 1 }],
      buyer: { name: 'Comprador de Teste', email: 'comprador@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).id as string;
  const paid = await context.request.post(`/api/orders/${orderId}/simulate-pix-payment`, { data: {} });
  expect((await paid.json()).status).toBe('completed');
}

const pushSwitch = (page: Page) => page.getByRole('switch', { name: 'Notificações push' });

async function subscriptionsOf(userId: string) {
  return app.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

async function pushSettingOf(userId: string) {
  const [row] = await app.deps.db.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, userId));
  return row?.pushNotifications ?? false;
}

describe('push notifications', () => {
  it('the switch subscribes through the service worker, the server pushes a payload that decrypts to the title, the worker shows it, and switching off or signing out forgets the device', async () => {
    const context = await newContext(browser, desktop, app.baseUrl);
    await context.grantPermissions(['notifications'], { origin: app.baseUrl });
    const device = makeDeviceKeys('/push/dispositivo-1');
    await giveBrowserPushService(context, device);
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Bruno Tanaka Alves', emailPrefix: 'push' });
    await signInWithForm(page, buyer.email, buyer.password, '/settings');
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // On: permission, subscription through the service worker's registration, POST, setting saved.
    await poll(() => pushSwitch(page).isEnabled()).toBe(true);
    expect(await pushSwitch(page).getAttribute('aria-checked')).toBe('false');
    await pushSwitch(page).click();
    await poll(() => page.getByText('Notificações ativadas!').isVisible()).toBe(true);
    await poll(() => pushSwitch(page).getAttribute('aria-checked')).toBe('true');
    const [stored] = await subscriptionsOf(buyer.id);
    expect(stored).toMatchObject({ endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth });
    expect(await pushSettingOf(buyer.id)).toBe(true);

    // A purchase: the worker pushes through web-push to the device's push service.
    await buyOneTicket(context);
    await poll(() => received.filter((r) => r.path === '/push/dispositivo-1').length).toBe(1);
    const push = received.find((r) => r.path === '/push/dispositivo-1')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(push.body.includes(Buffer.from('Compra confirmada!'))).toBe(false);
    const payload = JSON.parse(
      ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'),
    );
    const { eventTitle } = await paidSector();
    expect(payload).toEqual({
      title: 'Compra confirmada!',
      body: expect.stringContaining(`1 ingresso para ${eventTitle}.`),
      url: '/tickets',
    });

    // The service worker shows that message as a system notification that opens /tickets.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${app.baseUrl}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.baseUrl,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          url: (n.data as { url: string }).url,
        }));
      });
    await poll(shown).toEqual([
      { title: 'Compra confirmada!', body: payload.body, icon: `${app.baseUrl}/icons/icon-192.png`, url: '/tickets' },
    ]);

    // Off: the device's subscription is deleted on the server and the setting saved.
    await pushSwitch(page).click();
    await poll(() => pushSwitch(page).getAttribute('aria-checked')).toBe('false');
    await poll(() => subscriptionsOf(buyer.id).then((rows) => rows.length)).toBe(0);
    expect(await pushSettingOf(buyer.id)).toBe(false);

    // On again, then 'Sair da conta': the service worker deletes the subscription before the session ends.
    await pushSwitch(page).click();
    await poll(() => subscriptionsOf(buyer.id).then((rows) => rows.length)).toBe(1);
    const [worker] = context.serviceWorkers();
    await worker.evaluate((endpoint) => {
      // The same stand-in push service as the page's, inside the service worker.
      PushManager.prototype.getSubscription = async () => ({ endpoint, unsubscribe: async () => true }) as unknown as PushSubscription;
    }, device.endpoint);
    // Sent by the service worker itself, so it is the context's request, not the page's.
    const deleted = context.waitForEvent('request', {
      predicate: (request) => request.method() === 'DELETE' && request.url().endsWith('/api/push/subscriptions'),
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Sair da conta' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await deleted).serviceWorker()).not.toBeNull();
    await poll(() => subscriptionsOf(buyer.id).then((rows) => rows.length)).toBe(0);
    // The setting stays on for the account: the next device it signs in on asks again.
    expect(await pushSettingOf(buyer.id)).toBe(true);
    await context.close();
  });

  it('tells why push cannot be switched on: permission refused, or a browser without push', async () => {
    const buyer = await createBuyer(app, { fullName: 'Carla Menezes Rocha', emailPrefix: 'push-negado' });

    const refused = await newContext(browser, phone, app.baseUrl);
    const refusedPage = await refused.newPage();
    await signInWithForm(refusedPage, buyer.email, buyer.password, '/settings');
    await refusedPage.evaluate(() => {
      // What the browser answers after the person clicked 'Bloquear'.
      Notification.requestPermission = async () => 'denied';
    });
    await poll(() => pushSwitch(refusedPage).isEnabled()).toBe(true);
    await pushSwitch(refusedPage).click();
    await poll(() => refusedPage.getByText('Permissão de notificação negada').isVisible()).toBe(true);
    expect(await pushSwitch(refusedPage).getAttribute('aria-checked')).toBe('false');
    await refusedPage.evaluate(() => {
      // Closed without choosing.
      Notification.requestPermission = async () => 'default';
    });
    await pushSwitch(refusedPage).click();
    await poll(() => refusedPage.getByText('Permissão de notificação não concedida').isVisible()).toBe(true);
    await refused.close();

    const old = await newContext(browser, phone, app.baseUrl);
    await old.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const oldPage = await old.newPage();
    await signInWithForm(oldPage, buyer.email, buyer.password, '/settings');
    await poll(() => pushSwitch(oldPage).isEnabled()).toBe(true);
    await pushSwitch(oldPage).click();
    await poll(() => oldPage.getByText('Notificações não suportadas neste navegador').isVisible()).toBe(true);
    expect(await pushSettingOf(buyer.id)).toBe(false);
    expect(await subscriptionsOf(buyer.id)).toEqual([]);
    await old.close();
  });
});
