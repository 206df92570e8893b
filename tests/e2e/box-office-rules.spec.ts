import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { boxOfficeBlocks, orders, sectors, tickets, userRoles } from '../../src/server/db/schema';
import { launchBrowser, newContext, type phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { createBuyer, poll, signInWithForm } from '../support/people';
import { createEvent } from '../support/test-server';
import { shoot } from '../support/screenshots';

// The box office keeps the meia-entrada reserve as the site does: while it holds (more than 48 h
// before the event), a block reserved beyond what full price may take keeps the rest for meia
// only, and the screen says so. That far ahead the door is not open: the box office sells without
// admitting (a PIX's ticket comes when it is paid). Admitting at once is the door night's
// (box-office.spec.ts).

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

const smallPhone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The text of the option chosen in the sale's 'Setor'. */
const chosenSector = (page: Page) =>
  page.locator('#bo-sector').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

describe('the box office while the meia-entrada reserve holds', () => {
  it('keeps the units beyond full price for meia on a 360 px phone, refuses an inteira past them and records nothing, sells a meia and a PIX without admitting five days ahead', async () => {
    const title = `Festival da Cota ${Math.random().toString(36).slice(2, 6)}`;
    // Five days ahead: the reserve holds. Pista: 10 units, 4 of them the reserve (40 %), so 6 at full price.
    const made = await createEvent(
      app,
      [
        { name: 'Camarote', priceCentavos: 25000, remaining: 30 },
        { name: 'Pista', priceCentavos: 10000, remaining: 10 },
      ],
      { title, meiaEntrada: true, daysAhead: 5 },
    );
    const [camarote, pista] = made.sectors;
    const person = await createBuyer(app, { fullName: 'Bruna Bilheteria', emailPrefix: 'bilheteria-cota' });
    await app.deps.db.insert(userRoles).values({ userId: person.id, role: 'box_office' });
    const context = await newContext(browser, smallPhone as typeof phone, app.baseUrl);
    const page = await context.newPage();
    await signInWithForm(page, person.email, person.password, '/bilheteria');

    await page.getByRole('button', { name: new RegExp(title) }).click();
    await page.getByLabel('Fundo de troco').fill('100,00');
    await page.getByRole('button', { name: 'Abrir caixa' }).click();

    // A Camarote block (all at full price), then 8 of Pista's 10: 2 more than full price may take.
    const blocksPanel = page.getByRole('region', { name: 'Blocos deste aparelho' });
    await blocksPanel.getByLabel('Setor').selectOption(camarote.id);
    await blocksPanel.getByLabel('Quantidade').fill('10');
    await blocksPanel.getByRole('button', { name: 'Reservar bloco' }).click();
    await poll(() => blocksPanel.getByText('10 de 10 restantes').isVisible()).toBe(true);
    await blocksPanel.getByLabel('Setor').selectOption(pista.id);
    await blocksPanel.getByLabel('Quantidade').fill('8');
    await blocksPanel.getByRole('button', { name: 'Reservar bloco' }).click();
    await poll(() => blocksPanel.getByText('8 de 8 restantes').isVisible()).toBe(true);
    const [pistaBlock] = await app.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.sectorId, pista.id));
    expect(pistaBlock).toMatchObject({ size: 8, meiaUnits: 2 });

    const sector = page.getByRole('region', { name: 'Nova venda' }).getByLabel('Setor');
    await poll(() => chosenSector(page)).toBe('Camarote · R$ 250,00 · 10 no bloco');
    const options = await page.locator('#bo-sector option').allTextContents();
    expect(options).toEqual(['Camarote · R$ 250,00 · 10 no bloco', 'Pista · R$ 100,00 · 8 no bloco (2 só meia)']);

    // 7 inteiras chosen on Camarote, then the buyer wants Pista: more than its 6 at full price.
    for (let i = 0; i < 7; i++) await page.getByRole('button', { name: 'Mais inteira' }).click();
    await sector.selectOption({ label: 'Pista · R$ 100,00 · 8 no bloco (2 só meia)' });
    // The select's label runs out of room on a phone; the note under it says it whole.
    await poll(() => page.getByText('2 dos 8 ingressos do bloco são só para meia-entrada.').isVisible()).toBe(true);
    await poll(() => page.getByTestId('sale-total').textContent()).toBe('R$ 700,00');
    expect(await page.getByRole('button', { name: 'Mais inteira' }).isDisabled()).toBe(true);
    await page.getByLabel('Valor recebido').fill('700');
    // Five days ahead the door is not open: the box office sells without admitting, and says so.
    await poll(() => page.getByText(/^A portaria abre em .+: até lá, a bilheteria vende sem admitir a entrada\.$/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Receber e admitir' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Receber e mostrar QR' }).click();
    await poll(() => page.getByText('Restam só ingressos da cota de meia-entrada neste setor').isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await expectNoAxeViolationsInBothThemes(page, 'sale refused past the full-price units');
    await shoot(page, 'box-office-meia-block-refused', { fullPage: true });
    // Nothing recorded: no order, the block as it was, nothing waiting to be sent.
    expect(await page.getByRole('heading', { name: 'Venda registrada' }).count()).toBe(0);
    expect(await app.deps.db.select().from(orders).where(eq(orders.eventId, made.event.id))).toHaveLength(0);
    expect(await blocksPanel.getByText('8 de 8 restantes').isVisible()).toBe(true);
    expect(await page.getByTestId('pending-sales').textContent()).toBe('Todas as vendas enviadas');

    // Back to none: one inteira less is the most Pista takes at full price.
    await page.getByRole('button', { name: 'Menos inteira' }).click();
    expect(await page.getByRole('button', { name: 'Mais inteira' }).isDisabled()).toBe(true);
    await poll(() => page.getByTestId('sale-total').textContent()).toBe('R$ 600,00');
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Menos inteira' }).click();

    // A meia sells, paid in cash, its ticket shown as a QR.
    await page.getByRole('button', { name: 'Mais meia' }).click();
    const meia = page.getByRole('group', { name: 'Meia-entrada 1' });
    await meia.getByLabel('Nome de quem vai usar').fill('Caio Estudante');
    await meia.getByLabel('CPF').fill('52998224725');
    await meia.getByLabel('Número da carteira de estudante (CIE)').fill('CIE 2026-101');
    await poll(() => page.getByTestId('sale-total').textContent()).toBe('R$ 50,00');
    await page.getByLabel('Valor recebido').fill('50');
    await page.getByRole('button', { name: 'Receber e mostrar QR' }).click();
    await poll(() => page.getByRole('heading', { name: 'Venda registrada' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('img', { name: /Código QR do ingresso/ }).count()).toBe(1);
    expect(await page.getByText('Titular: Caio Estudante').isVisible()).toBe(true);
    await poll(() => page.getByTestId('pending-sales').textContent()).toBe('Todas as vendas enviadas');
    const [meiaSale] = await app.deps.db.select().from(orders).where(eq(orders.eventId, made.event.id));
    expect(meiaSale).toMatchObject({ channel: 'box_office', status: 'completed', paymentMethod: 'cash', totalCentavos: 5000 });
    const [meiaTicket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, meiaSale.id));
    expect(meiaTicket).toMatchObject({ concession: 'student', holderName: 'Caio Estudante' });
    expect(meiaTicket.checkedInAt).toBeNull();

    // The meia came from the units kept for meia: 7 left, 1 of them for meia only.
    await page.getByRole('button', { name: 'Nova venda' }).click();
    await sector.selectOption({ label: 'Pista · R$ 100,00 · 7 no bloco (1 só meia)' });
    await poll(() => chosenSector(page)).toBe('Pista · R$ 100,00 · 7 no bloco (1 só meia)');
    await poll(() => page.getByText('1 dos 7 ingressos do bloco é só para meia-entrada.').isVisible()).toBe(true);

    // An inteira paid with PIX, 'Gerar PIX e mostrar QR': its ticket comes when the payment arrives.
    await page.getByRole('button', { name: 'Mais inteira' }).click();
    await poll(() => page.getByTestId('sale-total').textContent()).toBe('R$ 100,00');
    await page.getByRole('radio', { name: 'PIX' }).click();
    await page.getByRole('button', { name: 'Gerar PIX e mostrar QR' }).click();
    await poll(() => page.getByRole('heading', { name: 'Aguardando o PIX' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('img', { name: 'Código QR do PIX' }).isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Pagamento recebido' }).click();
    await poll(() => page.getByRole('heading', { name: 'Venda registrada' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('img', { name: /Código QR do ingresso/ }).count()).toBe(1);
    await noSidewaysScroll(page);
    await shoot(page, 'box-office-pix-paid', { fullPage: true });

    const pixSales = await app.deps.db.select().from(orders).where(eq(orders.paymentMethod, 'pix'));
    const pixSale = pixSales.find((o) => o.eventId === made.event.id)!;
    expect(pixSale).toMatchObject({ channel: 'box_office', status: 'completed', totalCentavos: 10000 });
    const [pixTicket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, pixSale.id));
    expect(pixTicket.concession).toBeNull();
    expect(pixTicket.checkedInAt).toBeNull();
    const [pistaAfter] = await app.deps.db.select().from(sectors).where(eq(sectors.id, pista.id));
    expect(pistaAfter.meiaTaken).toBe(2);

    // The sale form with the block, as the next sale starts.
    await page.getByRole('button', { name: 'Nova venda' }).click();
    await poll(() => chosenSector(page)).toBe('Camarote · R$ 250,00 · 10 no bloco');
    await sector.selectOption({ label: 'Pista · R$ 100,00 · 6 no bloco (1 só meia)' });
    await noSidewaysScroll(page);
    await shoot(page, 'box-office-meia-block', { fullPage: true });
    await context.close();
  });
});
