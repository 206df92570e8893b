import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktop, launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { saoPauloToday } from '../../src/shared/dates';

// docs/rules/events.md 'What the sale page shows': the age rating and accessibility an admin sets
// show on the event page and the rating on the ticket; the footer names the seller's address.

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

async function signedIn(account: { email: string; password: string }, size: typeof phone = at360) {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: app.baseUrl },
  });
  expect(response.status()).toBe(200);
  return { context, page };
}

/** How far the page scrolls sideways at `width` px: 0 when everything fits. */
async function sidewaysAt(page: Page, width: number) {
  const original = page.viewportSize();
  await page.setViewportSize({ width, height: 640 });
  await page.waitForTimeout(150);
  const extra = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  if (original) await page.setViewportSize(original);
  return extra;
}

describe('the age rating, accessibility and the seller on the sale page', () => {
  it('shows them on the event page and the rating on the ticket', async () => {
    const { page: adminPage } = await signedIn(demoAccount(app, 'admin'));
    const created = await adminPage.request.post('/api/admin/events', {
      headers: { origin: app.baseUrl },
      data: {
        title: 'Festival com Classificação',
        category: 'Next Level Events',
        description: 'Uma noite para testar o que a página de venda mostra.',
        date: saoPauloToday(new Date(Date.now() + 30 * 86_400_000)),
        startTime: '20:00',
        endTime: '23:00',
        location: 'Arena Teste',
        fullAddress: 'Rua A, 1 - Centro',
        city: 'Itajaí',
        isPublished: true,
        meiaEntrada: false,
        maxTicketsPerCpf: null,
        sectors: [{ name: 'Pista', priceCentavos: 5000, remaining: 50 }],
        ageRating: '14',
        minorsAccompanied: true,
        accessibility: { resources: ['step_free_access', 'libras_interpreter'], contact: '(47) 99999-0000' },
        policies: ['Água potável gratuita'],
      },
    });
    expect(created.status()).toBe(201);
    const eventId = (await created.json()).id as string;

    const { page } = await signedIn(demoAccount(app, 'user'));
    await page.goto(`/event/${eventId}`);
    await poll(() => page.getByRole('heading', { level: 1, name: 'Festival com Classificação' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('img', { name: 'Classificação indicativa: 14 anos' }).first().isVisible()).toBe(true);
    await poll(() => page.getByText('Menores de 14 anos somente acompanhados dos pais ou responsável legal').isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { name: 'Acessibilidade' }).isVisible()).toBe(true);
    await poll(() => page.getByText('Intérprete de Libras').isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { name: 'Políticas do evento' }).isVisible()).toBe(true);
    await poll(() => page.locator('footer address').textContent()).toContain('Itajaí - SC');
    await shoot(page, 'event-legal-info-360', { fullPage: true });
    await expectNoAxeViolationsInBothThemes(page, 'event page with age rating and accessibility');
    expect(await sidewaysAt(page, 320)).toBe(0);

    for (const [name, size] of [
      ['390', phone],
      ['desktop', desktop],
    ] as const) {
      const context = await newContext(browser, size, app.baseUrl);
      const other = await context.newPage();
      await other.goto(`/event/${eventId}`);
      await poll(() => other.getByRole('heading', { name: 'Acessibilidade' }).isVisible()).toBe(true);
      await shoot(other, `event-legal-info-${name}`, { fullPage: true });
      await context.close();
    }

    // A ticket paid with the sandbox PIX, then 'Meus ingressos' shows the rating on its card.
    const eventPage = await page.request.get(`/api/events/${eventId}`);
    const sectorId = (await eventPage.json()).sectors[0].id as string;
    const placed = await page.request.post('/api/orders', {
      headers: { origin: app.baseUrl },
      data: {
        eventId,
        items: [{ sectorId, quantity: 1 }],
        buyer: { name: 'Maria Teste', email: demoAccount(app, 'user').email, cpf: '529.982.247-25', phone: '(47) 99999-1234' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status()).toBe(201);
    const paid = await page.request.post(`/api/orders/${(await placed.json()).id}/simulate-pix-payment`, {
      headers: { origin: app.baseUrl },
      data: {},
    });
    expect(paid.status()).toBe(200);
    await page.goto('/tickets');
    await poll(() => page.getByTestId('ticket-age-rating').first().isVisible()).toBe(true);
    expect(await page.getByTestId('ticket-age-rating').first().textContent()).toContain('Menores de 14 anos');
    await shoot(page, 'event-legal-info-ticket-360');
  });
});
