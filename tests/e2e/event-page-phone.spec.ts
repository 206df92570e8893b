import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events } from '../../src/server/db/schema';
import { whenWhereText } from '../../src/web/features/events/lib/when-where';
import { desktop, launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { createBuyer, poll } from '../support/people';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';

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

const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };

/** An event at Cine Joia with a 10 % fee passed on: 'Pista' at R$ 80,00 + R$ 8,00 de taxa. */
async function cineJoiaEvent() {
  const { event } = await createEvent(
    app,
    [
      { name: 'Pista', priceCentavos: 8000, remaining: 100 },
      { name: 'Camarote', priceCentavos: 20000, remaining: 40 },
    ],
    { title: 'Noite de Techno no Cine Joia com Convidados' },
  );
  const [stored] = await app.deps.db
    .update(events)
    .set({
      location: 'Cine Joia',
      city: 'São Paulo',
      serviceFeeBasisPoints: 1000,
      description: 'Uma noite inteira de techno. '.repeat(40),
    })
    .where(eq(events.id, event.id))
    .returning();
  return stored;
}

async function signedInContext(): Promise<BrowserContext> {
  const context = await newContext(browser, smallPhone, app.baseUrl);
  const buyer = await createBuyer(app, { fullName: 'Paula Regina Andrade', emailPrefix: 'barra.compra' });
  const signed = await context.request.post('/api/auth/sign-in/email', {
    data: { email: buyer.email, password: buyer.password },
    headers: { origin: app.baseUrl },
  });
  expect(signed.status()).toBe(200);
  return context;
}

/** The part of an element inside the first screen (no scroll), above the tab bar. */
async function isOnFirstScreen(page: Page, text: string): Promise<boolean> {
  const box = await page.getByText(text, { exact: true }).first().boundingBox();
  const tabs = await page.getByRole('navigation', { name: 'Atalhos' }).boundingBox();
  return box !== null && tabs !== null && box.y >= 0 && box.y + box.height <= tabs.y;
}

const buyBar = (page: Page) => page.locator('[data-buy-bar]');
const barText = async (page: Page) => ((await buyBar(page).locator('p').textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('event page on a phone', () => {
  it('answers when, where and how much on the first screen, then keeps the total and Comprar at hand', async () => {
    const event = await cineJoiaEvent();
    const context = await signedInContext();
    const page = await context.newPage();
    try {
      await page.goto(`/event/${event.id}`);
      await poll(() => page.getByRole('heading', { level: 1, name: event.title }).isVisible()).toBe(true);
      const whenWhere = whenWhereText(event, new Date());
      expect(whenWhere).toMatch(/^[a-zá]{3}\., \d{1,2} de [a-zç]{3,4}\.( de \d{4})? · 20:00 · Cine Joia, São Paulo$/);
      const price = 'A partir de R$ 80,00 + R$ 8,00 de taxa';

      // The first screen, no scroll: title, when and where, the lowest price with its fee.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await isOnFirstScreen(page, event.title)).toBe(true);
      expect(await isOnFirstScreen(page, whenWhere)).toBe(true);
      expect(await isOnFirstScreen(page, price)).toBe(true);
      // The sectors come before the long description.
      const picker = await page.getByRole('heading', { name: 'Tipos de ingresso' }).boundingBox();
      const about = await page.getByRole('heading', { name: 'Sobre o evento' }).boundingBox();
      expect(picker!.y).toBeLessThan(about!.y);
      expect(await buyBar(page).count()).toBe(0);
      await shoot(page, 'event-page-first-screen');

      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await poll(() => barText(page)).toBe('1 ingresso · R$ 88,00');
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await poll(() => barText(page)).toBe('2 ingressos · R$ 176,00');

      // Above the tab bar, and the end of the page scrolls clear of both.
      const bar = (await buyBar(page).boundingBox())!;
      const tabs = (await page.getByRole('navigation', { name: 'Atalhos' }).boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(tabs.y + 0.5);
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await page.waitForTimeout(200);
      const map = (await page.getByRole('link', { name: /Ver no mapa/ }).boundingBox())!;
      expect(map.y + map.height).toBeLessThanOrEqual(bar.y);

      await expectNoAxeViolationsInBothThemes(page, 'event page with the buy bar');
      await shoot(page, 'event-page-buy-bar');
      // From md up the picker's own total and button are beside the description: no bar.
      await page.setViewportSize(desktop.viewport);
      expect(await buyBar(page).isVisible()).toBe(false);
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
      await page.setViewportSize(smallPhone.viewport);

      await buyBar(page).getByRole('button', { name: 'Comprar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
      await poll(() => dialog.isVisible()).toBe(true);
      await poll(() => dialog.getByRole('list', { name: 'Ingressos do pedido' }).getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringMatching(/^2 x Pista/),
      ]);
    } finally {
      await context.close();
    }
  });

  it('sends a signed-out buyer to sign in from the bar, with the choice kept', async () => {
    const event = await cineJoiaEvent();
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    try {
      await page.goto(`/event/${event.id}`);
      await page.getByRole('button', { name: 'Aumentar quantidade de Camarote' }).click();
      await poll(() => barText(page)).toBe('1 ingresso · R$ 220,00');
      await buyBar(page).getByRole('button', { name: 'Comprar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await poll(() => page.getByText('Seus ingressos escolhidos estão guardados.').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
