import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, desktop, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';

// On a phone, the back button closes the checkout sheet instead of leaving the event page, and
// the choice made on the page (quantities, meia, a pre-sale code, the waiting room's CPF) lasts
// over a reload until the order is placed.

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ WAITING_ROOM_POW_MAX: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };
const FAN_CPF = '529.982.247-25';

async function signedInContext(emailPrefix: string): Promise<BrowserContext> {
  const context = await newContext(browser, smallPhone, app.baseUrl);
  const buyer = await createBuyer(app, { fullName: 'Marina Costa Prado', emailPrefix });
  const signed = await context.request.post('/api/auth/sign-in/email', {
    data: { email: buyer.email, password: buyer.password },
    headers: { origin: app.baseUrl },
  });
  expect(signed.status()).toBe(200);
  return context;
}

const checkout = (page: Page) => page.getByRole('dialog', { name: 'Finalizar pagamento' });
const buyBar = (page: Page) => page.locator('[data-buy-bar]');
const barText = async (page: Page) => ((await buyBar(page).locator('p').textContent()) ?? '').replace(/\s+/g, ' ').trim();
const quantity = (page: Page, name: string) => page.getByRole('status', { name: `Quantidade de ${name}` }).textContent();
const orderLines = (page: Page) => checkout(page).getByRole('list', { name: 'Ingressos do pedido' }).getByRole('listitem');
/** The phone's back button: the browser's history back, as the page sees it. */
const pressBack = (page: Page) => page.evaluate(() => window.history.back());

async function openCheckoutFromBar(page: Page) {
  await buyBar(page).getByRole('button', { name: 'Comprar', exact: true }).click();
  await poll(() => checkout(page).isVisible()).toBe(true);
}

describe('checkout sheet and the back button on a phone', () => {
  it('closes the sheet on back keeping the page and its choice; X, Esc, a double tap and back twice leave history clean', async () => {
    const { event } = await createEvent(
      app,
      [
        { name: 'Pista', priceCentavos: 8000, remaining: 100 },
        { name: 'Camarote', priceCentavos: 20000, remaining: 40 },
      ],
      { title: 'Baile de Voltar Sem Perder' },
    );
    const context = await signedInContext('voltar');
    const page = await context.newPage();
    try {
      await page.goto('/events');
      await page.goto(`/event/${event.id}`);
      await poll(() => page.getByRole('heading', { level: 1, name: event.title }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await page.getByRole('button', { name: 'Aumentar quantidade de Camarote' }).click();
      await poll(() => barText(page)).toBe('3 ingressos · R$ 360,00');
      const historyBefore = await page.evaluate(() => window.history.length);

      // A double tap on Comprar opens one sheet, with one history entry.
      await buyBar(page).getByRole('button', { name: 'Comprar', exact: true }).dblclick();
      await poll(() => checkout(page).isVisible()).toBe(true);
      await poll(() => orderLines(page).allInnerTexts()).toEqual([
        expect.stringMatching(/^2 x Pista/),
        expect.stringMatching(/^1 x Camarote/),
      ]);
      expect(await page.evaluate(() => window.history.length)).toBe(historyBefore + 1);
      expect(await page.getByRole('dialog').count()).toBe(1);
      await expectNoAxeViolationsInBothThemes(page, 'checkout sheet opened from the buy bar');
      await shoot(page, 'checkout-back-open');

      // Back: the sheet closes, the event page stays with the same quantities.
      await pressBack(page);
      await poll(() => checkout(page).isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe(`/event/${event.id}`);
      expect(await page.getByRole('heading', { level: 1, name: event.title }).isVisible()).toBe(true);
      expect(await quantity(page, 'Pista')).toBe('2');
      expect(await quantity(page, 'Camarote')).toBe('1');
      await poll(() => barText(page)).toBe('3 ingressos · R$ 360,00');
      await expectNoAxeViolationsInBothThemes(page, 'event page after back closed the checkout');
      await shoot(page, 'checkout-back-closed');

      // Closed by its X, then by Esc: the entry it pushed is popped, the page stays.
      await openCheckoutFromBar(page);
      await checkout(page).getByRole('button', { name: 'Fechar' }).click();
      await poll(() => checkout(page).isVisible()).toBe(false);
      await openCheckoutFromBar(page);
      await page.keyboard.press('Escape');
      await poll(() => checkout(page).isVisible()).toBe(false);
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(`/event/${event.id}`);
      expect(await quantity(page, 'Pista')).toBe('2');

      // Back twice from the open sheet: the first closes it, the second leaves for the page before.
      await openCheckoutFromBar(page);
      await pressBack(page);
      await poll(() => checkout(page).isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe(`/event/${event.id}`);
      await pressBack(page);
      await page.waitForURL((url) => url.pathname === '/events');

      // Forward again: the event page, the sheet closed, the choice kept.
      await page.evaluate(() => window.history.forward());
      await page.waitForURL((url) => url.pathname === `/event/${event.id}`);
      await poll(() => quantity(page, 'Pista')).toBe('2');
      expect(await checkout(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the choice on the event page over a reload', () => {
  it('keeps the pre-sale code, its sector, the meia split and the other sectors', async () => {
    const context = await signedInContext('recarregar');
    const page = await context.newPage();
    try {
      await page.goto('/events');
      await page.getByPlaceholder('Buscar eventos...').fill('K-Pop Night Itajaí');
      await page.waitForURL((url) => url.searchParams.get('q') === 'K-Pop Night Itajaí');
      await poll(() => page.getByRole('link', { name: /^Ver detalhes:/ }).count()).toBe(1);
      await page.getByRole('link', { name: /^Ver detalhes:/ }).click();
      await page.waitForURL(/\/event\//);
      const eventId = new URL(page.url()).pathname.split('/').pop()!;

      await page.getByRole('button', { name: 'Tem um código de acesso?' }).click();
      await page.getByLabel('Código de acesso').fill('AYYOFA-7K2Q');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await poll(() => page.getByText('Setor de pré-venda liberado.').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Aumentar quantidade de Pré-venda Fã-clube (Inteira)' }).click();
      await page.getByRole('button', { name: 'Aumentar quantidade de Pré-venda Fã-clube (Meia-entrada)' }).click();
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista (Inteira)' }).click();
      await poll(() => barText(page)).toMatch(/^3 ingressos · /);
      const bar = await barText(page);

      await page.reload();
      await poll(() => page.getByText('Código AYYOFA-7K2Q aplicado.').isVisible()).toBe(true);
      await poll(() => quantity(page, 'Pré-venda Fã-clube (Inteira)')).toBe('1');
      expect(await quantity(page, 'Pré-venda Fã-clube (Meia-entrada)')).toBe('1');
      expect(await quantity(page, 'Pista (Inteira)')).toBe('1');
      expect(await barText(page)).toBe(bar);
      await expectNoAxeViolationsInBothThemes(page, 'event page reloaded with a pre-sale code and a choice');
      await shoot(page, 'checkout-back-reloaded');

      await openCheckoutFromBar(page);
      await poll(() => orderLines(page).allInnerTexts()).toEqual([
        expect.stringMatching(/^1 x Pista/),
        expect.stringMatching(/^1 x Pré-venda Fã-clube/),
        expect.stringMatching(/^1 x Pré-venda Fã-clube · Meia-entrada/),
      ]);
      await poll(() => checkout(page).getByText('AYYOFA-7K2Q').isVisible()).toBe(true);
      // Back closes it; a reload after that still shows the choice.
      await pressBack(page);
      await poll(() => checkout(page).isVisible()).toBe(false);
      await page.reload();
      await poll(() => quantity(page, 'Pré-venda Fã-clube (Meia-entrada)')).toBe('1');

      // The code removed is forgotten: the next reload shows the event without the pre-sale sector.
      await page.getByRole('button', { name: 'Remover código' }).click();
      const preSale = page.getByRole('status', { name: 'Quantidade de Pré-venda Fã-clube (Inteira)' });
      await poll(() => preSale.count()).toBe(0);
      await page.reload();
      await poll(() => quantity(page, 'Pista (Inteira)')).toBe('1');
      expect(await preSale.count()).toBe(0);

      // A link with the code (`?codigo=`), opened in another tab, unlocks the sector at once.
      const other = await context.newPage();
      await other.goto(`/event/${eventId}?codigo=AYYOFA-7K2Q`);
      await poll(() => other.getByText('Código AYYOFA-7K2Q aplicado.').isVisible()).toBe(true);
      expect(await other.getByRole('status', { name: 'Quantidade de Pré-venda Fã-clube (Inteira)' }).textContent()).toBe('0');
    } finally {
      await context.close();
    }
  });
});

describe("the waiting room's CPF", () => {
  it('is in the checkout when the turn comes, and the choice is forgotten once the order is placed', async () => {
    const adminContext = await newContext(browser, desktop, app.baseUrl);
    const adminPage = await adminContext.newPage();
    const account = demoAccount(app, 'admin');
    await signInWithForm(adminPage, account.email, account.password, '/admin');
    const created = await adminContext.request.post('/api/admin/events', {
      data: {
        title: `Fila do Fã ${Date.now().toString(36)}`,
        category: 'AyYo Events',
        description: 'Venda com sala de espera.',
        date: saoPauloToday(new Date(Date.now() + 20 * 86_400_000)),
        startTime: '18:00',
        location: 'Arena Teste',
        city: 'São Paulo',
        isPublished: true,
        meiaEntrada: false,
        sectors: [{ name: 'Pista', lots: [{ priceCentavos: 15000, remaining: 100 }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = (await created.json()).id as string;
    const configured = await adminContext.request.put(`/api/admin/events/${eventId}/waiting-room`, {
      data: {
        enabled: true,
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        onSaleAt: new Date(Date.now() + 8_000).toISOString(),
        ratePerMinute: 60,
        maxInside: 50,
      },
    });
    expect(configured.status(), await configured.text()).toBe(200);
    await adminContext.close();

    const context = await signedInContext('sala.cpf');
    const page = await context.newPage();
    try {
      await page.goto(`/event/${eventId}`);
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await buyBar(page).getByRole('button', { name: 'Comprar', exact: true }).click();
      await page.waitForURL(`**/event/${eventId}/waiting-room`);
      await page.locator('#room-cpf').fill(FAN_CPF);
      await page.getByRole('button', { name: 'Entrar na fila' }).click();
      await poll(() => page.getByText('É a sua vez! Você tem 10 minutos para escolher e pagar.').isVisible(), 90_000).toBe(true);
      await page.getByRole('link', { name: 'Escolher ingressos' }).click();

      // Back with the turn: the checkout opens with the choice and the room's CPF.
      await poll(() => checkout(page).isVisible()).toBe(true);
      await poll(() => checkout(page).locator('#buyer-cpf').inputValue()).toBe(FAN_CPF);
      await checkout(page).locator('#buyer-cpf').scrollIntoViewIfNeeded();
      await expectNoAxeViolationsInBothThemes(page, "checkout with the waiting room's CPF");
      await shoot(page, 'checkout-back-room-cpf');

      // A reload keeps the choice and the CPF.
      await page.reload();
      await poll(() => quantity(page, 'Pista')).toBe('1');
      await openCheckoutFromBar(page);
      await poll(() => checkout(page).locator('#buyer-cpf').inputValue()).toBe(FAN_CPF);

      await checkout(page).locator('#buyer-phone').fill('47991234567');
      await checkout(page).getByRole('button', { name: 'Pagar com PIX' }).click();
      await poll(() => checkout(page).getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
      expect(await page.evaluate((id) => window.sessionStorage.getItem(`nl.event-choice:${id}`), eventId)).toBeNull();
      await checkout(page).getByRole('button', { name: 'Simular pagamento' }).click();
      await poll(async () => (await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId)))[0]?.status).toBe('completed');
      await page.waitForURL((url) => url.pathname !== `/event/${eventId}`);

      // The purchase done, the event page starts from nothing.
      await page.goto(`/event/${eventId}`);
      await poll(() => quantity(page, 'Pista')).toBe('0');
    } finally {
      await context.close();
    }
  }, 180_000);
});
