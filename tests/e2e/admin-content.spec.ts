import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { and, asc, eq } from 'drizzle-orm';
import { coupons, events, orders, ticketLots, sectors } from '../../src/server/db/schema';
import { formatCentavos } from '../../src/shared/money';
import { isEventPast } from '../../src/shared/dates';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount } from '../support/people';
import { seeTicketsAfterPurchase } from '../support/purchase';

// The back office's coupons, news, banners and dashboard, as an admin and a buyer use them.

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
async function signIn(page: Page, role: 'admin' | 'user', redirect: string) {
  const { email, password } = demoAccount(app, role);
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
  await page.goto(redirect);
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('coupons from the back office to the checkout', () => {
  it('an admin creates a coupon and a buyer pays the discounted total with it', async () => {
    const adminContext = await newContext(browser, desktop, app.baseUrl);
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', '/admin/coupons');
    // The demo data's one code: the pre-sale of AY-YO K-Pop Night (it unlocks a sector, no discount).
    await expect.poll(() => admin.getByRole('row', { name: /AYYOFA-7K2Q/ }).isVisible()).toBe(true);

    // An empty form is refused with the server's messages.
    await admin.getByRole('button', { name: 'Novo cupom' }).first().click();
    const form = admin.getByRole('dialog', { name: 'Novo cupom' });
    await form.getByRole('button', { name: 'Criar cupom' }).click();
    await expect.poll(() => form.getByText('Código do cupom é obrigatório').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Valor do desconto é obrigatório').isVisible()).toBe(true);
    // The event picker offers the events not over yet, soonest first, and none that has ended.
    const allEvents = await app.deps.db.select().from(events);
    const ended = allEvents.filter((e) => isEventPast(e, new Date()));
    expect(ended.length).toBeGreaterThan(0);
    const picker = form.getByLabel('Evento', { exact: true });
    await expect.poll(() => picker.locator('option').count()).toBe(allEvents.length - ended.length + 1);
    const offered = await picker.locator('option').allTextContents();
    for (const event of ended)
      expect(
        offered.some((text) => text.startsWith(`${event.title} (`)),
        event.title,
      ).toBe(false);

    await form.getByLabel('Código').fill('festa15');
    await form.getByLabel('Desconto (%)').fill('15');
    await form.getByLabel('Limite de usos').fill('10');
    await form.getByRole('button', { name: 'Criar cupom' }).click();
    await expect.poll(visible(admin, 'Cupom criado com sucesso!')).toBe(true);
    const row = admin.getByRole('row', { name: /FESTA15/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toMatch(/15%.*0\/10.*Sem prazo.*Todos os eventos/);

    // The buyer, on a phone, applies it at checkout.
    const [event] = await app.deps.db.select().from(events).where(eq(events.title, 'Next Level Warehouse: Techno All Night'));
    // The first sector at its first lot's price; Next Level passes on a 10 % fee (at least R$ 3,00) on what is paid.
    const [type] = await app.deps.db
      .select({ id: sectors.id, priceCentavos: ticketLots.priceCentavos })
      .from(sectors)
      .innerJoin(ticketLots, and(eq(ticketLots.sectorId, sectors.id), eq(ticketLots.position, 1)))
      .where(eq(sectors.eventId, event.id))
      .orderBy(asc(sectors.sortOrder));
    const discount = Math.round((type.priceCentavos * 15) / 100);
    const fee = Math.max(300, Math.round((type.priceCentavos - discount) / 10));
    const total = type.priceCentavos - discount + fee;

    const buyerContext = await newContext(browser, phone, app.baseUrl);
    const buyer = await buyerContext.newPage();
    await signIn(buyer, 'user', `/event/${event.id}`);
    await buyer
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await buyer.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Finalizar pagamento' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Telefone').fill('47991234567');
    await dialog.getByLabel('CPF').fill('52998224725');

    await dialog.getByLabel('Cupom de desconto').fill('naoexiste');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => dialog.getByText('Cupom inválido.').isVisible()).toBe(true);

    await dialog.getByLabel('Cupom de desconto').fill('festa15');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => dialog.getByText(/Cupom FESTA15 aplicado/).isVisible()).toBe(true);
    const summary = dialog.locator('section[aria-labelledby="checkout-summary-title"]');
    await expect.poll(() => summary.textContent()).toContain(`Desconto (FESTA15)-${formatCentavos(discount)}`);
    await expect.poll(() => summary.textContent()).toContain(`Total${formatCentavos(total)}`);

    await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();
    await expect.poll(visible(buyer, 'PIX gerado com sucesso! Complete o pagamento para confirmar a compra.')).toBe(true);
    // The PIX charged is the discounted total.
    await expect.poll(() => dialog.getByText(formatCentavos(total), { exact: true }).first().isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Simular pagamento' }).click();
    await seeTicketsAfterPurchase(buyer);

    const [paid] = await app.deps.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(paid).toMatchObject({
      status: 'completed',
      subtotalCentavos: type.priceCentavos,
      discountCentavos: discount,
      totalCentavos: total,
    });
    const [coupon] = await app.deps.db.select().from(coupons).where(eq(coupons.code, 'FESTA15'));
    expect(coupon).toMatchObject({ currentUses: 1, heldUses: 0, id: paid.couponId });
    await buyerContext.close();

    // Back in the office: the use is counted; deleting a used coupon only deactivates it.
    await admin.reload();
    await expect.poll(async () => (await admin.getByRole('row', { name: /FESTA15/ }).textContent()) ?? '').toMatch(/1\/10/);
    await admin.getByRole('button', { name: 'Excluir cupom FESTA15' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Tem certeza que deseja excluir este cupom?' });
    await expect.poll(() => confirm.getByText(/será desativado e mantido no histórico/).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Desativar' }).click();
    await expect.poll(visible(admin, 'Cupom desativado')).toBe(true);
    await expect.poll(() => admin.getByRole('switch', { name: 'Cupom FESTA15 ativo' }).getAttribute('aria-checked')).toBe('false');

    // The dashboard counts the sale in reais: its 'Vendas brutas' are the tickets net of the discount, without the fee.
    await admin.goto('/admin');
    await expect.poll(visible(admin, formatCentavos(type.priceCentavos - discount))).toBe(true);
    await adminContext.close();
  });
});

describe('news from the back office to the home page', () => {
  it('an admin publishes a news item and it shows under Últimas notícias', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await signIn(page, 'admin', '/admin/news');
    await page.getByRole('button', { name: 'Nova notícia' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova notícia' });
    await form.getByRole('button', { name: 'Criar notícia' }).click();
    await expect.poll(() => form.getByText('Título é obrigatório').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Prévia é obrigatória').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Categoria é obrigatória').isVisible()).toBe(true);

    await form.getByLabel('Título').fill('KXP anuncia festival de inverno');
    await form.getByLabel('Categoria').fill('KXP');
    await form.getByLabel('Prévia').fill('Três dias de cultura coreana em Itajaí.');
    await form.getByText('Publicada', { exact: true }).click();
    await form.getByRole('button', { name: 'Criar notícia' }).click();
    await expect.poll(visible(page, 'Notícia criada com sucesso!')).toBe(true);

    await page.goto('/');
    const latest = page.locator('section[aria-labelledby="latest-news-title"]');
    await expect.poll(() => latest.getByText('KXP anuncia festival de inverno').isVisible()).toBe(true);
    await expect.poll(() => latest.getByText('Três dias de cultura coreana em Itajaí.').isVisible()).toBe(true);
    await context.close();
  });

  it("the dashboard's quick actions open the create forms once; a reload does not reopen them", async () => {
    const context = await newContext(browser, desktop, app.baseUrl);
    const page = await context.newPage();
    await signIn(page, 'admin', '/admin');
    for (const [action, dialogName] of [
      ['Nova notícia', 'Nova notícia'],
      ['Novo cupom', 'Novo cupom'],
    ] as const) {
      await page.goto('/admin');
      await page.getByRole('link', { name: new RegExp(`^${action}`) }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
      expect(await dialog.count()).toBe(0);
    }
    await context.close();
  });
});

describe('accessibility of the back office pages', () => {
  for (const [sizeName, size] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`has no axe violations on /admin, /admin/coupons, /admin/news and /admin/banners (${sizeName}, ${theme})`, async () => {
        const context = await newContext(browser, size, app.baseUrl);
        await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
        const page = await context.newPage();
        await signIn(page, 'admin', '/admin');
        const ready: Record<string, string | RegExp> = {
          '/admin': 'Vendas por dia',
          '/admin/coupons': /Nenhum cupom cadastrado|\d+ cupo(m|ns)/,
          '/admin/news': /\d+ notícias?/,
          '/admin/banners': /\d+ banners?/,
        };
        for (const [path, text] of Object.entries(ready)) {
          await page.goto(path);
          await expect.poll(visible(page, text)).toBe(true);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
          const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
          expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        }
        await context.close();
      });
    }
  }
});
