import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { shoot } from '../support/screenshots';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { createEvent } from '../support/test-server';

// The organizer's money reports on a phone: the event's sales from gross to net, and the sales
// per CPF with its CSV.

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

const RUN = Date.now().toString(36);
const TITLE = `Festa dos CPFs ${RUN}`;
const small = { ...phone, viewport: { width: 360, height: 740 } };

/** Signs the page's browser context in through the API (the sign-in form is the journeys' test). */
async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
}

const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe('the sales per CPF of an event', () => {
  it('an admin on a phone opens the report from the event, finds a CPF and downloads the CSV', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], { title: TITLE, meiaEntrada: true });
    await app.deps.db
      .update(events)
      .set({ serviceFeeBasisPoints: 1000, maxTicketsPerCpf: 4, isPublished: true })
      .where(eq(events.id, event.id));

    // A buyer pays two full-price tickets and a meia-entrada for a friend, and leaves one order unpaid with another CPF.
    const buyerContext = await newContext(browser, phone, app.baseUrl);
    const buyerPage = await buyerContext.newPage();
    const person = await createBuyer(app, { fullName: 'Ana Beatriz Lima', emailPrefix: 'cpf' });
    await signIn(buyerPage, person.email, person.password);
    const ana = { name: 'Ana Beatriz Lima', email: person.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' };
    const paid = await buyerContext.request.post('/api/orders', {
      data: {
        eventId: event.id,
        items: [
          { sectorId: pista.id, quantity: 2 },
          {
            sectorId: pista.id,
            quantity: 1,
            concession: 'student',
            holder: { name: 'Bia Souza', cpf: '111.444.777-35', birthDate: '2004-05-10', documentNumber: 'CIE-1' },
          },
        ],
        buyer: ana,
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(paid.status()).toBe(201);
    expect((await buyerContext.request.post(`/api/orders/${(await paid.json()).id}/simulate-pix-payment`)).status()).toBe(200);
    const unpaid = await buyerContext.request.post('/api/orders', {
      data: {
        eventId: event.id,
        items: [{ sectorId: pista.id, quantity: 1 }],
        buyer: { ...ana, name: 'Carlos Mendes', cpf: '123.456.789-09' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(unpaid.status()).toBe(201);
    await buyerContext.close();

    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    const admin = demoAccount(app, 'admin');
    await signIn(page, admin.email, admin.password);
    await page.goto(`/admin/events/${event.id}/edit`);

    // The event's sales: R$ 160,00 + R$ 40,00 of tickets; the R$ 20,00 of fees apart.
    const sales = page.getByRole('region', { name: 'Vendas' });
    await poll(() => sales.getByText('Vendas brutas', { exact: true }).isVisible()).toBe(true);
    await poll(() => sales.getByText('R$ 200,00').count()).toBe(2); // gross and net
    await poll(() => sales.getByText('R$ 20,00').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'Editar evento');
    await sales.getByText('Taxas de serviço', { exact: true }).scrollIntoViewIfNeeded();
    await shoot(page, 'event-sales-money');

    await page.getByRole('link', { name: 'Vendas por CPF' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/events/${event.id}/cpf-sales`);
    await poll(() => page.getByRole('heading', { name: 'Vendas por CPF', level: 1 }).isVisible()).toBe(true);
    const list = page.getByRole('list', { name: 'Vendas por CPF' });
    await poll(() => list.getByRole('listitem').count()).toBe(3);
    const first = list.getByRole('listitem').first();
    expect(await first.textContent()).toBe('529.982.247-25Ana Beatriz LimaPagos2Pendentes0Pedidos1');
    const friend = list.getByRole('listitem').filter({ hasText: '111.444.777-35' });
    expect(await friend.textContent()).toContain('Bia SouzaPagos1Pendentes0Pedidos1');
    await poll(() => list.getByRole('listitem').filter({ hasText: '123.456.789-09' }).textContent()).toContain(
      'Carlos MendesPagos0Pendentes1Pedidos1',
    );
    await poll(() => page.getByText('3 CPFs · 3 ingressos pagos · 1 pendente').isVisible()).toBe(true);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await expectNoAxeViolationsInBothThemes(page, 'Vendas por CPF');
    await shoot(page, 'cpf-sales');

    // Typing part of a CPF finds it.
    await page.getByLabel('Buscar').fill('111.444');
    await poll(() => list.getByRole('listitem').count()).toBe(1);
    await poll(() => list.textContent()).toContain('Bia Souza');
    await page.getByLabel('Buscar').fill('');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`vendas-por-cpf-festa-dos-cpfs-${RUN}.csv`);
    const csv = readFileSync((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8').trim().split('\r\n')).toEqual([
      'CPF;Nome;Ingressos pagos;Ingressos pendentes;Pedidos',
      '529.982.247-25;Ana Beatriz Lima;2;0;1',
      '111.444.777-35;Bia Souza;1;0;1',
      '123.456.789-09;Carlos Mendes;0;1;1',
    ]);

    // Nothing scrolls sideways on a 360 px phone; the dashboard's money too.
    await page.setViewportSize(small.viewport);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    // The events list shows the event's money with the same labels and amounts as its page.
    await page.goto(`/admin/events?q=${encodeURIComponent(TITLE)}`);
    await poll(async () => (await page.getByRole('main').textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Vendas brutas ?R\$ 200,00 ?Líquido ?R\$ 200,00/,
    );

    await page.goto('/admin');
    await poll(() => page.getByRole('heading', { name: 'Financeiro' }).isVisible()).toBe(true);
    // The 'Vendas brutas' card and the statement below it show one figure (docs/rules/money.md 'The figures').
    const figureOf = (scope: Locator) =>
      scope
        .locator('div', { has: page.locator('dt', { hasText: /^Vendas brutas$/ }) })
        .last()
        .locator('dd')
        .first()
        .textContent();
    const tile = await figureOf(page.locator('dl').first());
    expect(tile).toMatch(/^R\$ [\d.]+,\d{2}/);
    expect(tile?.startsWith((await figureOf(page.getByRole('region', { name: 'Financeiro' }))) ?? '-')).toBe(true);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await expectNoAxeViolationsInBothThemes(page, 'Painel');
    await page.getByRole('heading', { name: 'Financeiro' }).scrollIntoViewIfNeeded();
    await shoot(page, 'dashboard-money');
    await context.close();
  });
});
