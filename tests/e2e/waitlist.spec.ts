import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders, sectors, waitlistEntries, waitlistOffers } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { seeTicketsAfterPurchase } from '../support/purchase';

// The waiting list of a sold-out sector on a phone ('Lista de espera'): join it, get the unit a
// pending order lets go when its hold runs out, and buy it; the organizer sees the demand.

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

async function signedIn(size: typeof smallPhone | typeof desktop, person: { email: string; password: string }, path: string) {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: person.email, password: person.password },
    headers: { origin: app.baseUrl },
  });
  expect(response.status()).toBe(200);
  await page.goto(path);
  return { context, page };
}

async function createSoldOutEvent(admin: BrowserContext) {
  const response = await admin.request.post('/api/admin/events', {
    data: {
      title: `Noite Esgotada ${Math.random().toString(36).slice(2, 7)}`,
      category: 'Next Level Events',
      description: 'Evento com lista de espera.',
      date: saoPauloToday(new Date(Date.now() + 15 * 86_400_000)),
      startTime: '22:00',
      endTime: '23:59',
      location: 'Arena Teste',
      city: 'Itajaí',
      isPublished: true,
      meiaEntrada: false,
      sectors: [{ name: 'Pista', priceCentavos: 9000, remaining: 1 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const event = await response.json();
  return { eventId: event.id as string, sectorId: event.sectors[0].id as string, title: event.title as string };
}

describe('the waiting list', () => {
  it('lets a fan on a phone join a sold-out sector, get the unit a lapsed hold frees, and buy it', async () => {
    const admin = await signedIn(desktop, demoAccount(app, 'admin'), '/admin');
    const event = await createSoldOutEvent(admin.context);

    // Someone holds the last unit with an unpaid order.
    const holder = await createBuyer(app, { fullName: 'Rafael Antunes', emailPrefix: 'segura.ultimo' });
    const holding = await signedIn(desktop, holder, '/');
    const held = await holding.context.request.post('/api/orders', {
      data: {
        eventId: event.eventId,
        items: [{ sectorId: event.sectorId, quantity: 1 }],
        buyer: { name: 'Rafael Antunes', email: holder.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(held.status()).toBe(201);
    const heldOrderId = (await held.json()).id as string;

    // The fan finds 'Pista' sold out and joins its waiting list, for one ticket.
    const fan = await createBuyer(app, { fullName: 'Camila Ferreira Nunes', emailPrefix: 'lista.espera' });
    const { context, page } = await signedIn(smallPhone, fan, `/event/${event.eventId}`);
    const join = page.getByRole('button', { name: 'Entrar na lista de espera' });
    await poll(() => join.isVisible()).toBe(true);
    await join.scrollIntoViewIfNeeded();
    await shoot(page, 'waitlist-sold-out-sector');
    await join.click();
    const dialog = page.getByRole('dialog', { name: 'Lista de espera · Pista' });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Quantos ingressos você quer?').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'waitlist join dialog');
    await shoot(page, 'waitlist-join-dialog');
    await dialog.getByRole('button', { name: 'Entrar na lista', exact: true }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'Você está na lista de espera: 1º na fila' }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'waitlist place in line');
    await shoot(page, 'waitlist-in-line');

    // The organizer sees the demand on the event's admin page.
    await admin.page.goto(`/admin/events/${event.eventId}/edit`);
    const section = admin.page.getByRole('region', { name: 'Lista de espera' });
    await poll(() => section.getByRole('list', { name: 'Procura por setor' }).isVisible()).toBe(true);
    expect(await section.getByText('Pessoas na fila').isVisible()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shoot(admin.page, 'waitlist-admin-demand');

    // The holder's time runs out: the worker expires the order and the unit goes to the fan, not on sale.
    await app.deps.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, heldOrderId));
    const offerTitle = page.getByRole('heading', { name: /^Um ingresso ficou disponível para você até \d{2}:\d{2}$/ });
    await poll(() => offerTitle.isVisible(), 40_000).toBe(true);
    const [sector] = await app.deps.db.select().from(sectors).where(eq(sectors.id, event.sectorId));
    expect(sector.remaining).toBe(0);
    await expectNoAxeViolationsInBothThemes(page, 'waitlist offer banner');
    await shoot(page, 'waitlist-offer');
    // 'Recusar' asks first; keeping the offer leaves it as it was.
    await page.getByRole('button', { name: 'Recusar' }).click();
    const decline = page.getByRole('alertdialog', { name: 'Recusar os ingressos da lista de espera?' });
    await poll(() => decline.isVisible()).toBe(true);
    await shoot(page, 'waitlist-decline');
    await decline.getByRole('button', { name: 'Cancelar' }).click();
    await poll(() => decline.isVisible()).toBe(false);

    // Someone else cannot buy it.
    expect(
      (
        await (
          await holding.context.request.post('/api/orders', {
            data: {
              eventId: event.eventId,
              items: [{ sectorId: event.sectorId, quantity: 1 }],
              buyer: { name: 'Rafael Antunes', email: holder.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
              paymentMethod: 'pix',
              installments: 1,
            },
          })
        ).json()
      ).code,
    ).toBe('ticket_type_sold_out');

    // The fan buys it through the checkout, with PIX.
    await page.getByRole('button', { name: 'Comprar agora' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => checkout.isVisible()).toBe(true);
    await checkout.getByLabel('Telefone').fill('47991234567');
    await checkout.getByLabel('CPF').fill('52998224725');
    await poll(() => checkout.getByText('R$ 90,00').first().isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Simular pagamento' }).click();
    await seeTicketsAfterPurchase(page);
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(1);

    const [offer] = await app.deps.db.select().from(waitlistOffers).where(eq(waitlistOffers.userId, fan.id));
    expect(offer.status).toBe('taken');
    const [entry] = await app.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, fan.id));
    expect(entry.status).toBe('purchased');
    await context.close();
    await holding.context.close();
    await admin.context.close();
  });
});
