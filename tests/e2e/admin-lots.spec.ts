import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { asc, eq } from 'drizzle-orm';
import { events, orders, ticketLots, sectors } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount, signInWithForm } from '../support/people';

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

const poll = expect.poll;
const RUN = Date.now().toString(36);
const TITLE = `Festival em Lotes ${RUN}`;
const GUEST_EMAIL = `convidada-${RUN}@exemplo.com.br`;
const EVENT_DATE = saoPauloToday(new Date(Date.now() + 45 * 86_400_000));

async function adminContext(size: typeof phone | typeof desktop, redirect: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const { email, password } = demoAccount(app, 'admin');
  await signInWithForm(page, email, password, redirect);
  return { context, page };
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first().isVisible();

let eventId = '';

describe('an organizer sells a sector in lots', () => {
  it('creates a draft event with a sector in two lots and a 10 % fee', async () => {
    const { context, page } = await adminContext(desktop, '/admin/events/new');
    await poll(() => page.getByRole('heading', { name: 'Novo evento' }).isVisible()).toBe(true);

    // A new event is a draft until the organizer publishes it; the limits start at 6 and 4.
    expect(await page.getByLabel('Rascunho').isChecked()).toBe(true);
    expect(await page.getByLabel('Limite por pedido').inputValue()).toBe('6');
    expect(await page.getByLabel('Limite por CPF').inputValue()).toBe('4');

    await page.getByLabel('Título do evento').fill(TITLE);
    await page.getByLabel('Marca').selectOption('Next Level Events');
    await page.getByLabel('Data do evento').fill(EVENT_DATE);
    await page.getByLabel('Horário de início').fill('22:00');
    await page.getByLabel('Local do evento').fill('Galpão dos Lotes');
    await page.getByLabel('Nome do setor').fill('Pista');

    // The money field fills from the right, as bank apps do: 6, 0, 0, 0 is R$ 60,00.
    const firstPrice = page.getByLabel('Preço (R$)').first();
    await firstPrice.click();
    await firstPrice.pressSequentially('60');
    await poll(() => firstPrice.inputValue()).toBe('0,60');
    await firstPrice.pressSequentially('00');
    await poll(() => firstPrice.inputValue()).toBe('60,00');
    await page.getByLabel('Quantidade disponível').first().fill('50');

    await page.getByRole('button', { name: 'Adicionar lote em Pista' }).click();
    await poll(() => page.getByRole('heading', { name: '2º lote' }).isVisible()).toBe(true);
    await page.getByLabel('Preço (R$)').nth(1).fill('80,00');
    await page.getByLabel('Quantidade disponível').nth(1).fill('100');

    await page.getByLabel('Taxa de serviço (%)').fill('10');
    await page.getByRole('button', { name: 'Criar evento' }).click();
    await poll(() => visible(page, 'Evento e ingressos criados com sucesso!')).toBe(true);
    // 'Criar evento' opens the new event's page, where its sessions, waiting room and courtesies live.
    const [saved] = await app.deps.db.select().from(events).where(eq(events.title, TITLE));
    eventId = saved.id;
    await page.waitForURL((url) => url.pathname === `/admin/events/${eventId}/edit`);
    await page.goto('/admin/events');
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await poll(() => row.isVisible()).toBe(true);
    await poll(() => row.getByText('Rascunho', { exact: true }).isVisible()).toBe(true);

    expect(saved).toMatchObject({
      isPublished: false,
      serviceFeeBasisPoints: 1000,
      serviceFeeAbsorbed: false,
      maxTicketsPerOrder: 6,
      maxTicketsPerCpf: 4,
    });
    const [sector] = await app.deps.db.select().from(sectors).where(eq(sectors.eventId, eventId));
    const lots = await app.deps.db.select().from(ticketLots).where(eq(ticketLots.sectorId, sector.id)).orderBy(asc(ticketLots.position));
    expect(lots.map((lot) => [lot.position, lot.priceCentavos, lot.quantity])).toEqual([
      [1, 6000, 50],
      [2, 8000, 100],
    ]);
    // A draft is not on the public site.
    expect((await context.request.get(`/api/events/${eventId}`)).status()).toBe(404);
    await context.close();
  });

  it('shows the lots on the event page, publishes the event and issues a courtesy to a new e-mail', async () => {
    expect(eventId).not.toBe('');
    const { context, page } = await adminContext(desktop, `/admin/events/${eventId}/edit`);
    const sales = page.getByRole('region', { name: 'Vendas' });
    await poll(() => sales.getByText('Vendas brutas', { exact: true }).isVisible()).toBe(true);
    await poll(() => sales.getByText('Líquido').isVisible()).toBe(true);
    await poll(() => sales.getByRole('row', { name: /1º lote/ }).textContent()).toMatch(/R\$ 60,00.*0.*0.*50/);
    await poll(() => sales.getByRole('row', { name: /2º lote/ }).textContent()).toMatch(/R\$ 80,00.*0.*0.*100/);
    await poll(() => visible(page, /^Meia-entrada: 0 de \d+ vendidas \(reserva de 40%\)$/)).toBe(true);
    // The form shows the saved lots and the fee as percent.
    expect(await page.getByLabel('Preço (R$)').nth(1).inputValue()).toBe('80,00');
    expect(await page.getByLabel('Taxa de serviço (%)').inputValue()).toBe('10');

    // Published on purpose, through the edit form: the lots come back unchanged.
    await page.getByText('Publicado', { exact: true }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => visible(page, 'Evento e ingressos atualizados com sucesso!')).toBe(true);
    await page.waitForURL((url) => url.pathname === '/admin/events');
    expect((await context.request.get(`/api/events/${eventId}`)).status()).toBe(200);
    const [sector] = await app.deps.db.select().from(sectors).where(eq(sectors.eventId, eventId));
    const lots = await app.deps.db.select().from(ticketLots).where(eq(ticketLots.sectorId, sector.id)).orderBy(asc(ticketLots.position));
    expect(lots.map((lot) => [lot.position, lot.priceCentavos, lot.remaining])).toEqual([
      [1, 6000, 50],
      [2, 8000, 100],
    ]);

    await page.goto(`/admin/events/${eventId}/edit`);
    const courtesies = page.getByRole('region', { name: 'Cortesias' });
    await poll(() => courtesies.getByText('Nenhuma cortesia emitida').isVisible()).toBe(true);

    // A CSV with a bad line: the good ones are counted, the bad one refused with its number.
    await courtesies.getByLabel('Arquivo CSV').setInputFiles({
      name: 'convidados.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`nome,email\nBeto Lima,beto-${RUN}@exemplo.com.br\nsem e-mail aqui\n`),
    });
    await poll(() => courtesies.getByText(/convidados\.csv: 2 linhas lidas · 1 pronta para emitir · 1 recusada/).isVisible()).toBe(true);
    await poll(() => courtesies.getByText('Linha 3: use o formato nome,email').isVisible()).toBe(true);

    // One courtesy typed by hand, to someone without an account.
    await courtesies.getByLabel('Setor').selectOption({ label: 'Pista' });
    await courtesies.getByRole('textbox', { name: 'Nome', exact: true }).fill('Carla Convidada');
    await courtesies.getByLabel('E-mail').fill(GUEST_EMAIL);
    await courtesies.getByRole('button', { name: 'Emitir cortesia' }).click();
    await poll(() => visible(page, 'Cortesia emitida!')).toBe(true);
    const listed = courtesies.getByRole('row', { name: /Carla Convidada/ });
    await poll(() => listed.isVisible()).toBe(true);
    expect(await listed.textContent()).toContain(GUEST_EMAIL);
    expect(await listed.textContent()).toContain('Pista');
    expect(await listed.textContent()).toContain('Aguardando cadastro');
    // The form is ready for the next one.
    expect(await courtesies.getByLabel('E-mail').inputValue()).toBe('');

    const [courtesy] = await app.deps.db.select().from(orders).where(eq(orders.buyerEmail, GUEST_EMAIL));
    expect(courtesy).toMatchObject({ eventId, paymentProvider: 'courtesy', totalCentavos: 0 });
    await context.close();
  });

  it('shows the event page without sideways scroll on a small phone', async () => {
    expect(eventId).not.toBe('');
    const context = await newContext(browser, { ...phone, viewport: { width: 360, height: 740 } }, app.baseUrl);
    const page = await context.newPage();
    const { email, password } = demoAccount(app, 'admin');
    await signInWithForm(page, email, password, `/admin/events/${eventId}/edit`);
    await poll(() =>
      page.getByRole('region', { name: 'Cortesias' }).getByText('Carla Convidada').filter({ visible: true }).first().isVisible(),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
