import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders, tickets } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';

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
const suffix = () => Math.random().toString(36).slice(2, 7);
const dayIn = (days: number) => saoPauloToday(new Date(Date.now() + days * 86_400_000));

/** A context signed in through the API (the sign-in form is another journey's test). */
async function signedIn(person: { email: string; password: string }) {
  const context = await newContext(browser, smallPhone, app.baseUrl);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: person.email, password: person.password },
    headers: { origin: app.baseUrl },
  });
  expect(response.status()).toBe(200);
  return { context, page };
}

/** An upcoming published event at 20:00 (São Paulo) with one ticket type, through the back office's API. */
async function createEvent(admin: BrowserContext, { title, date, priceCentavos }: { title: string; date: string; priceCentavos: number }) {
  const response = await admin.request.post('/api/admin/events', {
    data: {
      title,
      category: 'Next Level Events',
      description: 'Evento criado pelo teste da confirmação de compra.',
      date,
      startTime: '20:00',
      endTime: '23:30',
      location: 'Espaço das Américas',
      city: 'São Paulo',
      isPublished: true,
      sectors: [{ name: 'Pista', priceCentavos, remaining: 20 }],
    },
  });
  expect(response.status()).toBe(201);
  const event = await response.json();
  return { eventId: event.id as string, sectorId: event.sectors[0].id as string, title };
}

/** A PIX order placed and paid through the API (the sandbox's 'Simular pagamento'). */
async function buyThroughApi(context: BrowserContext, eventId: string, sectorId: string) {
  const placed = await context.request.post('/api/orders', {
    data: {
      eventId,
      items: [{ sectorId, quantity: 1 }],
      buyer: { name: 'Lucas Pereira Lima', email: 'lucas.lima@exemplo.com.br', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).id as string;
  expect((await context.request.post(`/api/orders/${orderId}/simulate-pix-payment`)).status()).toBe(200);
  return orderId;
}

describe('the moment of purchase', () => {
  it('confirms a PIX purchase with its e-mail, total and .ics, lists it first in Meus ingressos, and moves a refunded order to the history', async () => {
    const adminContext = await newContext(browser, phone, app.baseUrl);
    const adminAccount = demoAccount(app, 'admin');
    expect(
      (await adminContext.request.post('/api/auth/sign-in/email', { data: adminAccount, headers: { origin: app.baseUrl } })).status(),
    ).toBe(200);
    // The older order is for the sooner event: newest purchase first, not soonest event first.
    const sooner = await createEvent(adminContext, { title: `Noite Anterior ${suffix()}`, date: dayIn(10), priceCentavos: 5000 });
    const later = await createEvent(adminContext, { title: `Festival da Confirmação ${suffix()}`, date: dayIn(40), priceCentavos: 12000 });
    await adminContext.close();

    const buyer = await createBuyer(app, { fullName: 'Lucas Pereira Lima', emailPrefix: 'confirma.compra' });
    const { context, page } = await signedIn(buyer);
    const olderOrderId = await buyThroughApi(context, sooner.eventId, sooner.sectorId);

    // Buy 2 tickets with PIX on the phone.
    await page.goto(`/event/${later.eventId}`);
    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Comprar 2 ingressos' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => checkout.isVisible()).toBe(true);
    await checkout.getByLabel('Nome completo').fill('Lucas Pereira Lima');
    await checkout.getByLabel('E-mail').fill('lucas.ingressos@exemplo.com.br');
    await checkout.getByLabel('Telefone').fill('11987654321');
    await checkout.getByLabel('CPF').fill('52998224725');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Simular pagamento' }).click();

    // The confirmation: event, order, items, total and where the tickets went.
    await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.has('order'));
    const newOrderId = new URL(page.url()).searchParams.get('order')!;
    await poll(() => page.getByRole('heading', { name: 'Compra confirmada!' }).isVisible()).toBe(true);
    const main = page.locator('main');
    await poll(() => main.getByText('Enviamos os ingressos para lucas.ingressos@exemplo.com.br').isVisible()).toBe(true);
    const text = await main.innerText();
    expect(text).toContain(later.title);
    expect(text).toContain('20:00');
    expect(text).toContain('Espaço das Américas');
    expect(text).toContain(`Pedido #${newOrderId.slice(0, 8)} · 2 ingressos`);
    expect(text).toContain('2 x Pista');
    const [paid] = await app.deps.db.select().from(orders).where(eq(orders.id, newOrderId));
    expect(paid.status).toBe('completed');
    const total = `R$ ${(paid.totalCentavos / 100).toFixed(2).replace('.', ',')}`;
    expect(text.replace(/\u00a0/g, ' ')).toMatch(new RegExp(`Total\\s+${total.replace('$', '\\$')}`));

    await expectNoAxeViolationsInBothThemes(page, 'purchase confirmation');
    await shoot(page, 'purchase-confirmation');

    // 'Adicionar à agenda': the event's .ics, 20:00 in São Paulo written as 23:00 UTC.
    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: 'Adicionar à agenda' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${dayIn(40).replace(/-/g, '')}T230000Z`);
    expect(ics).toContain('SUMMARY:Festival da Confirmação');

    // 'Compartilhar': the system's share sheet when there is one, else the link copied.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await main.getByRole('button', { name: 'Compartilhar' }).click();
    await poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url)).toBe(
      `${app.baseUrl}/event/${later.eventId}`,
    );
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    await main.getByRole('button', { name: 'Compartilhar' }).click();
    await poll(() => page.getByText('Link copiado!').isVisible()).toBe(true);

    // A reload reads the order again from the server.
    await page.reload();
    await poll(() => page.getByRole('heading', { name: 'Compra confirmada!' }).isVisible()).toBe(true);
    await poll(() => main.getByText('Enviamos os ingressos para lucas.ingressos@exemplo.com.br').isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');

    // 'Ver ingressos': the new order first, above the older one, each grouped with its tickets.
    await main.getByRole('link', { name: 'Ver ingressos' }).click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    const upcoming = page.getByRole('region', { name: 'Próximos eventos' });
    const upcomingOrders = upcoming.getByRole('article');
    await poll(() => upcomingOrders.count()).toBe(2);
    expect(await upcomingOrders.nth(0).getByRole('heading').first().innerText()).toBe(later.title);
    expect(await upcomingOrders.nth(1).getByRole('heading').first().innerText()).toBe(sooner.title);
    expect(await upcomingOrders.nth(0).getByRole('button', { name: 'Ver QR Code' }).count()).toBe(2);
    expect(await page.getByRole('region', { name: 'Histórico' }).count()).toBe(0);

    // The older order refunded (set up in the database): its ticket moves to the history.
    await app.deps.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, olderOrderId));
    await app.deps.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.orderId, olderOrderId));
    await page.reload();
    const history = page.getByRole('region', { name: 'Histórico' });
    await poll(() => history.getByRole('article', { name: sooner.title }).isVisible()).toBe(true);
    await poll(() => history.getByText('Reembolsado').first().isVisible()).toBe(true);
    await poll(() => upcoming.getByRole('article').count()).toBe(1);
    expect(await upcoming.getByRole('article', { name: sooner.title }).count()).toBe(0);
    expect(await upcoming.getByRole('article', { name: later.title }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'tickets with history');
    await shoot(page, 'tickets-history');
    await context.close();

    // Another account cannot read the order.
    const stranger = await createBuyer(app, { fullName: 'Outra Pessoa', emailPrefix: 'outra.conta' });
    const other = await signedIn(stranger);
    await other.page.goto(`/payment-success?order=${newOrderId}`);
    await poll(() => other.page.getByRole('heading', { name: 'Pedido não encontrado' }).isVisible()).toBe(true);
    expect(await other.page.getByText('lucas.ingressos@exemplo.com.br').count()).toBe(0);
    await other.context.close();
  });
});
