import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events, tickets } from '../../src/server/db/schema';
import { launchBrowser, newContext, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { saoPauloWall } from '../support/door';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { createEvent } from '../support/test-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';

// The back office's dashboard moves with the door (docs/architecture.md 'Live updates'): a check-in
// made at the door changes its 'Check-ins' figure and the event's progress, through the door
// screen's own live stream, without a reload.

let app: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

const smallPhone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Moves the event to today in São Paulo with its door open now (start an hour ago, or at midnight). */
async function openDoorToday(eventId: string) {
  const now = new Date();
  const today = saoPauloWall(now);
  const hourAgo = saoPauloWall(new Date(now.getTime() - 60 * 60_000));
  const inThreeHours = saoPauloWall(new Date(now.getTime() + 3 * 60 * 60_000));
  await app.deps.db
    .update(events)
    .set({
      date: today.date,
      startTime: hourAgo.date === today.date ? hourAgo.time : '00:00',
      endTime: inThreeHours.date === today.date ? inThreeHours.time : '23:59',
    })
    .where(eq(events.id, eventId));
}

describe("the dashboard's check-ins", () => {
  it("change with a check-in made through the API, in 'Check-ins' and the event's progress, without a reload", async () => {
    const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 20 }], {
      title: `Noite do Painel ${randomBytes(2).toString('hex')}`,
    });
    await openDoorToday(made.event.id);

    // Two tickets bought and paid (sandbox PIX) by a buyer.
    const account = await createBuyer(app, { fullName: 'Helena Prado', emailPrefix: 'painel.ao.vivo' });
    const buyer = await newContext(browser, desktop, app.baseUrl);
    contexts.push(buyer);
    const signedIn = await buyer.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { origin: app.baseUrl },
    });
    expect(signedIn.status()).toBe(200);
    const placed = await buyer.request.post('/api/orders', {
      headers: { origin: app.baseUrl },
      data: {
        eventId: made.event.id,
        items: [{ sectorId: made.sectors[0].id, quantity: 2, holderNames: ['Helena Prado', 'Rui Prado'] }],
        buyer: { name: 'Helena Prado', email: account.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = await placed.json();
    const paid = await buyer.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { headers: { origin: app.baseUrl }, data: {} });
    expect((await paid.json()).status).toBe('completed');
    const codes = (await app.deps.db.select({ code: tickets.code }).from(tickets).where(eq(tickets.orderId, order.id))).map((t) => t.code);
    expect(codes).toHaveLength(2);

    // The admin's dashboard on a 360 px phone.
    const adminContext = await newContext(browser, smallPhone, app.baseUrl);
    contexts.push(adminContext);
    const dashboard = await adminContext.newPage();
    const admin = demoAccount(app, 'admin');
    const stream = dashboard.waitForResponse((response) => response.url().endsWith(`/api/door/events/${made.event.id}/live`));
    await signInWithForm(dashboard, admin.email, admin.password, '/admin');
    await dashboard.getByRole('heading', { name: 'Painel', level: 1 }).waitFor();
    expect((await stream).status()).toBe(200);
    const progress = dashboard.getByTestId(`check-in-count-${made.event.id}`);
    await poll(() => progress.textContent()).toBe('0 de 2 (0%)');
    const checkInsCard = dashboard.getByRole('term').filter({ hasText: 'Check-ins' }).locator('..');
    const checkIns = async () =>
      Number(((await checkInsCard.textContent()) ?? '').match(/Check-ins\s*([\d.]+)/)?.[1].replace(/\./g, '') ?? NaN);
    const before = await checkIns();
    expect(before).not.toBeNaN();
    const documentStart = await dashboard.evaluate(() => performance.timeOrigin);
    const dashboardReads: string[] = [];
    dashboard.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/dashboard') dashboardReads.push(request.url());
    });

    // The door checks one ticket in through the API.
    const doorContext = await newContext(browser, desktop, app.baseUrl);
    contexts.push(doorContext);
    const staff = demoAccount(app, 'validator');
    const doorSignIn = await doorContext.request.post('/api/auth/sign-in/email', {
      data: { email: staff.email, password: staff.password },
      headers: { origin: app.baseUrl },
    });
    expect(doorSignIn.status()).toBe(200);
    const checkIn = async (code: string) => {
      const answer = await doorContext.request.post('/api/check-ins', {
        headers: { origin: app.baseUrl },
        data: { code, eventId: made.event.id },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      expect((await answer.json()).accepted).toBe(true);
    };
    await checkIn(codes[0]);
    await Promise.all([poll(() => progress.textContent(), 5_000).toBe('1 de 2 (50%)'), poll(checkIns, 5_000).toBe(before + 1)]);
    // The second, right after: the figure follows again, read once more rather than on a timer.
    await checkIn(codes[1]);
    await Promise.all([poll(() => progress.textContent(), 5_000).toBe('2 de 2 (100%)'), poll(checkIns, 5_000).toBe(before + 2)]);
    expect(dashboardReads.length).toBeGreaterThanOrEqual(1);
    expect(dashboardReads.length).toBeLessThanOrEqual(3);
    // Still the same document: nothing reloaded.
    expect(await dashboard.evaluate(() => performance.timeOrigin)).toBe(documentStart);
    expect(await checkInsCard.textContent()).toContain('ao vivo');

    await expectNoAxeViolationsInBothThemes(dashboard, 'Painel with live check-ins');
    expect(await dashboard.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(dashboard, 'dashboard-live-check-ins', { region: checkInsCard });
    await shoot(dashboard, 'dashboard-live-progress', {
      region: dashboard.getByRole('heading', { name: 'Check-in dos próximos eventos' }),
    });
  });
});
