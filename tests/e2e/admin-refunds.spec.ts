import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import { events, refunds, ticketLots, sectors } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { pickDoorEventFor } from '../support/door-page';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount } from '../support/people';
import { seeTicketsAfterPurchase } from '../support/purchase';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';

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

/** Signs the page's browser context in through the API (the sign-in form is the journeys' test) and opens `redirect`. */
async function signIn(page: Page, role: 'admin' | 'validator' | 'user', redirect: string) {
  const { email, password } = demoAccount(app, role);
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
  await page.goto(redirect);
}

async function signedIn(
  size: typeof phone | typeof desktop,
  role: 'admin' | 'validator' | 'user',
  redirect: string,
  theme?: 'light' | 'dark',
) {
  const context = await newContext(browser, size, app.baseUrl);
  if (theme) await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  await signIn(page, role, redirect);
  return { context, page };
}

/** The code of each ticket of `orderId`, read from the buyer's own /api/tickets. */
async function ticketCodes(context: BrowserContext, orderId: string): Promise<string[]> {
  const body = await (await context.request.get('/api/tickets')).json();
  const order = body.orders.find((o: { orderId: string }) => o.orderId === orderId);
  return order.tickets.map((t: { code: string }) => t.code);
}

/** Asks for the refund of `orderId` with the buyer's cookies (POST /api/refunds), returns its id. */
async function requestRefund(context: BrowserContext, orderId: string, reason: string): Promise<string> {
  const response = await context.request.post('/api/refunds', { data: { orderId, reason } });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

/** Buys one unit of an upcoming event through the API with the buyer's cookies, paid with simulated PIX. */
async function buyThroughApi(context: BrowserContext) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + 86_400_000));
  const [choice] = await app.deps.db
    .select({ eventId: events.id, title: events.title, sectorId: sectors.id })
    .from(sectors)
    .innerJoin(events, eq(events.id, sectors.eventId))
    .innerJoin(ticketLots, and(eq(ticketLots.sectorId, sectors.id), eq(ticketLots.position, 1)))
    .where(and(gte(events.date, today), gt(sectors.remaining, 5), gt(ticketLots.priceCentavos, 0), eq(events.isPublished, true)))
    .orderBy(asc(events.date))
    .limit(1);
  const { fullName: name, email } = demoAccount(app, 'user');
  const placed = await context.request.post('/api/orders', {
    data: {
      eventId: choice.eventId,
      items: [{ sectorId: choice.sectorId, quantity: 1 }],
      buyer: { name, email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const orderId: string = (await placed.json()).id;
  expect((await (await context.request.post(`/api/orders/${orderId}/simulate-pix-payment`, { data: {} })).json()).status).toBe('completed');
  return { orderId, eventTitle: choice.title };
}

describe('an admin refunds a ticket and the door stops admitting it', () => {
  it('buyer pays with PIX and asks for a refund, the admin approves it, the door refuses the ticket', async () => {
    // The buyer, on a phone, buys one ticket and pays with the simulated PIX.
    const buyer = await signedIn(phone, 'user', '/events');
    const page = buyer.page;
    await page.getByPlaceholder('Buscar eventos...').fill('Techno All Night');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Techno All Night');
    const results = page.getByRole('link', { name: /^Ver detalhes:/ });
    await expect.poll(() => results.count()).toBe(1);
    await results.click();
    await page.waitForURL(/\/event\//);
    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await expect.poll(() => checkout.isVisible()).toBe(true);
    await checkout.getByLabel('Telefone').fill('47991234567');
    await checkout.getByLabel('CPF').fill('52998224725');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await expect.poll(() => checkout.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Simular pagamento' }).click();
    await seeTicketsAfterPurchase(page);
    const orderId = await latestOrderId(buyer.context);
    const [code] = await ticketCodes(buyer.context, orderId);
    expect(code).toMatch(/^NL1\./);
    const refundId = await requestRefund(buyer.context, orderId, 'Não vou conseguir ir ao evento.');
    await buyer.context.close();

    // The admin, on a desktop, approves it with a note.
    const admin = await signedIn(desktop, 'admin', '/admin/refunds?status=pending');
    const adminPage = admin.page;
    await expect.poll(() => adminPage.getByRole('heading', { name: 'Reembolsos', level: 1 }).isVisible()).toBe(true);
    const row = adminPage.getByRole('row').filter({ hasText: `#${refundId.slice(0, 8)}` });
    await expect.poll(() => row.getByText('Não vou conseguir ir ao evento.').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Pendente', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText(/Techno All Night/).isVisible()).toBe(true);
    await row.getByRole('button', { name: /^Aprovar reembolso de/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Aprovar reembolso' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Observações (opcional)').fill('Aprovado: evento fora do seu alcance.');
    await dialog.getByRole('button', { name: 'Aprovar reembolso' }).click();
    await expect.poll(() => adminPage.getByText('Reembolso aprovado com sucesso!').isVisible()).toBe(true);
    // Approved refunds leave the pending filter; under 'Processados' it shows who decided.
    await expect.poll(() => row.count()).toBe(0);
    await adminPage.getByRole('link', { name: /^Processados/ }).click();
    await adminPage.waitForURL((url) => url.searchParams.get('status') === 'processed');
    const processed = adminPage.getByRole('row').filter({ hasText: `#${refundId.slice(0, 8)}` });
    await expect.poll(() => processed.getByText('Processado', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => processed.getByText(demoAccount(app, 'admin').email).isVisible()).toBe(true);
    await expect.poll(() => processed.getByText('Aprovado: evento fora do seu alcance.').isVisible()).toBe(true);
    const [stored] = await app.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(stored.status).toBe('processed');
    await admin.context.close();

    // The door validator scans the refunded ticket.
    const door = await signedIn(phone, 'validator', '/validator');
    await pickDoorEventFor(app, door.page, code);
    const field = door.page.getByLabel('Código QR do ingresso');
    await field.fill(code);
    await field.press('Enter');
    await expect.poll(() => door.page.getByText('INVÁLIDO', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => door.page.getByText('Ingresso reembolsado').first().isVisible()).toBe(true);
    await door.context.close();
  });

  it('on a phone, the admin rejects a request with a reason, found under Rejeitados', async () => {
    const buyer = await newContext(browser, phone, app.baseUrl);
    await signIn(await buyer.newPage(), 'user', '/');
    const { orderId, eventTitle } = await buyThroughApi(buyer);
    const refundId = await requestRefund(buyer, orderId, 'Mudança de planos.');
    const [code] = await ticketCodes(buyer, orderId);
    await buyer.close();

    const admin = await signedIn(phone, 'admin', '/admin/refunds');
    const page = admin.page;
    const card = page.getByRole('listitem').filter({ hasText: `#${refundId.slice(0, 8)}` });
    await expect.poll(() => card.getByText('Mudança de planos.').isVisible()).toBe(true);
    await expect.poll(() => card.getByText(eventTitle).isVisible()).toBe(true);
    await card.getByRole('button', { name: /^Rejeitar reembolso de/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejeitar reembolso' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Observações (opcional)').fill('Fora do prazo de reembolso.');
    await dialog.getByRole('button', { name: 'Rejeitar reembolso' }).click();
    await expect.poll(() => page.getByText('Reembolso rejeitado com sucesso!').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Rejeitado', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Fora do prazo de reembolso.').isVisible()).toBe(true);
    await page.getByRole('link', { name: /^Rejeitados/ }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'rejected');
    await expect.poll(() => card.getByText('Rejeitado', { exact: true }).isVisible()).toBe(true);
    await admin.context.close();

    // A rejected refund leaves the ticket valid.
    const door = await signedIn(phone, 'validator', '/validator');
    await pickDoorEventFor(app, door.page, code);
    const field = door.page.getByLabel('Código QR do ingresso');
    await field.fill(code);
    await field.press('Enter');
    await expect.poll(() => door.page.getByText('ENTRADA LIBERADA').isVisible()).toBe(true);
    await door.context.close();
  });

  it("reads a buyer's own withdrawal as theirs, and 'conta removida' only where the deciding admin's account is gone", async () => {
    // The buyer's 'Cancelar compra' within the 7 days: approved at once, by no admin.
    const buyer = await newContext(browser, desktop, app.baseUrl);
    await signIn(await buyer.newPage(), 'user', '/');
    const { orderId: withdrawnOrder } = await buyThroughApi(buyer);
    const withdrawn = await buyer.request.post('/api/refunds/withdraw', { data: { orderId: withdrawnOrder } });
    expect(withdrawn.status()).toBe(201);
    // An admin approved this one, and that admin's account was deleted since (its reference set to null).
    const { orderId: decidedOrder } = await buyThroughApi(buyer);
    const decidedId = await requestRefund(buyer, decidedOrder, 'Não poderei comparecer.');
    await buyer.close();
    const [withdrawal] = await app.deps.db.select().from(refunds).where(eq(refunds.orderId, withdrawnOrder));
    expect(withdrawal).toMatchObject({ origin: 'withdrawal', processedBy: null });
    expect(['approved', 'processed']).toContain(withdrawal.status);
    await app.deps.db
      .update(refunds)
      .set({ status: 'approved', processedAt: new Date(), processedBy: null })
      .where(eq(refunds.id, decidedId));

    for (const size of [desktop, phone]) {
      const { context, page } = await signedIn(size, 'admin', '/admin/refunds');
      const scope = size === desktop ? page.getByRole('row') : page.getByRole('listitem');
      const ofWithdrawal = scope.filter({ hasText: `#${withdrawal.id.slice(0, 8)}` });
      const ofDecided = scope.filter({ hasText: `#${decidedId.slice(0, 8)}` });
      await expect.poll(() => ofWithdrawal.getByText('Desistência do comprador (automática)').isVisible()).toBe(true);
      expect(await ofWithdrawal.getByText('conta removida').count()).toBe(0);
      await expect.poll(() => ofDecided.getByText('conta removida').isVisible()).toBe(true);
      expect(await ofDecided.getByText('Desistência do comprador (automática)').count()).toBe(0);
      await ofWithdrawal.scrollIntoViewIfNeeded();
      await shoot(page, `admin-refunds-withdrawal-${size === desktop ? 'desktop' : 'phone'}`);
      await expectNoAxeViolationsInBothThemes(page, `/admin/refunds with a withdrawal (${size === desktop ? 'desktop' : 'phone'})`);
      await context.close();
    }
  });

  it('has no accessibility violations on /admin/refunds, light and dark, desktop and phone', async () => {
    for (const size of [desktop, phone]) {
      for (const theme of ['light', 'dark'] as const) {
        const { context, page } = await signedIn(size, 'admin', '/admin/refunds', theme);
        await expect.poll(() => page.getByText(/^Todos: \d+ solicitaç/).isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
        expect(results.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        // The page fits the screen: nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await context.close();
      }
    }
  });

  it('sends a buyer who opens /admin/refunds back to the home page', async () => {
    const { context, page } = await signedIn(phone, 'user', '/');
    await page.goto('/admin/refunds');
    await page.waitForURL((url) => url.pathname === '/');
    const response = await context.request.get('/api/admin/refunds');
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe('Acesso negado. Apenas administradores podem gerenciar reembolsos.');
    await context.close();
  });
});

/** The buyer's newest order, from their own /api/tickets. */
async function latestOrderId(context: BrowserContext): Promise<string> {
  const body = await (await context.request.get('/api/tickets')).json();
  return body.orders[0].orderId;
}
