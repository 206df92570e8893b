import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { and, eq, gt, ilike } from 'drizzle-orm';
import { events, ticketLots, sectors } from '../../src/server/db/schema';
import { notifyUser } from '../../src/server/services/notifications/notify-user';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes, settleTransitions } from '../support/axe';
import { createBuyer, poll } from '../support/people';

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

const sizes = [
  ['phone 390x844', phone],
  ['desktop 1280x800', desktop],
] as const;

// With SCREENSHOT_DIR set, the open panel is saved at three widths in both themes, to be looked at.
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** A paid ticket type of a demo event with units left. */
async function paidSector(): Promise<{ eventId: string; sectorId: string; eventTitle: string }> {
  const [row] = await app.deps.db
    .select({ eventId: events.id, sectorId: sectors.id, eventTitle: events.title })
    .from(sectors)
    .innerJoin(events, eq(events.id, sectors.eventId))
    .innerJoin(ticketLots, and(eq(ticketLots.sectorId, sectors.id), eq(ticketLots.position, 1)))
    .where(and(ilike(events.title, '%Techno All Night%'), gt(ticketLots.priceCentavos, 0), gt(sectors.remaining, 4)));
  if (!row) throw new Error('the demo data lost Techno All Night');
  return row;
}

/** Buys one ticket with PIX through the API with the page's own cookies, as another tab of the person would. */
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

/** A page signed in as a new buyer (through the API: the sign-in form is the journeys' test) on `path`, once its live stream is open. */
async function signedInBuyer(size: typeof phone | typeof desktop, path: string) {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const buyer = await createBuyer(app, { fullName: 'Luana Ferreira Costa', emailPrefix: 'avisos' });
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live', { timeout: 20_000 });
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: buyer.email, password: buyer.password },
    headers: { origin: app.baseUrl },
  });
  expect(response.status()).toBe(200);
  await page.goto(path);
  await live;
  return { context, page, buyer };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notificações/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notificações' });

async function openPanel(page: Page) {
  await bell(page).click();
  await poll(() => panel(page).isVisible()).toBe(true);
  await settleTransitions(page);
}

describe.each(sizes)('notification panel on %s', (_label, size) => {
  it('a purchase shows 1 on the bell without a reload, the panel lists it, and Marcar todas como lidas clears the badge', async () => {
    const { context, page } = await signedInBuyer(size, '/events');
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações');
    await openPanel(page);
    await poll(() => panel(page).getByText('Nenhuma notificação ainda').isVisible()).toBe(true);
    expect(await panel(page).getByRole('button', { name: 'Marcar todas como lidas' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await buyOneTicket(context);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações (1 não lida)');
    expect((await bell(page).textContent())?.trim()).toBe('1');
    expect(loads).toEqual([]);

    await openPanel(page);
    const item = panel(page).getByRole('listitem').filter({ hasText: 'Compra confirmada!' });
    await poll(() => item.isVisible()).toBe(true);
    const { eventTitle } = await paidSector();
    expect(await item.textContent()).toContain(`1 ingresso para ${eventTitle}. Total: R$`);
    expect(await item.locator('time').textContent()).toMatch(/^\d{2}\/\d{2} às \d{2}:\d{2}$/);
    await poll(() => item.getByText('(não lida)').count()).toBe(1);
    await poll(() => panel(page).getByText('1 não lida').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, `open panel ${size.viewport.width}`);

    await panel(page).getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await poll(() => panel(page).getByRole('button', { name: 'Marcar todas como lidas' }).count()).toBe(0);
    expect(await item.getByText('(não lida)').count()).toBe(0);
    await page.keyboard.press('Escape');
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações');
    expect((await bell(page).textContent())?.trim()).toBe('');
    // Read on the server too: a reload still shows no badge.
    await page.reload();
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações');
    await context.close();
  });

  it('eleven unread show 9+, a click follows the action_url and closes the panel, delete removes one', async () => {
    const { context, page, buyer } = await signedInBuyer(size, '/');
    const now = Date.now();
    for (let i = 0; i < 10; i += 1) {
      await notifyUser(
        app.deps.db,
        {
          userId: buyer.id,
          type: 'announcement',
          title: `Aviso ${i + 1}`,
          message: 'Novidades da Next Level para você.',
          actionUrl: null,
          channels: [],
        },
        new Date(now - (20 - i) * 60_000),
      );
    }
    await notifyUser(
      app.deps.db,
      {
        userId: buyer.id,
        type: 'promotion',
        title: 'Novidades KXP',
        message:
          'A agenda coreana de março chegou: oficinas de hangul, noite de soju e o festival no Rio, com meia-entrada para estudantes.',
        actionUrl: '/events/kxp',
        channels: [],
      },
      new Date(now),
    );
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações (11 não lidas)');
    expect((await bell(page).textContent())?.trim()).toBe('9+');

    await openPanel(page);
    await poll(() => panel(page).getByRole('listitem').count()).toBe(11);
    await poll(() => panel(page).getByText('11 não lidas').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, `panel with 11 unread ${size.viewport.width}`);

    await panel(page).getByRole('button', { name: 'Excluir notificação: Aviso 1', exact: true }).click();
    await poll(() => panel(page).getByRole('listitem').count()).toBe(10);
    await poll(() => panel(page).getByText('10 não lidas').isVisible()).toBe(true);

    await panel(page)
      .getByRole('listitem')
      .filter({ hasText: 'Novidades KXP' })
      .getByRole('button', { name: /Novidades KXP/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/events/kxp');
    await poll(() => panel(page).count()).toBe(0);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações (9 não lidas)');
    expect((await bell(page).textContent())?.trim()).toBe('9');
    await context.close();
  });
});

describe('notification panel pictures', () => {
  it.skipIf(!SCREENSHOT_DIR)('saves the open panel at 360x740, 390x844 and 1280x800, light and dark', async () => {
    mkdirSync(SCREENSHOT_DIR!, { recursive: true });
    const { context, page, buyer } = await signedInBuyer(phone, '/');
    await buyOneTicket(context);
    await notifyUser(
      app.deps.db,
      {
        userId: buyer.id,
        type: 'event',
        title: 'Lembrete: é amanhã!',
        message: 'Techno All Night começa amanhã às 23:00 no Warehouse SP. Seus ingressos estão em Meus ingressos.',
        actionUrl: '/tickets',
        channels: [],
      },
      new Date(),
    );
    await notifyUser(
      app.deps.db,
      {
        userId: buyer.id,
        type: 'install',
        title: 'Instale o app',
        message: 'Seus ingressos a um toque, direto da tela inicial.',
        actionUrl: '/settings',
        channels: [],
      },
      new Date(Date.now() - 3 * 86_400_000),
    );
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações (3 não lidas)');
    await openPanel(page);
    await panel(page).getByRole('listitem').first().waitFor();
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => {
          localStorage.setItem('theme', t);
          document.documentElement.classList.toggle('dark', t === 'dark');
        }, theme);
        await settleTransitions(page);
        await page.screenshot({ path: join(SCREENSHOT_DIR!, `notifications-panel-${viewport.width}x${viewport.height}-${theme}.png`) });
      }
    }
    await context.close();
  });
});
