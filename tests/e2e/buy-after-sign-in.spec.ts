import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders, tickets, users } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll } from '../support/people';
import { shoot } from '../support/screenshots';
import { seeTicketsAfterPurchase } from '../support/purchase';

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

/** The smallest phone the product is checked on. */
const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };

async function openEvent(page: Page, search: string) {
  await page.goto('/events');
  await page.getByPlaceholder('Buscar eventos...').fill(search);
  await page.waitForURL((url) => url.searchParams.get('q') === search);
  const results = page.getByRole('link', { name: /^Ver detalhes:/ });
  await poll(() => results.count()).toBe(1);
  await results.click();
  await page.waitForURL(/\/event\//);
}

const orderLines = (page: Page) =>
  page.getByRole('dialog', { name: 'Finalizar pagamento' }).getByRole('list', { name: 'Ingressos do pedido' }).getByRole('listitem');

describe('a signed-out buyer keeps the chosen tickets through sign-in', () => {
  it('creates an account from the buy button, lands in the checkout with the same 2 tickets and pays by PIX before confirming the e-mail', async () => {
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    const email = `primeira.compra.${Date.now()}@exemplo.com.br`;

    await openEvent(page, 'Techno All Night');
    const eventPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Aumentar quantidade de Pista (Inteira)' }).click();
    await page.getByRole('button', { name: 'Aumentar quantidade de Pista (Inteira)' }).click();
    await page.getByRole('button', { name: 'Comprar 2 ingressos' }).click();

    await page.waitForURL((url) => url.pathname === '/auth');
    await poll(() => page.getByText('Seus ingressos escolhidos estão guardados.').isVisible()).toBe(true);
    expect(await page.getByText('Você precisa estar logado para comprar ingressos.').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Criar conta' }).click();
    await page.getByLabel('Nome completo').fill('Larissa Moreira Campos');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte');
    // Without the terms accepted, nothing is sent.
    await page.getByRole('button', { name: 'Criar conta' }).last().click();
    await poll(() => page.getByText('Para criar sua conta, aceite os Termos de uso e a Política de privacidade.').isVisible()).toBe(true);
    expect(await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await shoot(page, 'sign-up-terms-required');
    await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check();
    await page.getByRole('button', { name: 'Criar conta' }).last().click();

    // Signed in at once, back on the event page with the checkout open and the same 2 tickets.
    await page.waitForURL((url) => url.pathname === eventPath && !url.searchParams.has('comprar'));
    const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => dialog.isVisible()).toBe(true);
    await poll(() => orderLines(page).allInnerTexts()).toEqual([expect.stringMatching(/^2 x Pista/)]);
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe(email);
    await shoot(page, 'checkout-after-sign-up');

    await dialog.getByLabel('Telefone').fill('11987654321');
    await dialog.getByLabel('CPF').fill('52998224725');
    await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => dialog.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    // The order exists: the kept choice is dropped.
    expect(await page.evaluate(() => localStorage.getItem('nl.pending-purchase'))).toBeNull();
    await dialog.getByRole('button', { name: 'Simular pagamento' }).click();
    await seeTicketsAfterPurchase(page);
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(2);

    const [account] = await app.deps.db.select().from(users).where(eq(users.email, email));
    expect(account.emailVerified).toBe(false);
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.userId, account.id));
    expect(order.status).toBe('completed');
    expect(await app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(2);

    // Until the e-mail is confirmed the app asks for it, and sends the link again.
    const banner = page.getByRole('region', { name: 'Confirme seu e-mail' });
    await poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain(email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(page, 'confirm-email-banner');
    await banner.getByRole('button', { name: 'Reenviar link' }).click();
    await poll(() => page.getByText(`Enviamos um novo link para ${email}.`).first().isVisible()).toBe(true);

    // The link confirms the address; the banner goes.
    let mail = '';
    await poll(() => (mail = (app.lastMailTo(email) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '='))).toMatch(/callbackURL=%2Ftickets/);
    const link = /(http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^\s"<>]+)/.exec(mail)![1];
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/tickets');
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(2);
    await poll(() => banner.isVisible()).toBe(false);
    await context.close();
  });

  it('signs in an existing account and keeps the sector, the meia split and the access code', async () => {
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    const account = await createBuyer(app, { fullName: 'Rafael Tanaka', emailPrefix: 'rafael.tanaka' });

    await openEvent(page, 'K-Pop Night Itajaí');
    const eventPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Tem um código de acesso?' }).click();
    await page.getByLabel('Código de acesso').fill('ayyofa-7k2q');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await poll(() => page.getByText('Setor de pré-venda liberado.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Aumentar quantidade de Pré-venda Fã-clube (Inteira)' }).click();
    await page.getByRole('button', { name: 'Aumentar quantidade de Pré-venda Fã-clube (Meia-entrada)' }).click();
    await page.getByRole('button', { name: 'Comprar 2 ingressos' }).click();

    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();

    await page.waitForURL((url) => url.pathname === eventPath && !url.searchParams.has('comprar'));
    const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => dialog.isVisible()).toBe(true);
    await poll(() => orderLines(page).allInnerTexts()).toEqual([
      expect.stringMatching(/^1 x Pré-venda Fã-clube/),
      expect.stringMatching(/^1 x Pré-venda Fã-clube · Meia-entrada/),
    ]);
    await poll(() => dialog.getByText('AYYOFA-7K2Q').isVisible()).toBe(true);
    await shoot(page, 'checkout-after-sign-in');

    // Closing the checkout leaves the same choice on the page; no banner for a confirmed account.
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByRole('status', { name: 'Quantidade de Pré-venda Fã-clube (Inteira)' }).textContent()).toBe('1');
    expect(await page.getByRole('status', { name: 'Quantidade de Pré-venda Fã-clube (Meia-entrada)' }).textContent()).toBe('1');
    expect(await page.getByText('Código AYYOFA-7K2Q aplicado.').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Confirme seu e-mail' }).count()).toBe(0);
    await context.close();
  });
});
