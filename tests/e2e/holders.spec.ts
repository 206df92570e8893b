import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc, eq } from 'drizzle-orm';
import { orders, tickets } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';

// A ticket belongs to a person (docs/rules/transfers.md 'Named tickets'): the checkout names each one.

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

describe('holder names at checkout', () => {
  it('names each ticket on a 360 px phone: the first is the buyer, the second a friend, shown on the tickets and their QR', async () => {
    const adminContext = await newContext(browser, desktop, app.baseUrl);
    const account = demoAccount(app, 'admin');
    await signInWithForm(await adminContext.newPage(), account.email, account.password, '/admin');
    const title = `Noite dos Titulares ${Date.now().toString(36)}`;
    const created = await adminContext.request.post('/api/admin/events', {
      data: {
        title,
        category: 'KXP Events',
        description: 'Evento em que cada ingresso leva o nome de quem vai usar.',
        date: saoPauloToday(new Date(Date.now() + 15 * 86_400_000)),
        startTime: '19:00',
        location: 'Centro Cultural Coreano',
        city: 'São Paulo',
        isPublished: true,
        meiaEntrada: false,
        sectors: [{ name: 'Pista', lots: [{ priceCentavos: 6000, remaining: 20 }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = (await created.json()).id as string;
    await adminContext.close();

    const buyer = await createBuyer(app, { fullName: 'Joana Ribeiro Dias', emailPrefix: 'titulares' });
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    await signInWithForm(page, buyer.email, buyer.password, `/event/${eventId}`);
    const increase = page.getByRole('button', { name: 'Aumentar quantidade de Pista' });
    await poll(() => increase.isVisible()).toBe(true);
    await increase.click();
    await increase.click();
    await page
      .getByRole('button', { name: /^Comprar 2 ingresso/ })
      .first()
      .click();

    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => checkout.isVisible()).toBe(true);
    const holders = checkout.getByRole('group', { name: 'Quem vai usar cada ingresso' });
    await poll(() => holders.isVisible()).toBe(true);
    await checkout.locator('#buyer-phone').fill('47991234567');
    await checkout.locator('#buyer-cpf').fill('52998224725');
    await holders.getByLabel('Ingresso 2 · Pista', { exact: true }).fill('Marina Costa Alves');
    await holders.getByRole('button', { name: 'Sou eu: Ingresso 1 · Pista' }).click();
    expect(await holders.getByLabel('Ingresso 1 · Pista', { exact: true }).inputValue()).toBe('Joana Ribeiro Dias');
    await expectNoAxeViolationsInBothThemes(page, 'checkout with holder names');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Simular pagamento' }).click();
    await poll(async () => (await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId)))[0]?.status).toBe('completed');
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId));
    const issued = await app.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, order.id))
      .orderBy(asc(tickets.createdAt), asc(tickets.id));
    expect(issued.map((t) => t.holderName).sort()).toEqual(['Joana Ribeiro Dias', 'Marina Costa Alves']);

    await page.goto('/tickets');
    const card = page.getByRole('article', { name: title });
    await poll(() => card.getByText('Marina Costa Alves').isVisible()).toBe(true);
    expect(await card.getByText('Joana Ribeiro Dias').isVisible()).toBe(true);
    const friend = card.getByRole('listitem').filter({ hasText: 'Marina Costa Alves' });
    await friend.getByRole('button', { name: 'Ver QR Code' }).click();
    await poll(() => page.getByRole('dialog', { name: 'Seu ingresso' }).getByText('Titular: Marina Costa Alves').isVisible()).toBe(true);
    await context.close();
  });

  it('asks each holder CPF for a nominal event on a 360 px phone, and refuses to go on without them', async () => {
    const adminContext = await newContext(browser, desktop, app.baseUrl);
    const account = demoAccount(app, 'admin');
    await signInWithForm(await adminContext.newPage(), account.email, account.password, '/admin');
    const title = `Noite Nominal ${Date.now().toString(36)}`;
    const created = await adminContext.request.post('/api/admin/events', {
      data: {
        title,
        category: 'KXP Events',
        description: 'Evento nominal: cada ingresso leva o CPF de quem vai usar.',
        date: saoPauloToday(new Date(Date.now() + 15 * 86_400_000)),
        startTime: '19:00',
        location: 'Centro Cultural Coreano',
        city: 'São Paulo',
        isPublished: true,
        meiaEntrada: false,
        nominal: true,
        sectors: [{ name: 'Pista', lots: [{ priceCentavos: 6000, remaining: 20 }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = (await created.json()).id as string;
    await adminContext.close();

    const buyer = await createBuyer(app, { fullName: 'Sora Tanaka Lima', emailPrefix: 'nominal' });
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    await signInWithForm(page, buyer.email, buyer.password, `/event/${eventId}`);
    const increase = page.getByRole('button', { name: 'Aumentar quantidade de Pista' });
    await poll(() => increase.isVisible()).toBe(true);
    await increase.click();
    await increase.click();
    await page
      .getByRole('button', { name: /^Comprar 2 ingresso/ })
      .first()
      .click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    const holders = checkout.getByRole('group', { name: 'Quem vai usar cada ingresso' });
    await poll(() => holders.isVisible()).toBe(true);
    await checkout.locator('#buyer-phone').fill('47991234567');
    await checkout.locator('#buyer-cpf').fill('52998224725');
    await holders.getByRole('button', { name: 'Sou eu: Ingresso 1 · Pista' }).click();
    expect(await holders.getByLabel('CPF · Ingresso 1 · Pista').inputValue()).toBe('529.982.247-25');
    await holders.getByLabel('Ingresso 2 · Pista', { exact: true }).fill('Yuki Tanaka');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => holders.getByText('Informe o CPF de quem vai usar').isVisible()).toBe(true);
    expect(await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId))).toEqual([]);
    await expectNoAxeViolationsInBothThemes(page, 'nominal checkout');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await holders.getByLabel('CPF · Ingresso 2 · Pista').fill('11144477735');
    expect(await holders.getByLabel('CPF · Ingresso 2 · Pista').inputValue()).toBe('111.444.777-35');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Simular pagamento' }).click();
    await poll(async () => (await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId)))[0]?.status).toBe('completed');
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId));
    const issued = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(issued.map((t) => [t.holderName, t.holderCpf]).sort()).toEqual([
      ['Sora Tanaka Lima', '52998224725'],
      ['Yuki Tanaka', '11144477735'],
    ]);
    await context.close();
  });
});
