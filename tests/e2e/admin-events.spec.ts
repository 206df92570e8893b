import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { eq, inArray } from 'drizzle-orm';
import { events, ticketLots, sectors } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount } from '../support/people';
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

const poll = expect.poll;
const TITLE = `Noite KXP de Teste ${Date.now().toString(36)}`;
const EVENT_DATE = saoPauloToday(new Date(Date.now() + 30 * 86_400_000));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Signs the page's browser context in through the API (the sign-in form is the journeys' test) and opens `redirect`. */
async function signIn(page: Page, role: 'admin' | 'user', redirect: string) {
  const { email, password } = demoAccount(app, role);
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
  await page.goto(redirect);
}

async function adminContext(
  size: typeof phone | typeof desktop,
  theme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size, app.baseUrl);
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  await signIn(page, 'admin', '/admin/events');
  return { context, page };
}

// The toasts come from the app-wide <Toaster> (src/web/main.tsx), not from these pages; its
// richColors error toast is checked where the toaster is configured.
async function expectNoAxeViolations(page: Page, label: string) {
  const result = await new AxeBuilder({ page })
    .exclude('[data-sonner-toaster]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, label).toEqual([]);
}

// The tables are cards on phones: both are in the page, one hidden, so look at visible text only.
const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first().isVisible();

let eventId = '';

describe('an admin runs an event from creation to its buyers', () => {
  it('creates an event with two ticket types after fixing the errors shown in red', async () => {
    const { context, page } = await adminContext(desktop);
    await page.getByRole('link', { name: 'Novo evento' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/events/new');
    await poll(() => page.getByRole('heading', { name: 'Novo evento' }).isVisible()).toBe(true);

    // Defaults of docs/rules/events.md 'Creating and editing events': one 'Ingresso Geral' with 100 left, which cannot be removed.
    await poll(() => page.getByLabel('Nome do setor').first().inputValue()).toBe('Ingresso Geral');
    expect(await page.getByLabel('Quantidade disponível').first().inputValue()).toBe('100');
    expect(
      await page
        .getByRole('button', { name: /^Remover / })
        .first()
        .isDisabled(),
    ).toBe(true);

    // Everything blank: every message of docs/rules/events.md 'Creating and editing events', word for word, and the overall toast.
    await page.getByLabel('Nome do setor').first().fill('');
    await page.getByRole('button', { name: 'Criar evento' }).click();
    await poll(() => visible(page, 'Por favor, corrija os erros destacados em vermelho')).toBe(true);
    for (const message of [
      'Título do evento é obrigatório',
      'Marca é obrigatória',
      'Data do evento é obrigatória',
      'Horário de início é obrigatório',
      'Local do evento é obrigatório',
      'Nome do ingresso é obrigatório',
      'Preço deve ser um valor válido',
    ]) {
      await poll(() => visible(page, message), { message }).toBe(true);
    }
    // An error clears when its field is edited.
    await page.getByLabel('Título do evento').fill(TITLE);
    await poll(() => visible(page, 'Título do evento é obrigatório')).toBe(false);
    // The money field keeps digits only, filled from the right.
    await page.getByLabel('Preço (R$)').first().fill('80,00');
    await poll(() => page.getByLabel('Preço (R$)').first().inputValue()).toBe('80,00');
    await poll(() => visible(page, 'Preço deve ser um valor válido')).toBe(false);

    await page.getByLabel('Marca').selectOption({ label: 'KXP' });
    await page.getByLabel('Descrição', { exact: true }).fill('Uma noite de cultura coreana criada pelo teste.');
    await page.getByLabel('Imagem do evento').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => visible(page, 'Imagem enviada')).toBe(true);
    await page.getByLabel('Data do evento').fill(EVENT_DATE);
    await page.getByLabel('Horário de início').fill('20:00');
    await page.getByLabel('Horário de término').fill('23:30');
    await page.getByLabel('Local do evento').fill('Casa KXP de Testes');
    await page.getByLabel('Endereço completo').fill('Rua Hercílio Luz, 100 - Centro');
    await page.getByLabel('Cidade', { exact: true }).selectOption('Itajaí');
    await page.getByLabel('Nome do setor').first().fill('Ingresso Geral');

    await page.getByRole('button', { name: 'Adicionar setor' }).click();
    await page.getByLabel('Nome do setor').nth(1).fill('VIP');
    await page.getByLabel('Preço (R$)').nth(1).fill('150,50');
    await page.getByLabel('Quantidade disponível').nth(1).fill('20');
    await page.getByLabel('Descrição do setor').nth(1).fill('Área exclusiva com open bar');
    expect(await page.getByRole('button', { name: 'Remover VIP' }).isDisabled()).toBe(false);
    // A new event starts as a draft: published on purpose.
    await page.getByText('Publicado', { exact: true }).click();

    await page.getByRole('button', { name: 'Criar evento' }).click();
    // On to the new event's page, where its sessions, waiting room and courtesies are set up.
    await poll(() => visible(page, 'Evento e ingressos criados com sucesso!')).toBe(true);
    await poll(() => visible(page, 'Agora configure sessões, sala de espera e cortesias.')).toBe(true);
    await page.waitForURL((url) => /^\/admin\/events\/[0-9a-f-]{36}\/edit$/.test(url.pathname));
    const [row] = await app.deps.db.select().from(events).where(eq(events.title, TITLE));
    eventId = row.id;
    expect(new URL(page.url()).pathname).toBe(`/admin/events/${eventId}/edit`);
    await poll(() => page.getByRole('heading', { name: 'Editar evento' }).isVisible()).toBe(true);
    await poll(() => page.getByLabel('Título do evento').inputValue()).toBe(TITLE);

    // In the list its title opens that page; its state reads with the filter's word.
    await page.goto('/admin/events');
    const listed = page.getByRole('row', { name: new RegExp(TITLE) });
    await poll(() => listed.isVisible()).toBe(true);
    await poll(() => listed.getByText('Publicado', { exact: true }).isVisible()).toBe(true);
    await shoot(page, 'admin-events-list');
    await expectNoAxeViolationsInBothThemes(page, '/admin/events with title links');
    await listed.getByRole('link', { name: TITLE, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/events/${eventId}/edit`);
    await poll(() => page.getByLabel('Título do evento').inputValue()).toBe(TITLE);
    expect(row).toMatchObject({ category: 'KXP Events', brandSlug: 'kxp', city: 'Itajaí', capacity: null, isPublished: true });
    expect(row.imageUrl).toMatch(/^\/uploads\/events\/[0-9a-f-]{36}\.png$/);
    const types = await app.deps.db
      .select({ name: sectors.name, priceCentavos: ticketLots.priceCentavos, remaining: ticketLots.remaining })
      .from(sectors)
      .innerJoin(ticketLots, eq(ticketLots.sectorId, sectors.id))
      .where(eq(sectors.eventId, eventId))
      .orderBy(sectors.sortOrder);
    expect(types.map((t) => [t.name, t.priceCentavos, t.remaining])).toEqual([
      ['Ingresso Geral', 8000, 100],
      ['VIP', 15050, 20],
    ]);
    await context.close();
  });

  it('shows the new event on the public /events page and on its own page', async () => {
    expect(eventId).not.toBe('');
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await page.goto(`/events?q=${encodeURIComponent(TITLE)}`);
    await poll(() => page.getByRole('link', { name: `Ver detalhes: ${TITLE}` }).isVisible()).toBe(true);
    await poll(() => visible(page, 'A partir de R$ 80,00')).toBe(true);
    await page.getByRole('link', { name: `Ver detalhes: ${TITLE}` }).click();
    await page.waitForURL((url) => url.pathname === `/event/${eventId}`);
    await poll(() => page.getByRole('heading', { level: 1, name: TITLE }).isVisible()).toBe(true);
    await poll(() => visible(page, 'Área exclusiva com open bar')).toBe(true);
    await poll(() => visible(page, 'R$ 150,50')).toBe(true);
    // The uploaded picture is served.
    const image = await context.request.get((await app.deps.db.select().from(events).where(eq(events.id, eventId)))[0].imageUrl!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    await context.close();
  });

  it('edits the event on a phone, refuses to remove a ticket type with orders, and lists its buyers', async () => {
    // A buyer pays for 2 VIP with PIX (sandbox).
    const buyerContext = await newContext(browser, phone, app.baseUrl);
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, 'user', '/');
    const types = await app.deps.db.select().from(sectors).where(eq(sectors.eventId, eventId)).orderBy(sectors.sortOrder);
    const vip = types.find((t) => t.name === 'VIP')!;
    const placed = await buyerContext.request.post('/api/orders', {
      data: {
        eventId,
        items: [{ sectorId: vip.id, quantity: 2 }],
        buyer: { name: 'Bruna Sakura Tanaka', email: 'bruna@exemplo.com.br', phone: '47991234567', cpf: '52998224725' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status()).toBe(201);
    const paid = await buyerContext.request.post(`/api/orders/${(await placed.json()).id}/simulate-pix-payment`, { data: {} });
    expect((await paid.json()).status).toBe('completed');
    await buyerContext.close();

    const { context, page } = await adminContext(phone);
    // The drawer leads to the events list.
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Painel Admin' });
    await poll(() => drawer.isVisible()).toBe(true);
    await poll(() => visible(page, demoAccount(app, 'admin').email)).toBe(true);
    await drawer.getByRole('link', { name: 'Eventos' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/events');
    await page.getByLabel('Buscar por título ou local').fill(TITLE);
    await page.waitForURL((url) => url.searchParams.get('q') === TITLE);
    await poll(() => page.getByRole('link', { name: `Editar ${TITLE}` }).count()).toBe(1);
    const card = page.getByRole('listitem').filter({ hasText: TITLE });
    // 'Vendas brutas' and 'Líquido' are both R$ 301,00 here (no refunds, no absorbed fees).
    await poll(() => card.getByText('R$ 301,00').first().isVisible()).toBe(true);
    await poll(() => card.getByText('Publicado', { exact: true }).isVisible()).toBe(true);
    // On a phone too, the card's title opens the event.
    await card.getByRole('link', { name: TITLE, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/events/${eventId}/edit`);

    // The form is prefilled.
    await poll(() => page.getByLabel('Título do evento').inputValue()).toBe(TITLE);
    expect(await page.getByLabel('Preço (R$)').nth(1).inputValue()).toBe('150,50');
    expect(await page.getByLabel('Quantidade disponível').nth(1).inputValue()).toBe('18');
    await poll(() => visible(page, '2 vendidos')).toBe(true);

    // VIP has orders: the server refuses to remove it.
    await page.getByRole('button', { name: 'Remover VIP' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
    await poll(() => visible(page, 'Não foi possível remover o setor.')).toBe(true);
    await poll(() => visible(page, /Este ingresso já tem pedidos e não pode ser removido/)).toBe(true);
    expect(await page.getByLabel('Nome do setor').count()).toBe(2);

    // A third type is added and then removed again before saving: no request needed.
    await page.getByRole('button', { name: 'Adicionar setor' }).click();
    await page.getByLabel('Nome do setor').nth(2).fill('Camarote');
    await page.getByRole('button', { name: 'Remover Camarote' }).click();
    expect(await page.getByLabel('Nome do setor').count()).toBe(2);

    // VIP's lot has sales: its price is read-only. Change the title, the other price and VIP's stock, and save as a draft.
    expect(await page.getByLabel('Preço (R$)').nth(1).getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Título do evento').fill(`${TITLE} (edição)`);
    await page.getByLabel('Preço (R$)').first().fill('90,00');
    await page.getByLabel('Quantidade disponível').nth(1).fill('28');
    await page.getByText('Rascunho', { exact: true }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => visible(page, 'Evento e ingressos atualizados com sucesso!')).toBe(true);
    await page.waitForURL((url) => url.pathname === '/admin/events');

    const [row] = await app.deps.db.select().from(events).where(eq(events.id, eventId));
    expect(row).toMatchObject({ title: `${TITLE} (edição)`, isPublished: false });
    const lotsAfter = await app.deps.db
      .select({ sectorId: ticketLots.sectorId, priceCentavos: ticketLots.priceCentavos, remaining: ticketLots.remaining })
      .from(ticketLots)
      .where(
        inArray(
          ticketLots.sectorId,
          types.map((t) => t.id),
        ),
      );
    expect(lotsAfter.find((lot) => lot.sectorId === vip.id)).toMatchObject({ priceCentavos: 15050, remaining: 28 });
    expect(lotsAfter.find((lot) => lot.sectorId !== vip.id)).toMatchObject({ priceCentavos: 9000, remaining: 100 });
    // A draft leaves the public site.
    expect((await context.request.get(`/api/events/${eventId}`)).status()).toBe(404);
    // The list reads it 'Rascunho', the word of the filter that finds it; the filter's choices are the badges' words.
    await page.goto(`/admin/events?q=${encodeURIComponent(TITLE)}`);
    const draftCard = page.getByRole('listitem').filter({ hasText: TITLE });
    await poll(() => draftCard.getByText('Rascunho', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Situação').locator('option').allTextContents()).toEqual([
      'Todas',
      'Publicado',
      'Rascunho',
      'Cancelado',
      'Encerrado',
    ]);
    await page.getByLabel('Situação').selectOption({ label: 'Rascunho' });
    await page.waitForURL((url) => url.searchParams.get('situacao') === 'draft');
    await poll(() => draftCard.getByText('Rascunho', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Situação').selectOption({ label: 'Publicado' });
    await page.waitForURL((url) => url.searchParams.get('situacao') === 'published');
    await poll(() => visible(page, 'Nenhum evento encontrado')).toBe(true);
    await shoot(page, 'admin-events-filter-empty');

    // The buyers list and its CSV.
    await page.goto(`/admin/events/${eventId}/edit`);
    const buyers = page.getByRole('region', { name: 'Compradores' });
    const shown = (text: string) => buyers.getByText(text).filter({ visible: true }).first().isVisible();
    await poll(() => shown('Bruna Sakura Tanaka')).toBe(true);
    await poll(() => shown('(47) 99123-4567')).toBe(true);
    await poll(() => shown('R$ 301,00')).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), buyers.getByRole('link', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^compradores-noite-kxp-de-teste-[a-z0-9]+-edicao\.csv$/);
    const csv = readFileSync((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
    // The first columns as they always were; the order's money after them.
    expect(lines[0]).toBe(
      'Nome;E-mail;Telefone;Ingressos;Valor (R$);Data do pagamento;Setor;Lote;Categoria;Preço unitário (R$);Subtotal (R$);Desconto (R$);Taxa de serviço (R$);Taxa absorvida (R$);Reembolsado (R$);Canal;Pagamento',
    );
    expect(lines[1]).toMatch(
      /^Bruna Sakura Tanaka;bruna@exemplo\.com\.br;\(47\) 99123-4567;2;301,00;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};VIP;1º lote;Inteira;150,50;301,00;0,00;0,00;0,00;0,00;Online;PIX$/,
    );

    // Published again.
    await page.getByText('Publicado', { exact: true }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/events');
    expect((await context.request.get(`/api/events/${eventId}`)).status()).toBe(200);
    await context.close();
  });

  it("shows 'Evento não encontrado' for an event that does not exist", async () => {
    const { context, page } = await adminContext(desktop);
    await page.goto('/admin/events/00000000-0000-4000-8000-000000000000/edit');
    await poll(() => page.getByRole('heading', { name: 'Evento não encontrado' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Voltar para eventos' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/events');
    await context.close();
  });
});

describe('the back office layout', () => {
  it('highlights the current page and remembers a collapsed sidebar', async () => {
    const { context, page } = await adminContext(desktop);
    const nav = page.getByRole('navigation', { name: 'Administração' });
    await poll(() => nav.getByRole('link', { name: 'Eventos' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Painel' }).getAttribute('aria-current')).toBeNull();
    // Every link in view inside the sidebar, without scrolling it, on a 1280x800 screen.
    for (const label of ['Painel', 'Eventos', 'Marcas', 'Notícias', 'Banners', 'Cupons', 'Reembolsos', 'Histórico', 'Validador']) {
      expect(await nav.getByRole('link', { name: label }).count(), label).toBe(1);
    }
    expect(await nav.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
    await poll(() => visible(page, demoAccount(app, 'admin').email)).toBe(true);

    await page.getByRole('button', { name: 'Recolher menu' }).click();
    await poll(() => page.getByRole('button', { name: 'Expandir menu' }).isVisible()).toBe(true);
    await page.reload();
    await poll(() => page.getByRole('button', { name: 'Expandir menu' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Expandir menu' }).click();
    await poll(() => page.getByRole('button', { name: 'Recolher menu' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.goto('/admin/events');
    await page.waitForURL((url) => url.pathname === '/auth');
    await context.close();
  });

  it('sends a buyer who opens /admin/events back to the home page', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await signIn(page, 'user', '/');
    await page.goto('/admin/events');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('accessibility of the event pages', () => {
  for (const [sizeName, size] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`has no axe violations on the list, the create and the edit page (${sizeName}, ${theme})`, async () => {
        expect(eventId).not.toBe('');
        const { context, page } = await adminContext(size, theme);
        await poll(() => page.getByRole('link', { name: /^Editar / }).count()).toBeGreaterThan(0);
        await expectNoAxeViolations(page, `/admin/events ${sizeName} ${theme}`);

        await page.goto('/admin/events/new');
        await poll(() => page.getByRole('heading', { name: 'Novo evento' }).isVisible()).toBe(true);
        await expectNoAxeViolations(page, `/admin/events/new ${sizeName} ${theme}`);
        // With the errors shown, too.
        await page.getByRole('button', { name: 'Criar evento' }).click();
        await poll(() => visible(page, 'Título do evento é obrigatório')).toBe(true);
        await expectNoAxeViolations(page, `/admin/events/new with errors ${sizeName} ${theme}`);

        await page.goto(`/admin/events/${eventId}/edit`);
        await poll(() =>
          page.getByRole('region', { name: 'Compradores' }).getByText('Bruna Sakura Tanaka').filter({ visible: true }).isVisible(),
        ).toBe(true);
        await expectNoAxeViolations(page, `/admin/events/:id/edit ${sizeName} ${theme}`);
        await context.close();
      });
    }
  }
});
