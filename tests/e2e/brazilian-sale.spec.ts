import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { coupons, orderItems, orders, ticketLots } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { shoot } from '../support/screenshots';
import { seeTicketsAfterPurchase } from '../support/purchase';

let app: RunningApp;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  admin = await newContext(browser, desktop, app.baseUrl);
  const account = demoAccount(app, 'admin');
  await signInWithForm(await admin.newPage(), account.email, account.password, '/admin');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const EVENT_DATE = saoPauloToday(new Date(Date.now() + 30 * 86_400_000));
const suffix = () => Math.random().toString(36).slice(2, 7);

/**
 * An upcoming event sold the Brazilian way, made through the back office's API: 'Pista' in its
 * 2nd lot (the 1st sold out at R$ 80,00; R$ 100,00 now, R$ 120,00 next), a 10 % service fee
 * passed on to the buyer, and a pre-sale 'Camarote' hidden until a code unlocks it.
 */
async function createBrazilianEvent(title: string) {
  const response = await admin.request.post('/api/admin/events', {
    data: {
      title,
      category: 'Next Level Events',
      description: 'Evento criado pelo teste da venda brasileira: lotes, meia-entrada, taxa e pré-venda.',
      date: EVENT_DATE,
      startTime: '22:00',
      endTime: '23:30',
      location: 'Audio Club',
      city: 'São Paulo',
      isPublished: true,
      serviceFeeBasisPoints: 1000,
      sectors: [
        {
          name: 'Pista',
          lots: [
            { priceCentavos: 8000, remaining: 0 },
            { priceCentavos: 10000, remaining: 40 },
            { priceCentavos: 12000, remaining: 100 },
          ],
        },
        { name: 'Camarote', hiddenWithoutCode: true, lots: [{ priceCentavos: 20000, remaining: 30 }] },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const event = await response.json();
  const camarote = event.sectors.find((t: { name: string }) => t.name === 'Camarote');
  const code = `PREVENDA${suffix().toUpperCase()}`;
  await app.deps.db.insert(coupons).values({
    code,
    discountType: 'fixed',
    discountValue: 0,
    eventId: event.id,
    unlocksSectorId: camarote.id,
  });
  return { eventId: event.id as string, code };
}

/** The text of an element as the screen lays it out (blocks apart, inline pieces together), spaces collapsed. */
async function textOf(page: Page, selector: string) {
  return (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ');
}

describe('the Brazilian sale in the browser', () => {
  it("buys an 'Inteira' and a student 'Meia-entrada' in the 2nd lot with the fee, the same amounts on every screen, and unlocks a pre-sale sector with a code", async () => {
    const title = `Baile do Lote ${suffix()}`;
    const { eventId, code } = await createBrazilianEvent(title);
    const buyer = await createBuyer(app, { fullName: 'Beatriz Lima Santos', emailPrefix: 'venda.brasileira' });
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await signInWithForm(page, buyer.email, buyer.password, `/event/${eventId}`);

    // The event page: the sector's current lot with its fee, the next lot, the ended lot, the
    // two prices and the meia-entrada counter.
    const picker = page.locator('#ingressos');
    await poll(() => picker.getByRole('heading', { name: 'Pista' }).isVisible()).toBe(true);
    const pickerText = await textOf(page, '#ingressos');
    expect(pickerText).toContain('2º lote · R$ 100,00 + R$ 10,00 de taxa');
    expect(pickerText).toContain('Próximo lote: R$ 120,00');
    expect(pickerText).toContain('1º lote · R$ 80,00 · Esgotado');
    expect(pickerText).toContain('Inteira');
    expect(pickerText).toContain('Meia-entrada');
    expect(pickerText).toContain('R$ 50,00 + R$ 5,00 de taxa');
    expect(pickerText).toMatch(/Meia-entrada: \d+ de \d+ disponíveis/);
    expect(pickerText).not.toContain('Camarote');

    await page.getByRole('button', { name: 'Aumentar quantidade de Pista (Inteira)' }).click();
    await page.getByRole('button', { name: 'Aumentar quantidade de Pista (Meia-entrada)' }).click();
    const pickerTotal = await textOf(page, '#ingressos');
    expect(pickerTotal).toContain('Taxa de serviço R$ 15,00');
    expect(pickerTotal).toContain('Total R$ 165,00');
    await shoot(page, 'brazilian-sale-picker');

    // The checkout: the meia-entrada's category and holder, then the server's itemised quote.
    await page.getByRole('button', { name: 'Comprar 2 ingressos' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => checkout.isVisible()).toBe(true);
    await checkout.locator('#buyer-phone').fill('47991234567');
    await checkout.locator('#buyer-cpf').fill('52998224725');
    await checkout.locator('#meia-0-concession').selectOption({ label: 'Estudante' });
    await checkout.locator('#meia-0-name').fill('Lucas Lima Santos');
    await checkout.locator('#meia-0-cpf').fill('11144477735');
    await checkout.locator('#meia-0-birth-date').fill('14052004');
    await checkout.getByLabel('Número da carteira de estudante (CIE)').fill('CIE-2026-0042');
    const summary = checkout.getByRole('region', { name: title });
    await poll(async () => (await summary.innerText()).includes('Pista · Meia-entrada (Estudante)')).toBe(true);
    const summaryText = (await summary.innerText()).replace(/\s+/g, ' ');
    expect(summaryText).toContain('1 x Pista 2º lote');
    expect(summaryText).toContain('1 x Pista · Meia-entrada (Estudante) 2º lote');
    expect(summaryText).toContain('Subtotal R$ 150,00');
    expect(summaryText).toContain('Taxa de serviço R$ 15,00');
    expect(summaryText).toContain('Total R$ 165,00');
    await shoot(page, 'brazilian-sale-checkout');

    // PIX: the amount to pay is the quote's total.
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.locator('#pix-copia-e-cola').isVisible()).toBe(true);
    await poll(() => checkout.getByText('Valor a pagar').isVisible()).toBe(true);
    expect(await textOf(page, '[role="dialog"]')).toContain('Valor a pagar R$ 165,00');
    await shoot(page, 'brazilian-sale-pix');
    await checkout.getByRole('button', { name: 'Simular pagamento' }).click();
    await poll(() => page.getByText('Compra realizada com sucesso!').isVisible()).toBe(true);

    // 'Meus ingressos': one ticket each, the meia-entrada's category on its ticket, and the
    // order's details with the lot, the fee and the same total.
    await seeTicketsAfterPurchase(page);
    const order = page.getByRole('article', { name: title });
    await poll(() => order.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(2);
    expect(await order.getByRole('heading', { name: 'Pista · Meia-entrada (Estudante)' }).count()).toBe(1);
    await order.getByRole('button', { name: 'Detalhes do pedido' }).click();
    const details = order.getByRole('list', { name: 'Itens do pedido' });
    await poll(() => details.isVisible()).toBe(true);
    const detailsText = await textOf(page, `[id^="order-details-"]`);
    expect(detailsText).toContain('2º lote');
    expect(detailsText).toContain('Taxa de serviço R$ 15,00');
    expect(detailsText).toContain('Total R$ 165,00');
    await shoot(page, 'brazilian-sale-tickets');

    // A pre-sale code shows the hidden sector, and buying it sends the code with the order.
    await page.goto(`/event/${eventId}`);
    await poll(() => picker.getByRole('heading', { name: 'Pista' }).isVisible()).toBe(true);
    await picker.getByRole('button', { name: 'Tem um código de acesso?' }).click();
    await picker.getByLabel('Código de acesso').fill(code.toLowerCase());
    await picker.getByRole('button', { name: 'Aplicar' }).click();
    await poll(() => picker.getByRole('heading', { name: /Camarote/ }).isVisible()).toBe(true);
    expect(await textOf(page, '#ingressos')).toContain('R$ 200,00 + R$ 20,00 de taxa');
    await shoot(page, 'brazilian-sale-presale');
    await page.getByRole('button', { name: 'Aumentar quantidade de Camarote (Inteira)' }).click();
    await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
    await poll(() => checkout.isVisible()).toBe(true);
    await poll(() => checkout.getByText(`Código de acesso ${code} aplicado.`).isVisible()).toBe(true);
    await checkout.locator('#buyer-phone').fill('47991234567');
    await checkout.locator('#buyer-cpf').fill('52998224725');
    await poll(async () => (await summary.innerText()).replace(/\s+/g, ' ')).toContain('Total R$ 220,00');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.locator('#pix-copia-e-cola').isVisible()).toBe(true);
    expect(await textOf(page, '[role="dialog"]')).toContain('Valor a pagar R$ 220,00');
    await context.close();
  });

  it("shows the new lot's price when the 1st lot sells out during checkout, asks again, and places the order at the new total", async () => {
    // 'Pista' in its 1st lot: 3 units at R$ 60,00, then R$ 80,00; a 10 % fee; no meia-entrada.
    const title = `Virada de Lote ${suffix()}`;
    const created = await admin.request.post('/api/admin/events', {
      data: {
        title,
        category: 'Next Level Events',
        description: 'Evento criado pelo teste da virada de lote durante o pagamento.',
        date: EVENT_DATE,
        startTime: '22:00',
        endTime: '23:30',
        location: 'Audio Club',
        city: 'São Paulo',
        isPublished: true,
        meiaEntrada: false,
        serviceFeeBasisPoints: 1000,
        sectors: [
          {
            name: 'Pista',
            lots: [
              { priceCentavos: 6000, remaining: 3 },
              { priceCentavos: 8000, remaining: 40 },
            ],
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = await created.json();
    const pista = event.sectors[0].id as string;

    // Another buyer, signed in elsewhere, who will take the 1st lot's last units.
    const other = await newContext(browser, desktop, app.baseUrl);
    const otherAccount = demoAccount(app, 'user');
    const signedIn = await other.request.post('/api/auth/sign-in/email', {
      data: { email: otherAccount.email, password: otherAccount.password },
      headers: { origin: app.baseUrl },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);

    const buyer = await createBuyer(app, { fullName: 'Rafael Souza Lima', emailPrefix: 'virada.de.lote' });
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await signInWithForm(page, buyer.email, buyer.password, `/event/${event.id}`);
    const picker = page.locator('#ingressos');
    await poll(() => picker.getByRole('heading', { name: 'Pista' }).isVisible()).toBe(true);
    expect(await textOf(page, '#ingressos')).toContain('1º lote · R$ 60,00 + R$ 6,00 de taxa');
    await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
    await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();

    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => checkout.isVisible()).toBe(true);
    await checkout.locator('#buyer-phone').fill('47991234567');
    await checkout.locator('#buyer-cpf').fill('52998224725');
    const summary = checkout.getByRole('region', { name: title });
    const summaryText = async () => (await summary.innerText()).replace(/\s+/g, ' ');
    await poll(summaryText).toContain('1 x Pista 1º lote');
    expect(await summaryText()).toContain('Taxa de serviço R$ 6,00');
    expect(await summaryText()).toContain('Total R$ 66,00');

    // While the buyer confirms, the other buyer's order takes the 1st lot's last 3 units: the
    // server refuses the R$ 66,00 the buyer saw, with the new total.
    let isFirstOrder = true;
    await page.route('**/api/orders', async (route) => {
      if (route.request().method() === 'POST' && isFirstOrder) {
        isFirstOrder = false;
        const taken = await other.request.post('/api/orders', {
          data: {
            eventId: event.id,
            items: [{ sectorId: pista, quantity: 3 }],
            buyer: { name: 'Outra Pessoa', email: otherAccount.email, phone: '(11) 98765-4321', cpf: '111.444.777-35' },
            paymentMethod: 'pix',
            installments: 1,
          },
        });
        expect(taken.status(), await taken.text()).toBe(201);
        expect((await taken.json()).totalCentavos).toBe(3 * 6600);
      }
      await route.continue();
    });
    const refusal = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    const refused = await refusal;
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'price_changed', details: { totalCentavos: 8800 } });

    // The checkout shows the 2nd lot's total and asks again; nothing was placed for the buyer.
    // A passing notice with the server's words, then the summary's own line, which stays until the buyer confirms.
    await poll(() =>
      page
        .getByText(
          'O preço mudou enquanto você finalizava (virada de lote ou de prazo): o total agora é R$ 88,00. Confira e confirme de novo.',
        )
        .first()
        .isVisible(),
    ).toBe(true);
    await poll(() => checkout.getByText('O preço mudou: o total agora é R$ 88,00. Confira e confirme de novo.').isVisible()).toBe(true);
    const changed = await summaryText();
    expect(changed).toContain('1 x Pista 2º lote');
    expect(changed).toContain('Taxa de serviço R$ 8,00');
    expect(changed).toContain('Total R$ 88,00');
    expect(changed).not.toContain('R$ 66,00');
    expect(await checkout.locator('#pix-copia-e-cola').count()).toBe(0);
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);
    await shoot(page, 'brazilian-sale-price-changed');

    // Confirming again places the order at the new total: the PIX charges R$ 88,00.
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.locator('#pix-copia-e-cola').isVisible()).toBe(true);
    await poll(() => textOf(page, '[role="dialog"]')).toContain('Valor a pagar R$ 88,00');
    // The BR Code's amount (field 54) is the same total.
    expect(await checkout.locator('#pix-copia-e-cola').inputValue()).toContain('540588.00');
    const placed = await app.deps.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(placed.map((o) => [o.status, o.subtotalCentavos, o.feeCentavos, o.totalCentavos])).toEqual([['pending', 8000, 800, 8800]]);
    const [item] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, placed[0].id));
    const [lot] = await app.deps.db.select().from(ticketLots).where(eq(ticketLots.id, item.lotId!));
    expect([item.unitPriceCentavos, lot.position]).toEqual([8000, 2]);
    await context.close();
    await other.close();
  });
});
