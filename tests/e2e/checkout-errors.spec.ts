import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { errorMessages } from '../../src/shared/errors';
import { orders } from '../../src/server/db/schema';
import { launchBrowser, newContext } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll } from '../support/people';
import { createEvent } from '../support/test-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';

// When the server refuses at 'Pagar', the checkout says why in the server's pt-BR words
// (src/shared/errors.ts), never a generic 'Erro no pagamento'.

let app: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

const smallPhone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** A signed-in phone for a new buyer named `fullName`. */
async function signedInBuyer(fullName: string, emailPrefix: string) {
  const account = await createBuyer(app, { fullName, emailPrefix });
  const context = await newContext(browser, smallPhone, app.baseUrl);
  contexts.push(context);
  const signed = await context.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: app.baseUrl },
  });
  expect(signed.status()).toBe(200);
  return { account, context, page: await context.newPage() };
}

/** Opens the event, chooses one unit and opens the checkout with phone and CPF filled in. */
async function openCheckout(page: Awaited<ReturnType<typeof signedInBuyer>>['page'], eventId: string, title: string) {
  await page.goto(`/event/${eventId}`);
  await poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
  await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
  await poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByLabel('Telefone').fill('11987654321');
  await dialog.getByLabel('CPF').fill('52998224725');
  return dialog;
}

const toastTexts = (page: Awaited<ReturnType<typeof signedInBuyer>>['page']) => page.locator('[data-sonner-toast]').allTextContents();

describe('the checkout tells why the server refused', () => {
  it('says the sector sold out when the last unit went to someone else while the buyer was paying', async () => {
    const { event, sectors } = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 1 }], {
      title: 'Noite do Último Ingresso',
    });
    const { page } = await signedInBuyer('Lara Mendes Souza', 'ultimo.ingresso');
    const dialog = await openCheckout(page, event.id, event.title);

    // Meanwhile another buyer takes the last unit.
    const other = await signedInBuyer('Otávio Ramos', 'mais.rapido');
    const placed = await other.context.request.post('/api/orders', {
      headers: { origin: app.baseUrl },
      data: {
        eventId: event.id,
        items: [{ sectorId: sectors[0].id, quantity: 1, holderNames: ['Otávio Ramos'] }],
        buyer: { name: 'Otávio Ramos', email: other.account.email, phone: '(47) 99123-4567', cpf: '390.533.447-05' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => toastTexts(page)).toEqual([expect.stringContaining(errorMessages.ticket_type_sold_out)]);
    expect((await toastTexts(page)).join(' ')).not.toContain(errorMessages.payment_failed);
    // The words stay above 'Pagar' once the toast has gone.
    const refusal = dialog.getByTestId('checkout-refusal');
    await poll(() => refusal.textContent()).toBe(errorMessages.ticket_type_sold_out);
    await poll(() => page.locator('[data-sonner-toast]').count(), 10_000).toBe(0);
    expect(await refusal.isVisible()).toBe(true);
    // In view on the phone, above the sticky 'Pagar' that was tapped from the top of the form.
    const box = (await refusal.boundingBox())!;
    const pay = (await dialog.getByRole('button', { name: 'Pagar com PIX' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(pay.y);
    expect(
      await app.deps.db
        .select()
        .from(orders)
        .where(eq(orders.userId, (await signedInAccountId(page))!)),
    ).toHaveLength(0);
    await expectNoAxeViolationsInBothThemes(page, 'checkout refused: sold out');
    await shoot(page, 'checkout-refused-sold-out');
  });

  it('says the hold expired when a card is tried after the time to pay ran out', async () => {
    const { event } = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { title: 'Noite do Prazo Curto' });
    const { page } = await signedInBuyer('Beatriz Lacerda', 'prazo.curto');
    const dialog = await openCheckout(page, event.id, event.title);
    await dialog.getByText('Cartão de crédito').click();
    await dialog.getByLabel('Número do cartão').fill('4000000000000002');
    await dialog.getByLabel('Nome impresso no cartão').fill('BEATRIZ LACERDA');
    await dialog.getByLabel('Validade').fill('1234');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: 'Pagar R$ 80,00' }).click();
    // Declined: the order waits for another card, with the decline's own words.
    await poll(() => dialog.getByRole('alert').filter({ hasText: 'Tente outro cartão' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('alert').filter({ hasText: 'Tente outro cartão' }).textContent()).not.toContain(
      errorMessages.payment_failed,
    );

    // The time to pay runs out before the next card.
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.eventId, event.id));
    await app.deps.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await dialog.getByLabel('Número do cartão').fill('4242424242424242');
    await dialog.getByLabel('Nome impresso no cartão').fill('BEATRIZ LACERDA');
    await dialog.getByLabel('Validade').fill('1234');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: 'Pagar R$ 80,00' }).click();
    await poll(() => dialog.getByText(errorMessages.order_expired).first().isVisible()).toBe(true);
    expect(await dialog.textContent()).not.toContain(errorMessages.payment_failed);
    expect((await toastTexts(page)).join(' ')).not.toContain(errorMessages.payment_failed);
    await expectNoAxeViolationsInBothThemes(page, 'checkout refused: hold expired');
    await shoot(page, 'checkout-refused-expired');
  });
});

/** The signed-in account's id, as the session answers it. */
async function signedInAccountId(page: Awaited<ReturnType<typeof signedInBuyer>>['page']): Promise<string | undefined> {
  const session = await page.request.get('/api/auth/get-session');
  return (await session.json())?.user?.id;
}
