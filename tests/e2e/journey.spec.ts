import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { eq } from 'drizzle-orm';
import { sectors } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { pickDoorEventFor } from '../support/door-page';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount, signInWithForm } from '../support/people';
import { seeTicketsAfterPurchase } from '../support/purchase';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // The embedded default, as `npm start` runs it.
  app = await startApp({}, { database: 'pglite' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openEvent(page: Page, search: string) {
  await page.goto('/events');
  await page.getByPlaceholder('Buscar eventos...').fill(search);
  await page.waitForURL((url) => url.searchParams.get('q') === search);
  const results = page.getByRole('link', { name: /^Ver detalhes:/ });
  await expect.poll(() => results.count()).toBe(1);
  await results.click();
  await page.waitForURL(/\/event\//);
}

describe('a person buys tickets with PIX and enters once', () => {
  it('signs up, buys 2 tickets with PIX, downloads a QR, and the door admits it once', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    const email = `fa.kpop.${Date.now()}@exemplo.com.br`;

    // Create an account (signed in at once, asked to confirm the e-mail) and confirm it through the
    // e-mail written to the local outbox.
    await page.goto('/tickets');
    await page.waitForURL(/\/auth\?redirect=/);
    await page.getByRole('tab', { name: 'Criar conta' }).click();
    await page.getByLabel('Nome completo').fill('Camila Yumi Nakamura');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte');
    await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check();
    await page.getByRole('button', { name: 'Criar conta' }).last().click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await expect.poll(() => page.getByRole('region', { name: 'Confirme seu e-mail' }).isVisible()).toBe(true);
    let mail: string | null = null;
    await expect.poll(() => (mail = app.lastMailTo(email))).not.toBeNull();
    const link = /(http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^\s"<>]+)/.exec(mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1];
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/tickets');
    await expect.poll(() => page.getByText('Nenhum ingresso encontrado').isVisible()).toBe(true);

    // Find an event and choose 2 tickets.
    await openEvent(page, 'Techno All Night');
    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Comprar 2 ingressos' }).click();

    // Checkout with PIX.
    const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Telefone').fill('47991234567');
    await dialog.getByLabel('CPF').fill('52998224725');
    await expect.poll(() => dialog.getByText('Aprovação imediata').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();
    await expect.poll(() => page.getByText('PIX gerado com sucesso! Complete o pagamento para confirmar a compra.').isVisible()).toBe(true);
    const pixCode = await dialog.locator('#pix-copia-e-cola').inputValue();
    expect(pixCode).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    await dialog.getByRole('button', { name: 'Simular pagamento' }).click();
    await seeTicketsAfterPurchase(page);

    // Two tickets, each with its QR code; download one and decode it.
    const qrButtons = page.getByRole('button', { name: 'Ver QR Code' });
    await expect.poll(() => qrButtons.count()).toBe(2);
    await qrButtons.first().click();
    const ticketDialog = page.getByRole('dialog', { name: 'Seu ingresso' });
    await expect.poll(() => ticketDialog.getByText('Apresente este QR code na entrada do evento para validação').isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), ticketDialog.getByRole('link', { name: 'Baixar' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ingresso-[a-z0-9-]+\.png$/);
    if (process.env.SCREENSHOT_DIR) await download.saveAs(`${process.env.SCREENSHOT_DIR}/downloaded-ticket.png`);
    const png = PNG.sync.read(readFileSync((await download.path())!));
    // The saved ticket says what it is for: the event, the night, the venue, sector and holder written
    // above its QR (ink in the top rows), then the QR a door camera reads.
    expect(png.width).toBe(600);
    expect(png.height).toBeGreaterThan(700);
    const inkAbove = (rows: number) => {
      let dark = 0;
      for (let i = 0; i < png.width * rows * 4; i += 4) if (png.data[i] < 128) dark++;
      return dark;
    };
    expect(inkAbove(160)).toBeGreaterThan(500);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toMatch(/^NL1\./);
    const code = decoded!.data;
    await context.close();

    // The door validator admits the code once.
    const door = await newContext(browser, phone, app.baseUrl);
    const doorPage = await door.newPage();
    const validator = demoAccount(app, 'validator');
    await signInWithForm(doorPage, validator.email, validator.password, '/validator');
    await pickDoorEventFor(app, doorPage, code);
    const field = doorPage.getByLabel('Código QR do ingresso');
    await field.fill(code);
    await field.press('Enter');
    await expect.poll(() => doorPage.getByText('VÁLIDO', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => doorPage.getByText('ENTRADA LIBERADA').isVisible()).toBe(true);
    await field.fill(code);
    await field.press('Enter');
    await expect.poll(() => doorPage.getByText('JÁ UTILIZADO', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        doorPage
          .getByText(/Ingresso já utilizado (em \d{2}\/\d{2}\/\d{4} )?às \d{2}:\d{2}/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await door.close();
  });

  it('shows the error for a declined card, keeps the unit held for another card, and gives it back when the buyer picks another method', async () => {
    const context = await newContext(browser, desktop, app.baseUrl);
    const page = await context.newPage();
    const buyer = demoAccount(app, 'user');
    await signInWithForm(page, buyer.email, buyer.password, '/events');
    await openEvent(page, 'Techno All Night');
    const eventId = page.url().split('/event/')[1];
    const before = await app.deps.db.select().from(sectors).where(eq(sectors.eventId, eventId));

    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await dialog.getByLabel('Telefone').fill('11987654321');
    await dialog.getByLabel('CPF').fill('52998224725');
    await dialog.getByText('Cartão de crédito').click();
    await dialog.getByLabel('Número do cartão').fill('4000000000000002');
    await dialog.getByLabel('Nome impresso no cartão').fill('MARINA C SOUZA');
    await dialog.getByLabel('Validade').fill('1234');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Pagamento recusado/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    // The order stays open for another card while its hold lasts: the unit is held meanwhile.
    await expect.poll(() => dialog.getByRole('button', { name: /^Pagar R\$/ }).isVisible()).toBe(true);
    const held = await app.deps.db.select().from(sectors).where(eq(sectors.eventId, eventId));
    expect(held.map((t) => t.remaining).reduce((a, b) => a + b)).toBe(before.map((t) => t.remaining).reduce((a, b) => a + b) - 1);

    // Choosing another method gives the order up: the unit returns at once.
    await dialog.getByRole('button', { name: 'Escolher outra forma de pagamento' }).click();
    await expect.poll(() => dialog.getByLabel('Telefone').isVisible()).toBe(true);
    const after = await app.deps.db.select().from(sectors).where(eq(sectors.eventId, eventId));
    expect(after.map((t) => t.remaining)).toEqual(before.map((t) => t.remaining));
    await page.goto('/tickets');
    await expect.poll(() => page.getByText('Nenhum ingresso encontrado').isVisible()).toBe(true);
    await context.close();
  });
});
