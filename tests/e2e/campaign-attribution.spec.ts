import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events, orders, users } from '../../src/server/db/schema';
import { desktop, launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount, poll } from '../support/people';
import { shoot } from '../support/screenshots';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { seeTicketsAfterPurchase } from '../support/purchase';
import { createEvent } from '../support/test-server';
import { testCpf } from '../support/cpf';

// docs/rules/sale.md 'Campaign attribution': a fan arrives from an Instagram ad, creates an
// account in the same tab and buys; the organizer sees the sale under the campaign.

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
const small = { ...phone, viewport: { width: 360, height: 740 } };
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** Signs the page's browser context in through the API (the sign-in form is the journeys' test). */
async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
}

describe('campaign attribution', () => {
  it("a fan from an Instagram ad signs up and buys; the admin sees the order under 'instagram / lancamento'", async () => {
    const { event } = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 100 }], {
      title: `Lançamento Verão ${RUN}`,
    });
    await app.deps.db.update(events).set({ isPublished: true }).where(eq(events.id, event.id));

    // The ad's link opens the event page, signed out, on a 360 px phone.
    const fanContext = await newContext(browser, small, app.baseUrl);
    const fan = await fanContext.newPage();
    await fan.goto(`/event/${event.id}?utm_source=instagram&utm_medium=paid&utm_campaign=lancamento&fbclid=abc`);
    await poll(() => fan.getByRole('button', { name: 'Aumentar quantidade de Pista' }).isVisible()).toBe(true);
    await poll(() => fan.evaluate(() => localStorage.getItem('nl.campaign'))).toContain('"utmCampaign":"lancamento"');
    await fan.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
    await fan.getByRole('button', { name: 'Comprar 1 ingresso' }).click();

    // Sent to /auth: the campaign is kept on the device through the sign-up.
    const email = `campanha.${RUN}@exemplo.com.br`;
    await fan.waitForURL((url) => url.pathname === '/auth');
    await fan.getByRole('tab', { name: 'Criar conta' }).click();
    await fan.getByLabel('Nome completo').fill('Júlia Andrade Costa');
    await fan.getByLabel('E-mail').fill(email);
    await fan.getByLabel('Senha', { exact: true }).fill('minha-senha-forte');
    await fan.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check();
    await fan.getByRole('button', { name: 'Criar conta' }).last().click();

    await fan.waitForURL((url) => url.pathname === `/event/${event.id}` && !url.searchParams.has('comprar'));
    const dialog = fan.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Telefone').fill('11987654321');
    await dialog.getByLabel('CPF').fill(testCpf(4321));
    await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => dialog.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Simular pagamento' }).click();
    await seeTicketsAfterPurchase(fan);
    // Not cleared by the purchase: the last touch counts for 7 days.
    expect(await fan.evaluate(() => localStorage.getItem('nl.campaign'))).toContain('"utmSource":"instagram"');
    await fanContext.close();

    const [account] = await app.deps.db.select().from(users).where(eq(users.email, email));
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.userId, account.id));
    expect(order).toMatchObject({
      status: 'completed',
      utmSource: 'instagram',
      utmMedium: 'paid',
      utmCampaign: 'lancamento',
      adClickIds: ['fbclid'],
    });

    // The admin on a computer: the event's page shows the sale under its campaign.
    const context = await newContext(browser, desktop, app.baseUrl);
    const page = await context.newPage();
    const admin = demoAccount(app, 'admin');
    await signIn(page, admin.email, admin.password);
    await page.goto(`/admin/events/${event.id}/edit`);
    const section = page.getByRole('region', { name: 'Vendas por campanha' });
    const table = section.getByRole('table', { name: 'Vendas por campanha' });
    await poll(() => table.isVisible()).toBe(true);
    await poll(() => table.getByRole('row').nth(1).innerText()).toMatch(/^instagram\s+paid\s+lancamento\s+1\s+1\s+R\$\s60,00$/);
    await poll(() => section.getByText('Total: 1 pedido pago · 1 ingresso · R$ 60,00').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'Vendas por campanha');
    await shoot(page, 'campaign-sales', { region: section });

    // On a 360 px phone: one card per campaign, nothing sideways, down to 320 px.
    await page.setViewportSize(small.viewport);
    const cards = section.getByRole('list', { name: 'Vendas por campanha' }).getByRole('listitem');
    await poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toBe('instagram / lancamentoMídiapaidPedidos1Ingressos1Vendas brutasR$ 60,00');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await expectNoAxeViolationsInBothThemes(page, 'Vendas por campanha (celular)');
    await page.setViewportSize({ width: 320, height: 740 });
    await section.scrollIntoViewIfNeeded();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(320);
    await context.close();
  }, 420_000);
});
