import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { boxOfficeBlocks, cashDrawers, sectors, userRoles } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';

// What a box-office operator sees before closing the drawer or giving a block back
// (docs/rules/box-office.md 'Drawers', 'Blocks'), on a 360 x 740 phone: a summary to confirm,
// and nothing happens until confirmed.

const small = { ...phone, viewport: { width: 360, height: 740 } };

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

async function operator(): Promise<Page> {
  const person = await createBuyer(app, { fullName: 'Bruna Bilheteria', emailPrefix: 'fecha-caixa' });
  await app.deps.db.insert(userRoles).values({ userId: person.id, role: 'box_office' });
  const context = await newContext(browser, small, app.baseUrl);
  const page = await context.newPage();
  await signInWithForm(page, person.email, person.password, '/bilheteria');
  return page;
}

async function expectNoSidewaysScrollAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(small.viewport);
}

describe('closing the drawer and giving a block back, on a 360 x 740 phone', () => {
  it("asks before 'Devolver bloco' and 'Fechar caixa', with what goes back to the online sale and the drawer's sums", async () => {
    const title = `Caixa Conferido ${Math.random().toString(36).slice(2, 6)}`;
    const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 50 }], {
      title,
      startsAt: new Date(Date.now() + 3_600_000),
    });
    const sectorId = made.sectors[0].id;
    const remaining = async () => (await app.deps.db.select().from(sectors).where(eq(sectors.id, sectorId)))[0].remaining;
    const page = await operator();

    await page.getByRole('button', { name: new RegExp(title) }).click();
    await page.getByLabel('Fundo de troco').fill('100,00');
    await page.getByRole('button', { name: 'Abrir caixa' }).click();
    await page.getByLabel('Quantidade', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Reservar bloco' }).click();
    await poll(() => page.getByText('5 de 5 restantes').isVisible()).toBe(true);
    await page.getByLabel('Quantidade', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Reservar bloco' }).click();
    await poll(() => page.getByText('10 de 10 restantes').isVisible()).toBe(true);
    expect(await remaining()).toBe(35);

    // 'Devolver bloco': the summary names the units going back; cancelling gives nothing back.
    await page.getByRole('button', { name: 'Devolver bloco' }).first().click();
    const giveBack = page.getByRole('alertdialog', { name: 'Devolver bloco?' });
    await poll(() => giveBack.isVisible()).toBe(true);
    expect(await giveBack.getByTestId('block-return-summary').textContent()).toContain('Voltam à venda online5 ingressos');
    await expectNoAxeViolationsInBothThemes(page, 'bilheteria, devolver bloco');
    await shoot(page, 'box-office-return-block');
    await giveBack.getByRole('button', { name: 'Cancelar' }).click();
    await poll(() => giveBack.count()).toBe(0);
    expect(await remaining()).toBe(35);
    await page.getByRole('button', { name: 'Devolver bloco' }).first().click();
    await giveBack.getByRole('button', { name: 'Devolver bloco' }).click();
    await poll(() => page.getByText('5 de 5 restantes').count()).toBe(0);
    expect(await remaining()).toBe(40);

    // One inteira sold in cash, then the close: the summary first, nothing closed until confirmed.
    await page.getByRole('button', { name: 'Mais inteira' }).click();
    await page.getByLabel('Valor recebido').fill('60');
    await page.getByRole('button', { name: 'Receber e mostrar QR' }).click();
    await poll(() => page.getByRole('img', { name: /Código QR do ingresso/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Nova venda' }).click();
    await poll(() => page.getByTestId('drawer-expected').textContent()).toBe('R$ 160,00');

    await page.getByLabel('Valor contado no fechamento').fill('155,00');
    await page.getByRole('button', { name: 'Fechar caixa' }).click();
    const close = page.getByRole('alertdialog', { name: 'Fechar caixa?' });
    await poll(() => close.isVisible()).toBe(true);
    const summary = (await close.getByTestId('drawer-close-summary').textContent()) ?? '';
    expect(summary).toContain('Fundo de trocoR$ 100,00');
    expect(summary).toContain('Esperado no caixaR$ 160,00');
    expect(summary).toContain('ContadoR$ 155,00');
    expect(summary.replace(/\s/g, ' ')).toMatch(/Diferença-R\$ 5,00/);
    expect(summary).toContain('Pista9 ingressos');
    await expectNoAxeViolationsInBothThemes(page, 'bilheteria, fechar caixa');
    await shoot(page, 'box-office-close-drawer');
    await expectNoSidewaysScrollAt320(page);
    await close.getByRole('button', { name: 'Cancelar' }).click();
    await poll(() => close.count()).toBe(0);
    const [open] = await app.deps.db.select().from(cashDrawers).where(eq(cashDrawers.eventId, made.event.id));
    expect(open.closedAt).toBeNull();

    await page.getByRole('button', { name: 'Fechar caixa' }).click();
    await close.getByRole('button', { name: 'Fechar caixa' }).click();
    await poll(() => page.getByRole('button', { name: 'Abrir caixa' }).isVisible()).toBe(true);
    const [closed] = await app.deps.db.select().from(cashDrawers).where(eq(cashDrawers.eventId, made.event.id));
    expect(closed).toMatchObject({ countedCentavos: 15500, expectedCentavos: 16000 });
    expect(closed.closedAt).not.toBeNull();
    const blocks = await app.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.eventId, made.event.id));
    expect(blocks.every((b) => b.returnedAt !== null)).toBe(true);
    expect(await remaining()).toBe(49);
  });
});
