import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { checkIns, events, news, tickets, users } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount } from '../support/people';
import { createEvent, buyer } from '../support/test-server';
import { csvProblems, pageTextProblems } from '../support/copy-check';

// The product's words as a Brazilian reads them, on a 360 px phone: every route of the app
// (public, the buyer's, the door's and the back office's, an event's sub-pages included) read
// after it settles, and every CSV export the back office links to, read as Excel opens it
// (rules and their unit tests: tests/support/copy-check.ts, tests/lint/copy-check.test.ts).

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const at360 = { ...phone, viewport: { width: 360, height: 740 } };

/** A context signed in as `role`'s demo account (none: signed out), collecting the console's warnings and errors. */
async function signedIn(role: 'admin' | 'validator' | 'user' | null): Promise<{ context: BrowserContext; page: Page; console: string[] }> {
  const context = await newContext(browser, at360, app.baseUrl);
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') console.push(message.text());
  });
  if (role) {
    const { email, password } = demoAccount(app, role);
    const signed = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
    expect(signed.status()).toBe(200);
  }
  return { context, page, console };
}

/** The page's text once it stopped changing: nothing busy, no skeleton, the same text twice 400 ms apart (10 s at most). */
async function settledText(page: Page): Promise<string> {
  const deadline = Date.now() + 10_000;
  let last = '';
  for (;;) {
    await page.waitForTimeout(400);
    const { text, busy } = await page.evaluate(() => ({
      text: document.body.innerText,
      busy: document.querySelectorAll('[aria-busy="true"], .animate-pulse').length > 0,
    }));
    if ((text === last && !busy && text.trim() !== '') || Date.now() > deadline) return text;
    last = text;
  }
}

/** Visits each route and answers the problems of its text, each with the route. */
async function readRoutes(page: Page, routes: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    const text = await settledText(page);
    // COPY_CHECK_DUMP=<folder> keeps each page's text, to read what the check read.
    if (process.env.COPY_CHECK_DUMP) {
      mkdirSync(process.env.COPY_CHECK_DUMP, { recursive: true });
      writeFileSync(`${process.env.COPY_CHECK_DUMP}/${route.replace(/[^a-z0-9]+/gi, '_')}.txt`, text);
    }
    problems.push(...pageTextProblems(text).map((problem) => `${route}: ${problem}`));
  }
  return problems;
}

describe('copy check', () => {
  it('every page and every CSV export reads in pt-BR', { timeout: 300_000 }, async () => {
    // An AY-YO event with big stock (thousands to separate), one sector with a single unit left,
    // a paid order and a pending one of the demo buyer, entries and refusals at the door.
    const {
      event,
      sectors: [pista, camarote],
    } = await createEvent(
      app,
      [
        { name: 'Pista', priceCentavos: 1_234_500, remaining: 15_000 },
        { name: 'Camarote', priceCentavos: 25_000, remaining: 2 },
      ],
      { title: 'Festival de Verão' },
    );
    await app.deps.db.update(events).set({ category: 'AyYo Events', brandSlug: 'ay-yo', capacity: 20_000 }).where(eq(events.id, event.id));

    const fan = await signedIn('user');
    const order = async (sectorId: string, quantity: number) => {
      const placed = await fan.page.request.post('/api/orders', {
        data: { eventId: event.id, items: [{ sectorId, quantity }], buyer, paymentMethod: 'pix', installments: 1 },
      });
      expect(placed.status()).toBe(201);
      return (await placed.json()) as { id: string };
    };
    const paid = await order(pista.id, 2);
    expect((await fan.page.request.post(`/api/orders/${paid.id}/simulate-pix-payment`, { data: {} })).status()).toBeLessThan(300);
    await order(camarote.id, 1);

    const [validator] = await app.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccount(app, 'validator').email));
    const [first, second] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, paid.id));
    await app.deps.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.id, first.id));
    const scan = { eventId: event.id, validatorId: validator.id, location: 'Portão A' };
    await app.deps.db.insert(checkIns).values([
      { ...scan, ticketId: first.id, scannedCode: first.code, accepted: true },
      { ...scan, ticketId: first.id, scannedCode: first.code, accepted: false, reason: 'already_used' },
      { ...scan, ticketId: first.id, scannedCode: first.code, accepted: false, reason: 'already_inside' },
      { ...scan, ticketId: first.id, scannedCode: first.code, accepted: false, reason: 'offline_conflict', conflict: true, offline: true },
      { ...scan, ticketId: second.id, scannedCode: second.code, accepted: false, reason: 'not_paid', manual: true },
      { ...scan, ticketId: null, scannedCode: 'XXXX', accepted: false, reason: 'unknown_code', deviceId: 'aparelho-1' },
    ]);
    const [someNews] = await app.deps.db.select({ id: news.id }).from(news).limit(1);

    const problems: string[] = [];

    // Signed out: the public pages.
    const visitor = await signedIn(null);
    problems.push(
      ...(await readRoutes(visitor.page, [
        '/',
        '/events',
        '/events/next-level',
        '/events/ay-yo',
        '/events/kxp',
        `/event/${event.id}`,
        ...(someNews ? [`/news/${someNews.id}`] : []),
        '/auth',
        '/reset-password',
        '/privacy-policy',
        '/terms-of-service',
        '/meia-entrada',
        '/transfer/token-que-nao-existe',
        '/lista/token-que-nao-existe',
        '/pagina-que-nao-existe',
      ])),
    );
    await visitor.context.close();

    // The buyer's pages.
    problems.push(
      ...(await readRoutes(fan.page, [
        '/',
        `/event/${event.id}`,
        `/event/${event.id}/waiting-room`,
        '/tickets',
        '/listas',
        '/refund-request',
        '/profile',
        '/profile/edit',
        '/data-management',
        '/settings',
        `/payment-success?order=${paid.id}`,
      ])),
    );

    // The door.
    const door = await signedIn('validator');
    problems.push(...(await readRoutes(door.page, ['/validator'])));

    // The back office, an event's sub-pages included, and the exports they link to.
    const admin = await signedIn('admin');
    const eventPages = [
      `/admin/events/${event.id}/edit`,
      `/admin/events/${event.id}/attendees`,
      `/admin/events/${event.id}/cpf-sales`,
      `/admin/events/${event.id}/bordero`,
    ];
    problems.push(
      ...(await readRoutes(admin.page, [
        '/admin',
        '/admin/events',
        '/admin/events/new',
        '/admin/coupons',
        '/admin/news',
        '/admin/banners',
        '/admin/refunds',
        '/admin/brands',
        '/admin/staff',
        '/admin/box-office',
        '/admin/guest-lists',
        '/admin/audit',
        `/admin/audit?eventId=${event.id}`,
        '/ticket-validator',
        '/bilheteria',
      ])),
    );
    const exports = new Set<string>();
    for (const route of eventPages) {
      problems.push(...(await readRoutes(admin.page, [route])));
      const links = await admin.page.locator('a[href$=".csv"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
      for (const link of links) exports.add(link);
    }
    const base = `/api/admin/events/${event.id}`;
    expect([...exports].sort()).toEqual(
      [
        `${base}/attendees.csv`,
        `${base}/bordero.csv`,
        `${base}/buyers.csv`,
        `${base}/campaigns.csv`,
        `${base}/check-ins.csv`,
        `${base}/cpf-sales.csv`,
      ].sort(),
    );
    // The history's export ('Histórico', 'Baixar CSV'), of everything and of the event.
    exports.add('/api/admin/audit.csv');
    exports.add(`/api/admin/audit.csv?eventId=${event.id}`);
    for (const link of exports) {
      const response = await admin.page.request.get(link);
      expect(response.status(), link).toBe(200);
      // The borderô is in sections, each with its header line: only the file's first line is
      // read as a header here (the sections' headers are checked as cells).
      problems.push(...csvProblems(await response.body()).map((problem) => `${link}: ${problem}`));
    }

    // No page load warns of a missing first-load fallback.
    for (const { console } of [visitor, fan, door, admin]) {
      expect(console.filter((line) => line.includes('HydrateFallback'))).toEqual([]);
    }

    await Promise.all([fan.context.close(), door.context.close(), admin.context.close()]);
    expect(problems).toEqual([]);
  });
});
