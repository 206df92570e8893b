import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { auditEntries, userRoles, users } from '../../src/server/db/schema';
import { launchBrowser, newContext, desktop, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { csvProblems } from '../support/copy-check';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';

// 'Histórico' (docs/screens.md 'Histórico'): an event with a refund approved, a lot's price changed
// and a drawer closed shows the three in its history, by real actions through the API and the
// screens; the filters narrow it, the CSV reads in pt-BR; at 360 x 740 and on a desktop, both themes.

const small = { ...phone, viewport: { width: 360, height: 740 } };

let app: RunningApp;
let browser: Browser;
let eventId = '';
let orderId = '';
let title = '';
let adminName = '';
let adminId = '';

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function signedIn(
  size: typeof phone | typeof desktop,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
  return { context, page };
}

const admin = (size: typeof phone | typeof desktop) => {
  const { email, password } = demoAccount(app, 'admin');
  return signedIn(size, email, password);
};

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The entries of the page's history (each entry's own list of changes left out). */
const entries = (page: Page) => page.getByRole('list', { name: /^Histórico/ }).locator(':scope > li');

describe("an event's history", () => {
  it("records a refund approved, a lot price changed in the form and a drawer closed, and shows them in the event's Histórico", async () => {
    title = `Histórico Vivo ${Math.random().toString(36).slice(2, 6)}`;
    // Starts in an hour: the box office may open a drawer for it.
    // 'Pista' is not sold yet, so its price may change; the buyer buys 'Camarote'.
    const made = await createEvent(
      app,
      [
        { name: 'Pista', priceCentavos: 8000, remaining: 50 },
        { name: 'Camarote', priceCentavos: 20000, remaining: 20 },
      ],
      {
        title,
        startsAt: new Date(Date.now() + 3_600_000),
      },
    );
    eventId = made.event.id;
    const account = demoAccount(app, 'admin');
    const [row] = await app.deps.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, account.email));
    adminId = row.id;
    adminName = row.name;

    // A buyer pays one ticket with the simulated PIX and asks for the refund.
    const person = await createBuyer(app, { fullName: 'Marina Albuquerque Castelo Branco de Oliveira', emailPrefix: 'historico' });
    const buyer = await signedIn(desktop, person.email, person.password);
    const placed = await buyer.page.request.post('/api/orders', {
      data: {
        eventId,
        items: [{ sectorId: made.sectors[1].id, quantity: 1 }],
        buyer: {
          name: 'Marina Albuquerque Castelo Branco de Oliveira',
          email: person.email,
          phone: '(47) 99123-4567',
          cpf: '529.982.247-25',
        },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    orderId = (await placed.json()).id;
    expect((await buyer.page.request.post(`/api/orders/${orderId}/simulate-pix-payment`, { data: {} })).status()).toBe(200);
    const asked = await buyer.page.request.post('/api/refunds', { data: { orderId, reason: 'Não vou conseguir ir.' } });
    expect(asked.status()).toBe(201);
    const refundId: string = (await asked.json()).id;
    await buyer.context.close();

    const { context, page } = await admin(desktop);
    // The admin approves the refund.
    const approved = await page.request.post(`/api/admin/refunds/${refundId}/approve`, { data: { adminNotes: 'Aprovado pelo painel.' } });
    expect(approved.status(), await approved.text()).toBe(200);
    // The admin raises the lot's price in the event's form: R$ 80,00 -> R$ 90,00.
    await page.goto(`/admin/events/${eventId}/edit`);
    const price = page.getByLabel('Preço (R$)').first();
    await poll(() => price.inputValue()).toBe('80,00');
    await price.fill('90,00');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/events');
    // The admin opens a drawer at the box office with R$ 100,00 and closes it counting R$ 95,00.
    await app.deps.db.insert(userRoles).values({ userId: adminId, role: 'box_office' }).onConflictDoNothing();
    const opened = await page.request.post('/api/box-office/drawers', {
      data: { eventId, floatCentavos: 10000, deviceId: 'aparelho-historico-1' },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const closed = await page.request.post(`/api/box-office/drawers/${(await opened.json()).id}/close`, {
      data: { countedCentavos: 9500 },
    });
    expect(closed.status(), await closed.text()).toBe(200);

    const actions = (
      await app.deps.db.select({ action: auditEntries.action }).from(auditEntries).where(eq(auditEntries.eventId, eventId))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['refund.requested', 'refund.approved', 'drawer.opened', 'drawer.closed']));

    // The event's page: its 'Histórico' section shows the latest, newest first.
    await page.goto(`/admin/events/${eventId}/edit`);
    const section = page.getByRole('region', { name: 'Histórico' });
    await poll(() => section.getByRole('listitem').first().textContent()).toContain('Caixa fechado');
    expect(await section.getByRole('listitem').first().textContent()).toMatch(new RegExp(`^Hoje, \\d{2}:\\d{2} · ${adminName}`));
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'audit-event-section', { region: section });
    await section.getByRole('link', { name: 'Ver histórico completo' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit' && url.searchParams.get('eventId') === eventId);
    await poll(() => page.getByRole('heading', { level: 1, name: 'Histórico do evento' }).isVisible()).toBe(true);
    await poll(() => page.getByText(title, { exact: true }).first().isVisible()).toBe(true);

    const text = async () => (await entries(page).allTextContents()).join('\n');
    await poll(text).toContain('Reembolso aprovado');
    expect(await text()).toContain('Caixa fechado');
    expect(await text()).toContain('Reembolso solicitado');
    expect(await text()).toContain('Contado: R$ 95,00');
    // The refund's entries name the buyer and link to the order's history.
    const refundEntry = entries(page).filter({ hasText: 'Reembolso aprovado' });
    expect(await refundEntry.getByRole('link', { name: `Pedido #${orderId.slice(0, 8)}` }).count()).toBe(1);
    await expectNoAxeViolationsInBothThemes(page, 'histórico do evento');
    await shoot(page, 'audit-event', { fullPage: true });

    // 'Ação' narrows to the drawer's close; 'Limpar filtros' brings everything back.
    await page.getByLabel('Ação', { exact: true }).selectOption({ label: 'Caixa fechado' });
    await page.waitForURL((url) => url.searchParams.get('action') === 'drawer.closed');
    await poll(() => entries(page).count()).toBe(1);
    expect(await entries(page).first().textContent()).toContain('Caixa fechado');
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await poll(() => entries(page).count()).toBeGreaterThanOrEqual(4);
    expect(new URL(page.url()).searchParams.get('eventId')).toBe(eventId);

    // 'Quem': the buyer's own request, then the admin's actions.
    await page.getByLabel('Quem', { exact: true }).selectOption({ label: adminName });
    await page.waitForURL((url) => url.searchParams.get('actorId') === adminId);
    await poll(() => text()).not.toContain('Reembolso solicitado');
    expect(await text()).toContain('Reembolso aprovado');
    await page.getByLabel('Quem', { exact: true }).selectOption({ label: 'Todas as pessoas' });

    // 'De' and 'Até': today holds them all, tomorrow nothing.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + 86_400_000));
    await page.getByLabel('De', { exact: true }).fill(today);
    await page.getByLabel('Até', { exact: true }).fill(today);
    await page.waitForURL((url) => url.searchParams.get('to') === today);
    await poll(() => entries(page).count()).toBeGreaterThanOrEqual(4);
    await page.getByLabel('Até', { exact: true }).fill('');
    await page.getByLabel('De', { exact: true }).fill(tomorrow);
    await poll(() => page.getByText('Nada encontrado').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'histórico sem resultados');
    await page.getByRole('button', { name: 'Limpar filtros' }).click();

    // 'Baixar CSV': what the filters show, in pt-BR for Excel.
    const csvLink = page.getByRole('link', { name: 'Baixar CSV' });
    await poll(() => csvLink.isVisible()).toBe(true);
    const href = (await csvLink.getAttribute('href'))!;
    expect(href).toBe(`/api/admin/audit.csv?eventId=${eventId}`);
    const csv = await page.request.get(href);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = await csv.body();
    expect(csvProblems(new Uint8Array(bytes))).toEqual([]);
    const body = bytes.toString('utf8');
    expect(body).toContain('Data e hora;Quem;Ação;Evento;Objeto;Pessoa;Alterações;IP');
    expect(body).toContain('Reembolso aprovado');
    expect(body).toContain('Caixa fechado');

    // The lot's new price, as the form saved it: 'Pista 1º lote: R$ 80,00 → R$ 90,00'.
    await page.goto(`/admin/audit?eventId=${eventId}`);
    await poll(text).toMatch(/Setores e lotes alterados.*Pista 1º lote: R\$ 80,00 →(para)? R\$ 90,00/);
    expect(body).toMatch(/Setores e lotes alterados;.*;Pista 1º lote: R\$ 80,00 → R\$ 90,00/);
    await context.close();
  });

  it('opens the history of an order from its refund and of a person from Equipe, and fits a 360 px phone in both themes', async () => {
    expect(eventId).not.toBe('');
    const { context, page } = await admin(small);

    // From the refund request: 'Histórico do pedido'.
    await page.goto('/admin/refunds');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await poll(() => card.first().isVisible()).toBe(true);
    await card
      .first()
      .getByRole('link', { name: /^Histórico do pedido/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/audit' && url.searchParams.get('orderId') === orderId);
    await poll(() => page.getByRole('heading', { level: 1, name: `Histórico do pedido #${orderId.slice(0, 8)}` }).isVisible()).toBe(true);
    await poll(() => entries(page).count()).toBeGreaterThanOrEqual(2);
    expect((await entries(page).allTextContents()).join('\n')).not.toContain('Caixa fechado');
    await expectNoSidewaysScroll(page, 360);
    await expectNoAxeViolationsInBothThemes(page, 'histórico do pedido, 360 px');
    await shoot(page, 'audit-order', { fullPage: true });

    // The event's history on the phone: long names wrap, nothing scrolls sideways.
    await page.goto(`/admin/audit?eventId=${eventId}`);
    await poll(() => entries(page).count()).toBeGreaterThanOrEqual(4);
    await expectNoSidewaysScroll(page, 360);
    await expectNoAxeViolationsInBothThemes(page, 'histórico do evento, 360 px');

    // From 'Equipe': a person's history.
    await page.goto('/admin/staff');
    await page
      .getByRole('link', { name: `Histórico de ${adminName}` })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/audit' && url.searchParams.get('personId') === adminId);
    await poll(() => page.getByRole('heading', { level: 1, name: `Histórico de ${adminName}` }).isVisible()).toBe(true);
    await poll(() => entries(page).count()).toBeGreaterThanOrEqual(2);
    await expectNoSidewaysScroll(page, 360);

    // The sidebar's 'Histórico': everything.
    await page.goto('/admin/audit');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Histórico' }).isVisible()).toBe(true);
    await poll(() => entries(page).count()).toBeGreaterThanOrEqual(4);
    await expectNoSidewaysScroll(page, 360);
    await expectNoAxeViolationsInBothThemes(page, 'histórico geral, 360 px');
    await shoot(page, 'audit-all');
    await context.close();
  });

  it('is refused to anyone but an admin', async () => {
    const { email, password } = demoAccount(app, 'validator');
    const { context, page } = await signedIn(desktop, email, password);
    expect((await page.request.get('/api/admin/audit')).status()).toBe(403);
    expect((await page.request.get(`/api/admin/audit.csv?eventId=${eventId}`)).status()).toBe(403);
    await context.close();
  });
});
