import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events, tickets } from '../../src/server/db/schema';
import { generateVapidKeys } from '../../src/server/messaging/push';
import { launchBrowser, newContext, desktop, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { saoPauloWall } from '../support/door';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { createEvent, createPostgresDatabase } from '../support/test-server';

// Two instances of the app behind one PostgreSQL database, as in production behind a load
// balancer: the same secrets passed by environment, so each accepts the other's session cookies
// and ticket codes; live counts travel between them through LISTEN/NOTIFY.
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let appA: RunningApp;
let appB: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
let doorA: Page;
let doorB: Page;
let dashboard: Page;

const event = { id: '', title: '' };
let codes: string[] = [];

/** The instance that created the demo accounts: whichever of the two started first on the empty database. */
const seeded = () => [appA, appB].find((app) => app.createdAccounts.length > 0)!;

/** Moves the event to today in São Paulo with its door open now (start an hour ago, or at midnight). */
async function openDoorToday(eventId: string) {
  const now = new Date();
  const today = saoPauloWall(now);
  const hourAgo = saoPauloWall(new Date(now.getTime() - 60 * 60_000));
  const inThreeHours = saoPauloWall(new Date(now.getTime() + 3 * 60 * 60_000));
  await appA.deps.db
    .update(events)
    .set({
      date: today.date,
      startTime: hourAgo.date === today.date ? hourAgo.time : '00:00',
      endTime: inThreeHours.date === today.date ? inThreeHours.time : '23:59',
    })
    .where(eq(events.id, eventId));
}

async function open(app: RunningApp, size: typeof phone | typeof desktop) {
  const context = await newContext(browser, size, app.baseUrl);
  contexts.push(context);
  return context.newPage();
}

/** A phone at the door of `app`, signed in there as the demo door staff, on the event's door screen. */
async function doorOn(app: RunningApp) {
  const page = await open(app, phone);
  const staff = demoAccount(seeded(), 'validator');
  await signInWithForm(page, staff.email, staff.password, '/validator');
  await poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
  // The screen's live counts stream answers once the event is picked.
  const stream = page.waitForResponse((response) => response.url().endsWith(`/api/door/events/${event.id}/live`));
  await page
    .getByRole('region', { name: 'Hoje' })
    .getByRole('button', { name: new RegExp(event.title) })
    .click();
  await poll(() => page.getByTestId('door-event').textContent()).toBe(event.title);
  expect((await stream).status()).toBe(200);
  await poll(() => page.getByTestId('door-connection').textContent()).toBe('Online');
  return page;
}

const entriesOn = async (page: Page) => Number((await page.getByTestId('door-entries').textContent())?.replace(/\D/g, '') || NaN);
const result = (page: Page) => page.getByTestId('door-result');

/** Types a code as a scanner would and waits for this scan's verdict. */
async function scan(page: Page, code: string) {
  const before = await result(page).getAttribute('data-scan');
  await page.getByLabel('Código QR do ingresso').fill(code);
  await page.getByLabel('Código QR do ingresso').press('Enter');
  await poll(async () => {
    const shown = await result(page).getAttribute('data-scan');
    return shown !== '' && shown !== before;
  }, 5000).toBe(true);
  return (await result(page).textContent()) ?? '';
}

beforeAll(async () => {
  database = await createPostgresDatabase('nl_e2e');
  const vapid = await generateVapidKeys();
  const shared = {
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    TICKET_SIGNING_KEY: randomBytes(32).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  // Both start at once on the empty database: one migrates and seeds, the other finds it done.
  const started = await Promise.allSettled([startApp(shared), startApp(shared)]);
  // One that started is stopped by afterAll even when the other failed.
  [appA, appB] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined)) as RunningApp[];
  for (const s of started) if (s.status === 'rejected') throw s.reason;
  browser = await launchBrowser();

  const made = await createEvent(appA, [{ name: 'Inteira', priceCentavos: 8000, remaining: 50 }], {
    title: `Noite das Duas Portarias ${randomBytes(2).toString('hex')}`,
  });
  Object.assign(event, { id: made.event.id, title: made.event.title });
  await openDoorToday(event.id);

  // Two tickets bought and paid (sandbox PIX) on instance A by a buyer.
  const account = await createBuyer(appA, { fullName: 'Lívia Prado', emailPrefix: 'duas.portarias' });
  const buyer = await newContext(browser, phone, appA.baseUrl);
  contexts.push(buyer);
  const signedIn = await buyer.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: appA.baseUrl },
  });
  expect(signedIn.status()).toBe(200);
  const placed = await buyer.request.post('/api/orders', {
    data: {
      eventId: event.id,
      items: [{ sectorId: made.sectors[0].id, quantity: 2, holderNames: ['Lívia Prado', 'Otávio Prado'] }],
      buyer: { name: 'Lívia Prado', email: account.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const paid = await buyer.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
  expect((await paid.json()).status).toBe('completed');
  codes = (await appA.deps.db.select({ code: tickets.code }).from(tickets).where(eq(tickets.orderId, order.id))).map((t) => t.code);
  expect(codes).toHaveLength(2);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await appA?.stop();
  await appB?.stop();
  await database?.drop();
});

describe('live counts with two server instances on one PostgreSQL database', () => {
  it("a scan on one instance changes the other instance's door screen and dashboard within 2 s, with no reload", async () => {
    expect(seeded()).toBeDefined();
    doorA = await doorOn(appA);
    doorB = await doorOn(appB);

    // The admin signs in on A; the same session cookie opens the dashboard on B.
    dashboard = await open(appA, desktop);
    const admin = demoAccount(seeded(), 'admin');
    await signInWithForm(dashboard, admin.email, admin.password, '/admin');
    const stream = dashboard.waitForResponse((response) => response.url().endsWith(`/api/door/events/${event.id}/live`));
    await dashboard.goto(`${appB.baseUrl}/admin`);
    await dashboard.getByRole('heading', { name: 'Painel', level: 1 }).waitFor();
    expect((await stream).status()).toBe(200);
    const progress = dashboard.getByTestId(`check-in-count-${event.id}`);
    await poll(() => progress.textContent()).toBe('0 de 2 (0%)');
    await poll(() => entriesOn(doorA)).toBe(0);
    await poll(() => entriesOn(doorB)).toBe(0);
    const documents = await Promise.all([doorB, dashboard].map((page) => page.evaluate(() => performance.timeOrigin)));

    const verdict = await scan(doorA, codes[0]);
    const answeredAt = Date.now();
    expect(verdict).toContain('VÁLIDO');
    expect(verdict).toContain('Lívia Prado');
    await Promise.all([poll(() => entriesOn(doorB), 2_000).toBe(1), poll(() => progress.textContent(), 2_000).toBe('1 de 2 (50%)')]);
    expect(Date.now() - answeredAt).toBeLessThan(2_000);
    // Still the same documents: nothing reloaded.
    expect(await Promise.all([doorB, dashboard].map((page) => page.evaluate(() => performance.timeOrigin)))).toEqual(documents);
    expect(new URL(dashboard.url()).origin).toBe(appB.baseUrl);
  });

  it("and back: a scan on instance B changes instance A's door screen within 2 s, and the dashboard with it", async () => {
    const verdict = await scan(doorB, codes[1]);
    const answeredAt = Date.now();
    expect(verdict).toContain('VÁLIDO');
    expect(verdict).toContain('Otávio Prado');
    await Promise.all([
      poll(() => entriesOn(doorA), 2_000).toBe(2),
      poll(() => dashboard.getByTestId(`check-in-count-${event.id}`).textContent(), 2_000).toBe('2 de 2 (100%)'),
    ]);
    expect(Date.now() - answeredAt).toBeLessThan(2_000);
  });
});
