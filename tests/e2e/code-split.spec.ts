import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { events, news } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, signInWithForm } from '../support/people';

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

// Texts that exist only in the back office's layout and in the door's result box.
const ADMIN_MARKER = 'Recolher menu';
const DOOR_MARKER = 'ENTRADA LIBERADA';

/** Every script and wasm file the page downloads from /assets, with its text. */
function recordAssets(page: Page): Map<string, string> {
  const seen = new Map<string, string>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/assets/') || !/\.(js|wasm)$/.test(url.pathname)) return;
    seen.set(url.pathname, url.pathname.endsWith('.js') ? await response.text().catch(() => '') : '');
  });
  return seen;
}

describe('route splitting', () => {
  it('a buyer going through every attendee screen, checkout included, never downloads back-office or door code', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    const assets = recordAssets(page);
    const stripeRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('stripe.com')) stripeRequests.push(request.url());
    });
    const buyer = await createBuyer(app, { fullName: 'Rafael Souza Lima', emailPrefix: 'divisao' });
    await signInWithForm(page, buyer.email, buyer.password, '/tickets');
    await poll(() => page.getByText('Nenhum ingresso encontrado').isVisible()).toBe(true);

    await page.goto('/');
    await poll(() => page.getByRole('heading', { name: 'Próximos eventos' }).isVisible()).toBe(true);
    await page.goto('/events?q=Techno%20All%20Night');
    await page
      .getByRole('link', { name: /Ver detalhes/ })
      .first()
      .click();
    await page.waitForURL(/\/event\//);
    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
    await poll(() => page.getByRole('dialog', { name: 'Finalizar pagamento' }).isVisible()).toBe(true);
    // The sandbox's card form is its own: Stripe.js and its React elements are never fetched.
    await page.getByText('Cartão de crédito').click();
    await poll(() => page.getByLabel('Número do cartão').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    for (const [path, heading] of [
      ['/events/ay-yo', 'AY-YO'],
      ['/refund-request', 'Solicitar reembolso'],
      ['/profile', 'Rafael Souza Lima'],
      ['/settings', 'Configurações'],
      ['/privacy-policy', 'Política de privacidade'],
    ] as const) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { name: heading }).first().isVisible()).toBe(true);
    }

    const files = [...assets.keys()];
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => file.endsWith('.wasm'))).toEqual([]);
    expect(files.filter((file) => assets.get(file)!.includes(ADMIN_MARKER))).toEqual([]);
    expect(files.filter((file) => assets.get(file)!.includes(DOOR_MARKER))).toEqual([]);
    expect(files.filter((file) => /js\.stripe\.com|confirmCardPayment/.test(assets.get(file)!))).toEqual([]);
    expect(stripeRequests).toEqual([]);
    await context.close();
  });

  it("serves each public page's HTML with modulepreloads of that page's own chunk", async () => {
    const manifest = JSON.parse(readFileSync(join(process.env.WEB_DIST_DIR ?? 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const [event] = await app.deps.db.select().from(events).limit(1);
    const [article] = await app.deps.db.select().from(news).limit(1);
    const pages = [
      ['/', 'src/web/app/routes/home-route.tsx'],
      ['/events', 'src/web/features/events/pages/events-page.tsx'],
      ['/events/kxp', 'src/web/features/events/pages/brand-events-page.tsx'],
      [`/event/${event.id}`, 'src/web/app/routes/event-detail-route.tsx'],
      [`/news/${article.id}`, 'src/web/features/content/pages/news-page.tsx'],
    ] as const;
    for (const [path, source] of pages) {
      expect(manifest[source], source).toBeDefined();
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      expect(html, path).toContain(`<link rel="modulepreload" crossorigin href="/${manifest[source].file}" />`);
    }
    const tickets = await (await fetch(`${app.baseUrl}/tickets`)).text();
    expect(tickets).not.toMatch(/modulepreload[^>]*\/>/);
  });

  it('the back office and the door do download their own code (the markers are real)', async () => {
    const admin = app.createdAccounts.find((a) => a.roles.includes('admin'))!;
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    const assets = recordAssets(page);
    await signInWithForm(page, admin.email, admin.password, '/admin');
    await poll(() => [...assets.values()].some((text) => text.includes(ADMIN_MARKER))).toBe(true);
    await page.goto('/ticket-validator');
    await poll(() => [...assets.values()].some((text) => text.includes(DOOR_MARKER))).toBe(true);
    await context.close();
  });
});
