import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { events } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { shoot } from '../support/screenshots';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { createEvent } from '../support/test-server';

// The borderô in the back office: opened from the event, live while sales come in, the ECAD rate
// and co-producers saved, the PDF downloaded and its totals read back, the CSV too.

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
const TITLE = `Noite do Borderô ${RUN}`;
const small = { ...phone, viewport: { width: 360, height: 740 } };

async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
}

/** Places an order from the buyer's context and pays it with the sandbox PIX. */
async function buyAndPay(context: BrowserContext, data: object) {
  const placed = await context.request.post('/api/orders', { data });
  expect(placed.status(), await placed.text()).toBe(201);
  expect((await context.request.post(`/api/orders/${(await placed.json()).id}/simulate-pix-payment`)).status()).toBe(200);
}

/** The text of every page of a PDF, pdf.js's text items joined by one space each. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe('the borderô of an event', () => {
  it('an admin opens it from the event, watches a sale arrive, sets ECAD and a co-producer, and downloads the PDF and the CSV', async () => {
    const {
      event,
      sectors: [pista, camarote],
    } = await createEvent(
      app,
      [
        { name: 'Pista', priceCentavos: 8000, remaining: 100 },
        { name: 'Camarote', priceCentavos: 60000, remaining: 20 },
      ],
      { title: TITLE, meiaEntrada: true },
    );
    await app.deps.db.update(events).set({ serviceFeeBasisPoints: 1000, isPublished: true }).where(eq(events.id, event.id));

    // 2 Pista + 1 Camarote: R$ 760,00 gross, R$ 76,00 of fees.
    const buyerContext = await newContext(browser, phone, app.baseUrl);
    const buyerPage = await buyerContext.newPage();
    const person = await createBuyer(app, { fullName: 'Ana Beatriz Lima', emailPrefix: 'bordero' });
    await signIn(buyerPage, person.email, person.password);
    const buyer = { name: 'Ana Beatriz Lima', email: person.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' };
    await buyAndPay(buyerContext, {
      eventId: event.id,
      items: [
        { sectorId: pista.id, quantity: 2 },
        { sectorId: camarote.id, quantity: 1 },
      ],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });

    const context = await newContext(browser, phone, app.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const page = await context.newPage();
    const admin = demoAccount(app, 'admin');
    await signIn(page, admin.email, admin.password);
    await page.goto(`/admin/events/${event.id}/edit`);
    await page.getByRole('link', { name: 'Borderô' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/events/${event.id}/bordero`);
    await poll(() => page.getByRole('heading', { name: 'Borderô', level: 1 }).isVisible()).toBe(true);

    const totals = page.getByRole('region', { name: 'Totais' });
    await poll(() => totals.textContent()).toContain('Vendas brutasR$ 760,00');
    expect(await totals.textContent()).toContain('LíquidoR$ 760,00');
    expect(await totals.textContent()).toContain('Taxas de serviçoR$ 76,00');
    expect(await totals.textContent()).toContain('Estimativa ECAD (10%)R$ 76,00Base: bilheteria líquida de reembolsos: R$ 760,00');
    const lines = page.getByRole('list', { name: 'Vendas do borderô' });
    await poll(() => lines.getByRole('listitem').count()).toBe(3); // two lines and the total
    expect(await lines.getByRole('listitem').first().textContent()).toContain('Pista · 1º loteInteira · Online');
    expect(await page.getByText('Sessão: Sessão única').isVisible()).toBe(true);

    // Another buyer's Camarote is paid while the page is open: the borderô shows it on its own.
    await buyAndPay(buyerContext, {
      eventId: event.id,
      items: [{ sectorId: camarote.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    await poll(() => totals.textContent(), 25_000).toContain('Vendas brutasR$ 1.360,00');
    await buyerContext.close();

    // ECAD at 15 % and a co-producer with 25 % of the net; a share over 100 % is refused first.
    const settings = page.getByRole('form', { name: 'ECAD e coprodutores' });
    await settings.getByRole('radio', { name: /15%/ }).check();
    await settings.getByLabel('Repertório (set list)').fill('Abertura\nAquarela do Brasil');
    await settings.getByRole('button', { name: 'Adicionar coprodutor' }).click();
    await settings.getByLabel('Nome do coprodutor 1').fill('Casa Azul Produções');
    await settings.getByLabel('Parte (%)').fill('120');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await poll(() => settings.getByText('Informe a participação em %, de 0,01 a 100 (ex.: 25 ou 12,5).').isVisible()).toBe(true);
    await settings.getByLabel('Parte (%)').fill('25');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await poll(() => page.getByText('Borderô salvo').isVisible()).toBe(true);
    const split = page.getByRole('region', { name: 'Divisão do líquido' });
    await poll(() => split.textContent()).toContain('Casa Azul Produções25%R$ 340,00');
    expect(await split.textContent()).toContain('Organizador (restante)75%R$ 1.020,00');
    await poll(() => totals.textContent()).toContain('Estimativa ECAD (15%)R$ 204,00Base: bilheteria líquida de reembolsos: R$ 1.360,00');

    // The NFS-e text is copied as shown.
    const nfse = page.getByRole('region', { name: 'Texto da NFS-e' });
    expect(await nfse.textContent()).toContain(`intermediação da venda de ingressos do evento “${TITLE}”`);
    await nfse.getByRole('button', { name: 'Copiar' }).click();
    await poll(() => page.getByText('Texto da NFS-e copiado').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Valor dos serviços: R$ 136,00');

    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await expectNoAxeViolationsInBothThemes(page, 'Borderô');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'bordero');
    await page.getByRole('heading', { name: 'Vendas por sessão, setor, lote, tipo e canal' }).scrollIntoViewIfNeeded();
    await shoot(page, 'bordero-lines');
    await page.getByRole('heading', { name: 'ECAD e coprodutores' }).scrollIntoViewIfNeeded();
    await shoot(page, 'bordero-settings');
    await page.getByRole('heading', { name: 'Texto da NFS-e' }).scrollIntoViewIfNeeded();
    await shoot(page, 'bordero-nfse');
    await page.setViewportSize(small.viewport);
    await poll(() => scrollWidth(page)).toBeLessThanOrEqual(360);

    // The PDF: its text holds the totals as the page shows them.
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar PDF' }).click()]);
    expect(pdfDownload.suggestedFilename()).toBe(`bordero-noite-do-bordero-${RUN}.pdf`);
    const text = await pdfText(readFileSync((await pdfDownload.path())!));
    expect(text).toContain(`Borderô - ${TITLE}`);
    expect(text).toMatch(/Vendas brutas R\$ 1\.360,00/);
    expect(text).toMatch(/Líquido R\$ 1\.360,00/);
    expect(text).toContain('Estimativa ECAD (15%) R$ 204,00');
    expect(text).toContain('Base: bilheteria líquida de reembolsos R$ 1.360,00');
    expect(text).toContain('Casa Azul Produções 25% R$ 340,00');
    expect(text).toContain('Aquarela do Brasil');

    // The CSV: the lines' total as Excel reads it.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toBe(`bordero-noite-do-bordero-${RUN}.csv`);
    const csv = readFileSync((await csvDownload.path())!).toString('utf8');
    expect(csv.split('\r\n')).toContain('Total;;;;;4;0;1360,00;0,00;1360,00;0,00;136,00;0,00;0,00;1360,00;0,00');
    expect(csv.split('\r\n')).toContain('Estimativa ECAD;15%;1360,00;204,00;"Abertura\nAquarela do Brasil"');
    await context.close();
  });
});
