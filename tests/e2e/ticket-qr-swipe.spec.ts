import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { tickets } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';

// 'Seu ingresso' on a 360 x 740 phone: the QR codes of one order, gone through by a swipe or the
// arrows, each with its holder and sector, each a code the door can read.

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let bought: { code: string; holderName: string | null; sectorName: string }[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const account = await createBuyer(app, { fullName: 'Carla Mendes', emailPrefix: 'qr' });
  const made = await createEvent(
    app,
    [
      { name: 'Pista', priceCentavos: 8000, remaining: 50 },
      { name: 'Camarote', priceCentavos: 16000, remaining: 50 },
    ],
    { title: `Noite dos Amigos ${Math.random().toString(36).slice(2, 6)}`, daysAhead: 10 },
  );
  context = await newContext(browser, { ...phone, viewport: { width: 360, height: 740 } }, app.baseUrl);
  page = await context.newPage();
  await signInWithForm(page, account.email, account.password, '/tickets');
  const placed = await context.request.post('/api/orders', {
    data: {
      eventId: made.event.id,
      items: [
        { sectorId: made.sectors[0].id, quantity: 1, holderNames: ['Ana Lima'] },
        { sectorId: made.sectors[1].id, quantity: 1, holderNames: ['Bruno Costa'] },
      ],
      buyer: { name: 'Carla Mendes', email: account.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  expect((await (await context.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} })).json()).status).toBe(
    'completed',
  );
  bought = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  expect(bought.map((t) => t.holderName).sort()).toEqual(['Ana Lima', 'Bruno Costa']);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

/** The code in the QR image the dialog shows, read back from its pixels. */
async function decodeShownQr(dialog: Locator): Promise<string | undefined> {
  const image = dialog.getByRole('img', { name: 'QR Code do ingresso' });
  await poll(() => image.isVisible()).toBe(true);
  const source = (await image.getAttribute('src'))!;
  const png = PNG.sync.read(Buffer.from(source.split(',')[1], 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** A finger sliding across `target` from right to left (-1) or left to right (+1), through real touch input. */
async function swipe(target: Locator, direction: -1 | 1) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = direction < 0 ? box.x + box.width * 0.8 : box.x + box.width * 0.2;
  const to = direction < 0 ? box.x + box.width * 0.2 : box.x + box.width * 0.8;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * step) / 5, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe("'Seu ingresso' with the QR codes of one order", () => {
  it("swipes to the order's second QR, which shows its holder and sector and reads as its code; the arrows go back and forth", async () => {
    await page.goto('/tickets');
    const qrButtons = page.getByRole('button', { name: 'Ver QR Code' });
    await poll(() => qrButtons.count()).toBe(2);
    await qrButtons.first().click();
    const dialog = page.getByRole('dialog', { name: 'Seu ingresso' });
    const position = dialog.getByTestId('ticket-qr-position');
    await poll(() => position.textContent()).toBe('Ingresso 1 de 2');
    const firstHolder = (await dialog.getByTestId('ticket-qr-holder').textContent())!.replace('Titular: ', '');
    const firstTicket = bought.find((t) => t.holderName === firstHolder)!;
    const secondTicket = bought.find((t) => t !== firstTicket)!;
    expect(await decodeShownQr(dialog)).toBe(firstTicket.code);
    expect(await dialog.getByText(firstTicket.sectorName, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, "'Seu ingresso' with two QR codes");
    await shoot(page, 'ticket-qr-swipe-first');

    // A finger slides the QR to the left: the order's next ticket.
    await swipe(dialog.getByTestId('ticket-qr-swipe'), -1);
    await poll(() => position.textContent()).toBe('Ingresso 2 de 2');
    expect(await dialog.getByTestId('ticket-qr-holder').textContent()).toBe(`Titular: ${secondTicket.holderName}`);
    expect(await dialog.getByText(secondTicket.sectorName, { exact: true }).isVisible()).toBe(true);
    await poll(() => decodeShownQr(dialog)).toBe(secondTicket.code);
    expect(await dialog.getByLabel(`Código do ingresso: ${secondTicket.code}`).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Próximo' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(page, 'ticket-qr-swipe-second');

    // The arrows: back to the first, then to the second again.
    await dialog.getByRole('button', { name: 'Anterior' }).click();
    await poll(() => position.textContent()).toBe('Ingresso 1 de 2');
    await poll(() => decodeShownQr(dialog)).toBe(firstTicket.code);
    await dialog.getByRole('button', { name: 'Próximo' }).click();
    await poll(() => dialog.getByTestId('ticket-qr-holder').textContent()).toBe(`Titular: ${secondTicket.holderName}`);
    await poll(() => decodeShownQr(dialog)).toBe(secondTicket.code);

    // A swipe the other way goes back.
    await swipe(dialog.getByTestId('ticket-qr-swipe'), 1);
    await poll(() => position.textContent()).toBe('Ingresso 1 de 2');
  });
});
