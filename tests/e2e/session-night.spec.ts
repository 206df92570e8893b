import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { createEvent } from '../support/test-server';
import { describeEventStart, eventInstant, saoPauloToday } from '../../src/shared/dates';

// What a fan reads on a 360 x 740 phone (docs/rules/sessions.md 'The session of a ticket' and
// 'Night starts'): a single-day ticket of a three-day festival shows its own session, worded as
// the night it belongs to, on its card and its QR screen; an event at 00:30 reads as its night on
// its card and its page.

const DAY_MS = 24 * 60 * 60_000;
const small = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SHOTS = '/tmp/nights';

let app: RunningApp;
let browser: Browser;
let buyer: BrowserContext;
let page: Page;

const id = Math.random().toString(36).slice(2, 6);
const festivalTitle = `Festival Três Noites ${id}`;
const nightTitle = `Baile da Madrugada ${id}`;
const dayFromToday = (days: number) => saoPauloToday(new Date(Date.now() + days * DAY_MS));
const days = [10, 11, 13].map(dayFromToday);
let nightEventId = '';
let festivalId = '';

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const account = await createBuyer(app, { fullName: 'Nina Noturna', emailPrefix: 'noites' });
  buyer = await newContext(browser, small, app.baseUrl);
  const signIn = (context: BrowserContext, email: string, password: string) =>
    context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect((await signIn(buyer, account.email, account.password)).status()).toBe(200);
  const admin = demoAccount(app, 'admin');
  const organizer = await newContext(browser, small, app.baseUrl);
  expect((await signIn(organizer, admin.email, admin.password)).status()).toBe(200);

  // A festival whose third session starts at 00:30: the night of the day before.
  const festival = await createEvent(
    app,
    [
      { name: 'Passaporte', priceCentavos: 30000, remaining: 50 },
      { name: 'Só a terceira noite', priceCentavos: 12000, remaining: 50 },
    ],
    { title: festivalTitle, daysAhead: 10 },
  );
  festivalId = festival.event.id;
  const saved = await organizer.request.put(`/api/admin/events/${festivalId}/sessions`, {
    data: {
      sessions: [
        { name: 'Noite 1', date: days[0], startTime: '22:00', endTime: '23:30', capacity: 500 },
        { name: 'Noite 2', date: days[1], startTime: '22:00', endTime: '23:30', capacity: 500 },
        { name: 'Noite 3', date: days[2], startTime: '00:30', endTime: '05:00', capacity: 500 },
      ],
      exitScans: false,
      sectors: [
        { sectorId: festival.sectors[0].id, sessions: [] },
        { sectorId: festival.sectors[1].id, sessions: [2] },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  await organizer.close();

  const placed = await buyer.request.post('/api/orders', {
    data: {
      eventId: festivalId,
      items: [{ sectorId: festival.sectors[1].id, quantity: 1, holderNames: ['Nina Noturna'] }],
      buyer: { name: 'Nina Noturna', email: account.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  expect((await buyer.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} })).status()).toBe(200);

  // A party that starts at 00:30, twenty days from now.
  const night = await createEvent(app, [{ name: 'Pista', priceCentavos: 5000, remaining: 50 }], {
    title: nightTitle,
    startsAt: eventInstant(dayFromToday(20), '00:30'),
  });
  nightEventId = night.event.id;
  page = await buyer.newPage();
});

afterAll(async () => {
  await buyer?.close();
  await browser?.close();
  await app?.stop();
});

describe('the night on every ticket, on a 360 x 740 phone', () => {
  it("shows a single-day ticket's own session, worded as its night, on its card and its QR screen", async () => {
    const third = describeEventStart(days[2], '00:30').text;
    expect(third).toMatch(/ · 00:30 \(madrugada de [a-zçá]+\)$/);
    await page.goto('/tickets');
    const card = page.locator('li', { has: page.getByRole('heading', { name: 'Só a terceira noite' }) });
    await poll(() => card.getByTestId('ticket-when').textContent()).toBe(third);
    // Not the festival's first date.
    expect(third).not.toContain(describeEventStart(days[0], '22:00').date);
    await page.screenshot({ path: `${SHOTS}/ticket-card.png`, fullPage: true });
    await expectNoAxeViolationsInBothThemes(page, "'Meus ingressos' with a session's night");

    await card.getByRole('button', { name: 'Ver QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Seu ingresso' });
    await poll(() => dialog.getByTestId('ticket-qr-when').textContent()).toBe(third);
    await page.screenshot({ path: `${SHOTS}/ticket-qr.png` });
    await expectNoAxeViolationsInBothThemes(page, "'Seu ingresso' with a session's night");
    await page.keyboard.press('Escape');
  });

  it("lists the festival's sessions on its page, the 00:30 one as its night", async () => {
    await page.goto(`/event/${festivalId}`);
    const list = page.getByRole('list', { name: 'Sessões do evento' });
    await poll(() => list.textContent().then((t) => t ?? '')).toContain('00:30 (madrugada de');
    await list.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
    await page.screenshot({ path: `${SHOTS}/festival-sessions.png` });
  });

  it('words an event at 00:30 as its night on its card and its page', async () => {
    const { date, time } = describeEventStart(dayFromToday(20), '00:30');
    await page.goto(`/events?q=${encodeURIComponent(nightTitle)}`);
    const card = page.locator('article', { has: page.getByRole('link', { name: `Ver detalhes: ${nightTitle}` }) });
    await poll(() => card.getByText(time, { exact: true }).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/night-event-card.png` });
    await expectNoAxeViolationsInBothThemes(page, 'an event card at 00:30');

    await page.goto(`/event/${nightEventId}`);
    // The line under the title: 'qui., 17 de dez. · 00:30 (madrugada de sexta) · Arena Teste, Itajaí'.
    const header = describeEventStart(dayFromToday(20), '00:30', 'medium').text;
    await poll(() => page.getByText(header).first().isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/night-event-header.png` });
    const about = page.locator('section[aria-labelledby="about-title"]');
    await poll(() => about.getByText(time, { exact: true }).isVisible()).toBe(true);
    expect(await about.getByText(date, { exact: true }).isVisible()).toBe(true);
    await about.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/night-event-page.png` });
    await expectNoAxeViolationsInBothThemes(page, 'the page of an event at 00:30');
  });
});
