import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';
import { makeWalletCredentials } from '../support/wallet-credentials';

// 'Adicionar à Apple Wallet' and 'Adicionar ao Google Wallet' on 'Seu ingresso' (docs/rules/tickets.md
// 'Wallet passes') on a 360 x 740 phone, with throwaway credentials in the server's env.

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const titles = {
  plain: `Noite Wallet ${Math.random().toString(36).slice(2, 6)}`,
  rotating: `Rotativo Wallet ${Math.random().toString(36).slice(2, 6)}`,
};

beforeAll(async () => {
  app = await startApp(makeWalletCredentials().env);
  browser = await launchBrowser();
  const account = await createBuyer(app, { fullName: 'Carla Mendes', emailPrefix: 'wallet' });
  context = await newContext(browser, { ...phone, viewport: { width: 360, height: 740 } }, app.baseUrl);
  page = await context.newPage();
  await signInWithForm(page, account.email, account.password, '/tickets');
  for (const [kind, title] of Object.entries(titles)) {
    const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }], { title, daysAhead: 10 });
    if (kind === 'rotating') await app.deps.db.update(events).set({ rotatingQr: true }).where(eq(events.id, made.event.id));
    const placed = await context.request.post('/api/orders', {
      data: {
        eventId: made.event.id,
        items: [{ sectorId: made.sectors[0].id, quantity: 1, holderNames: ['Ana Lima'] }],
        buyer: { name: 'Carla Mendes', email: account.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status()).toBe(201);
    const order = await placed.json();
    await context.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

async function openTicket(title: string) {
  await page.goto('/tickets');
  const card = page
    .locator('section, article, li, div')
    .filter({ hasText: title })
    .filter({ has: page.getByRole('button', { name: 'Ver QR Code' }) })
    .last();
  await card.getByRole('button', { name: 'Ver QR Code' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Seu ingresso' });
  await poll(() => dialog.isVisible()).toBe(true);
  await poll(async () => (await dialog.textContent())?.includes(title) ?? false).toBe(true);
  return dialog;
}

describe('wallet passes', () => {
  it('offers both wallets on a ticket: Apple downloads a .pkpass, Google opens its save link', async () => {
    const dialog = await openTicket(titles.plain);
    const apple = dialog.getByRole('link', { name: 'Adicionar à Apple Wallet' });
    const google = dialog.getByRole('button', { name: 'Adicionar ao Google Wallet' });
    await poll(() => apple.isVisible()).toBe(true);
    expect(await google.isVisible()).toBe(true);
    await apple.scrollIntoViewIfNeeded();
    await shoot(page, 'wallet-passes-buttons');
    await expectNoAxeViolationsInBothThemes(page, "'Seu ingresso' with the wallet buttons");

    const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toMatch(/^ingresso-noite-wallet-[a-z0-9]+\.pkpass$/);

    await page.route('https://pay.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title>' }),
    );
    await Promise.all([page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/), google.click()]);
  });

  it('says why a rotating-QR event has no Apple Wallet pass, and still offers Google Wallet', async () => {
    const dialog = await openTicket(titles.rotating);
    await poll(() => dialog.getByRole('button', { name: 'Adicionar ao Google Wallet' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Adicionar à Apple Wallet' }).count()).toBe(0);
    const note = dialog.getByText(
      'Este evento usa QR rotativo: a Apple Wallet não mostra códigos que mudam. Use o app ou o Google Wallet.',
    );
    expect(await note.isVisible()).toBe(true);
    await note.scrollIntoViewIfNeeded();
    await shoot(page, 'wallet-passes-rotating');
    await expectNoAxeViolationsInBothThemes(page, "'Seu ingresso' of a rotating-QR event with Google Wallet only");
  });
});
