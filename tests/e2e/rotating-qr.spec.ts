import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { events, tickets } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { openDoorNow } from '../support/door';
import { createEvent } from '../support/test-server';

// Tickets a screenshot cannot copy (docs/rules/door.md 'Rotating QR'): on a 360 px phone the QR of an event
// that rotates changes on screen every 30 s, and the door admits the fresh one once, never a copy.

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

const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };

/** What the QR image the dialog shows carries, read back from its pixels. */
async function decodeShownQr(dialog: Locator): Promise<string | undefined> {
  const image = dialog.getByRole('img', { name: 'QR Code do ingresso' });
  await poll(() => image.isVisible()).toBe(true);
  const source = (await image.getAttribute('src'))!;
  const png = PNG.sync.read(Buffer.from(source.split(',')[1], 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Types what a scanner read and answers the verdict's tone and text. */
async function scan(page: Page, payload: string): Promise<{ tone: string | null; text: string }> {
  const result = page.getByTestId('door-result');
  const before = await result.getAttribute('data-scan');
  await page.getByLabel('Código QR do ingresso').fill(payload);
  await page.getByLabel('Código QR do ingresso').press('Enter');
  await poll(async () => {
    const shown = await result.getAttribute('data-scan');
    return shown !== '' && shown !== before;
  }, 10_000).toBe(true);
  return { tone: await result.locator('[data-tone]').getAttribute('data-tone'), text: (await result.textContent()) ?? '' };
}

describe('rotating QR', () => {
  it('changes the QR on the phone every 30 seconds and admits the fresh one once at the door, never the plain code', async () => {
    const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 9000, remaining: 20 }], {
      title: `Showcase K-Pop ${Date.now().toString(36)}`,
    });
    await app.deps.db.update(events).set({ rotatingQr: true }).where(eq(events.id, made.event.id));
    await openDoorNow(app, made.event.id);

    const account = await createBuyer(app, { fullName: 'Hana Oliveira', emailPrefix: 'rotativo' });
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    await signInWithForm(page, account.email, account.password, '/tickets');
    const placed = await context.request.post('/api/orders', {
      data: {
        eventId: made.event.id,
        items: [{ sectorId: made.sectors[0].id, quantity: 1 }],
        buyer: { name: 'Hana Oliveira', email: account.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
      },
    });
    expect(placed.status()).toBe(201);
    const order = await placed.json();
    await context.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
    const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));

    await page.reload();
    await page
      .getByRole('button', { name: /Ver QR/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Seu ingresso' });
    await poll(() => dialog.getByText('Este QR code muda a cada 30 segundos').isVisible()).toBe(true);
    expect(await dialog.getByText('Baixar').count()).toBe(0);
    const first = await decodeShownQr(dialog);
    expect(first?.startsWith(`${ticket.code}~`)).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'rotating QR');
    await shoot(page, 'rotating-qr');
    // The next step shows another code for the same ticket.
    await poll(async () => await decodeShownQr(dialog), 40_000).not.toBe(first);
    const second = (await decodeShownQr(dialog))!;
    expect(second.startsWith(`${ticket.code}~`)).toBe(true);

    const door = await (await newContext(browser, smallPhone, app.baseUrl)).newPage();
    const staff = demoAccount(app, 'validator');
    await signInWithForm(door, staff.email, staff.password, '/validator');
    await poll(() => door.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
    await door.getByRole('button', { name: new RegExp(made.event.title) }).click();

    const copy = await scan(door, ticket.code);
    expect(copy.tone).toBe('invalid');
    expect(copy.text).toContain('QR expirado: peça para abrir o ingresso no app');
    const admitted = await scan(door, second);
    expect(admitted.tone).toBe('valid');
    const again = await scan(door, second);
    expect(again.tone).toBe('used');
    // The fan's phone, QR still open, turns to 'Utilizado' on its own: no reload.
    await poll(
      () =>
        dialog
          .getByRole('status')
          .filter({ hasText: /^Utilizado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/ })
          .isVisible(),
      30_000,
    ).toBe(true);
    await shoot(page, 'qr-used');
    await context.close();
  }, 180_000);
});
