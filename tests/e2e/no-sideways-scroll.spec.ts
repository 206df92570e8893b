import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { createEvent } from '../support/test-server';

// No attendee page scrolls sideways on a 320 px or a 360 px phone, with long titles, badges and a
// signed-in buyer who has tickets and a refund request; nor do the back office's pages.

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

const small = { ...phone, viewport: { width: 320, height: 640 } };
/** The narrowest phones still sold (320 px, iPhone SE 1st gen and small Androids) and the common small one. */
const WIDTHS = [320, 360];
const LONG_TITLE = 'Extravaganza Internacional de Música Eletrônica Contemporânea com Participações Especialíssimas';

async function overflow(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

/**
 * The fonts each page is read in: what Debian's Chromium renders `system-ui` with (DejaVu Sans, wide),
 * and a narrower one with Arial's widths (Liberation Sans, as phones' Roboto and Arial set text),
 * where a line that wrapped in DejaVu may now sit beside a badge and push it out.
 */
const FONTS: (string | null)[] = [null, 'Liberation Sans'];

/** Each route at each width, in each font: where the page is wider than the screen, and its widest elements. */
async function tooWide(page: Page, routes: [string, () => Promise<unknown>][]): Promise<string[]> {
  const wide: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 740 });
    for (const [route, ready] of routes) {
      for (const font of FONTS) {
        await page.goto(route);
        await ready();
        if (font) await page.addStyleTag({ content: `:root { --font-sans: '${font}', sans-serif; }` });
        await page.waitForTimeout(150);
        const scrollWidth = await overflow(page);
        if (scrollWidth > width) {
          const culprits = await page.evaluate(
            (w) =>
              // Where the overflow starts: an element past the edge whose parent is not.
              [...document.querySelectorAll('body *')]
                .filter((el) => el.getBoundingClientRect().right > w + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= w + 1)
                .slice(0, 3)
                .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
            width,
          );
          wide.push(`${route} at ${width} px${font ? ` in ${font}` : ''}: ${scrollWidth}px (${culprits.join(' | ')})`);
        }
        if (process.env.SCREENSHOT_DIR) {
          mkdirSync(process.env.SCREENSHOT_DIR, { recursive: true });
          await page.screenshot({
            path: `${process.env.SCREENSHOT_DIR}/${width}${font ? `-${font.replace(/ /g, '-')}` : ''}${route.replace(/\//g, '_') || '_home'}.png`,
            fullPage: true,
          });
        }
      }
    }
  }
  return wide;
}

describe('no sideways scroll at 320 and 360 px', () => {
  it('every attendee route fits 320 and 360 px wide', async () => {
    const context = await newContext(browser, small, app.baseUrl);
    const page = await context.newPage();

    // Signed out: /auth.
    await page.goto('/auth');
    await poll(() => page.getByLabel('E-mail').isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(320);

    const buyer = await createBuyer(app, { fullName: 'Maximiliano Albuquerque Vasconcellos', emailPrefix: 'estreito' });
    const signed = await page.request.post('/api/auth/sign-in/email', {
      data: { email: buyer.email, password: buyer.password },
      headers: { origin: app.baseUrl },
    });
    expect(signed.status()).toBe(200);
    const {
      event,
      sectors: [type],
    } = await createEvent(app, [{ name: 'Pista Premium Open Bar Antecipado Segundo Lote', priceCentavos: 18990, remaining: 30 }], {
      title: LONG_TITLE,
    });
    await app.deps.db.update(events).set({ location: 'Centro de Convenções Expo Center Norte' }).where(eq(events.id, event.id));
    const placed = await page.request.post('/api/orders', {
      data: {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 2 }],
        buyer: { name: 'Maximiliano Albuquerque', email: 'max@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status()).toBe(201);
    const order = await placed.json();
    await page.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
    // A second order, in a refund request: 'Minhas solicitações' shows it with its status badge.
    const second = await page.request.post('/api/orders', {
      data: {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 }],
        buyer: { name: 'Maximiliano Albuquerque', email: 'max@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(second.status()).toBe(201);
    const secondOrder = await second.json();
    await page.request.post(`/api/orders/${secondOrder.id}/simulate-pix-payment`, { data: {} });
    const requested = await page.request.post('/api/refunds', {
      data: { orderId: secondOrder.id, reason: 'Não vou conseguir ir: uma viagem de trabalho marcada na mesma data do evento.' },
    });
    expect(requested.status()).toBe(201);

    const routes: [string, () => Promise<unknown>][] = [
      ['/', () => poll(() => page.getByRole('heading', { name: 'Próximos eventos' }).first().isVisible()).toBe(true)],
      ['/events', () => poll(() => page.getByRole('heading', { level: 1, name: 'Todos os eventos' }).isVisible()).toBe(true)],
      ['/events/next-level', () => poll(() => page.locator('main h1').first().isVisible()).toBe(true)],
      ['/events/ay-yo', () => poll(() => page.locator('main h1').first().isVisible()).toBe(true)],
      ['/events/kxp', () => poll(() => page.locator('main h1').first().isVisible()).toBe(true)],
      [`/event/${event.id}`, () => poll(() => page.getByRole('heading', { name: 'Tipos de ingresso' }).isVisible()).toBe(true)],
      ['/tickets', () => poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(3)],
      ['/profile', () => poll(() => page.getByText('Maximiliano', { exact: false }).first().isVisible()).toBe(true)],
      ['/profile/edit', () => poll(() => page.getByLabel('Nome completo').isVisible()).toBe(true)],
      ['/settings', () => poll(() => page.getByRole('heading', { level: 1, name: 'Configurações' }).isVisible()).toBe(true)],
      ['/refund-request', () => poll(() => page.getByRole('heading', { name: 'Minhas solicitações' }).isVisible()).toBe(true)],
      ['/privacy-policy', () => poll(() => page.locator('main h1').first().isVisible()).toBe(true)],
      ['/terms-of-service', () => poll(() => page.locator('main h1').first().isVisible()).toBe(true)],
      ['/meia-entrada', () => poll(() => page.getByRole('heading', { level: 1, name: 'Política de meia-entrada' }).isVisible()).toBe(true)],
      [
        `/payment-success?order=${order.id}`,
        () => poll(() => page.getByRole('heading', { name: 'Compra confirmada!' }).isVisible()).toBe(true),
      ],
      ['/data-management', () => poll(() => page.getByText(buyer.email).first().isVisible()).toBe(true)],
      ['/pagina-que-nao-existe', () => poll(() => page.getByText('404').first().isVisible()).toBe(true)],
    ];
    const wide = await tooWide(page, routes);
    expect(wide).toEqual([]);
    await context.close();
  });

  it('every back-office page fits 320 and 360 px wide', async () => {
    const context = await newContext(browser, small, app.baseUrl);
    const page = await context.newPage();
    const { email, password } = demoAccount(app, 'admin');
    const signed = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
    expect(signed.status()).toBe(200);
    const h1 = (name: string) => () => poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
    const routes: [string, () => Promise<unknown>][] = [
      ['/admin', h1('Painel')],
      ['/admin/events', h1('Eventos')],
      ['/admin/events?marca=kxp&situacao=published&ordem=date', h1('Eventos')],
      ['/admin/brands', h1('Marcas')],
      ['/admin/news', h1('Notícias')],
      ['/admin/banners', h1('Banners')],
      ['/admin/coupons', h1('Cupons')],
      ['/admin/refunds', h1('Reembolsos')],
      ['/admin/staff', h1('Equipe')],
      ['/admin/audit', h1('Histórico')],
    ];
    expect(await tooWide(page, routes)).toEqual([]);
    await context.close();
  });
});
