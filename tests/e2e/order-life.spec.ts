import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { orders, sectors } from '../../src/server/db/schema';
import { formatCentavos } from '../../src/shared/money';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { seeTicketsAfterPurchase } from '../support/purchase';

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

const EVENT_DATE = saoPauloToday(new Date(Date.now() + 30 * 86_400_000));
const suffix = () => Math.random().toString(36).slice(2, 7);

/** A context signed in as `person` through the API (the sign-in form is the journeys' test), on `redirect`. */
async function signedIn(size: typeof phone | typeof desktop, person: { email: string; password: string }, redirect: string) {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: person.email, password: person.password },
    headers: { origin: app.baseUrl },
  });
  expect(response.status()).toBe(200);
  await page.goto(redirect);
  return { context, page };
}

/** An upcoming published event with one ticket type, made through the back office's API. */
async function createEvent(
  admin: BrowserContext,
  { title, priceCentavos, remaining }: { title: string; priceCentavos: number; remaining: number },
) {
  const response = await admin.request.post('/api/admin/events', {
    data: {
      title,
      category: 'Next Level Events',
      description: 'Evento criado pelo teste do ciclo de vida dos pedidos.',
      date: EVENT_DATE,
      startTime: '20:00',
      endTime: '23:30',
      location: 'Espaço das Américas',
      city: 'São Paulo',
      isPublished: true,
      sectors: [{ name: 'Pista', priceCentavos, remaining }],
    },
  });
  expect(response.status()).toBe(201);
  const event = await response.json();
  return { eventId: event.id as string, sectorId: event.sectors[0].id as string, title };
}

async function placeOrder(context: BrowserContext, eventId: string, sectorId: string, quantity: number) {
  const response = await context.request.post('/api/orders', {
    data: {
      eventId,
      items: [{ sectorId, quantity }],
      buyer: { name: 'Comprador de Teste', email: 'comprador@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id as string;
}

async function payWithSimulatedPix(context: BrowserContext, orderId: string) {
  const response = await context.request.post(`/api/orders/${orderId}/simulate-pix-payment`, { data: {} });
  expect((await response.json()).status).toBe('completed');
}

async function ticketsOf(context: BrowserContext, orderId: string): Promise<{ code: string | null; displayStatus: string }[]> {
  const body = await (await context.request.get('/api/tickets')).json();
  return body.orders.find((o: { orderId: string }) => o.orderId === orderId)?.tickets ?? [];
}

async function remainingOf(sectorId: string) {
  const [row] = await app.deps.db.select().from(sectors).where(eq(sectors.id, sectorId));
  return row.remaining;
}

let adminSession: { context: BrowserContext; page: Page };
async function admin() {
  adminSession ??= await signedIn(desktop, demoAccount(app, 'admin'), '/admin');
  return adminSession;
}

describe('the life of an order in the browser', () => {
  it("resumes a pending PIX order from 'Meus ingressos' and pays it", async () => {
    const event = await createEvent((await admin()).context, { title: `Noite do PIX ${suffix()}`, priceCentavos: 8000, remaining: 50 });
    const buyer = await createBuyer(app, { fullName: 'Juliana Prado Reis', emailPrefix: 'retoma.pix' });
    const { context, page } = await signedIn(phone, buyer, `/event/${event.eventId}`);

    // Start a PIX purchase of two tickets and leave it unpaid.
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
    await checkout.getByLabel('Telefone').fill('47991234567');
    await checkout.getByLabel('CPF').fill('52998224725');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.locator('#pix-copia-e-cola').inputValue()).toMatch(/^000201/);
    const pixCode = await checkout.locator('#pix-copia-e-cola').inputValue();
    await page.keyboard.press('Escape');
    await poll(() => checkout.isVisible()).toBe(false);

    // 'Meus ingressos' shows it waiting, with its time left.
    await page.goto('/tickets');
    await poll(() => page.getByRole('heading', { name: 'Pagamento pendente' }).isVisible()).toBe(true);
    const pending = page.getByRole('article', { name: event.title });
    await poll(() => pending.getByText('2x Pista').isVisible()).toBe(true);
    expect(await pending.getByRole('timer').textContent()).toMatch(/^1[0-5]:\d{2}$/);
    await shoot(page, 'tickets-pending');

    // 'Continuar pagamento' opens the same PIX again, QR and countdown included.
    await pending.getByRole('button', { name: 'Continuar pagamento' }).click();
    const resume = page.getByRole('dialog', { name: 'Continuar pagamento' });
    await poll(() => resume.getByRole('img', { name: 'QR Code PIX' }).isVisible()).toBe(true);
    expect(await resume.locator('#pix-copia-e-cola').inputValue()).toBe(pixCode);
    await poll(() => resume.getByText(/^Expira em \d{2}:\d{2}$/).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'resume PIX dialog');
    await shoot(page, 'resume-pix');

    await resume.getByRole('button', { name: 'Simular pagamento' }).click();
    await poll(() => page.getByText('Compra realizada com sucesso!').isVisible()).toBe(true);
    await seeTicketsAfterPurchase(page);
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(2);
    expect(await page.getByRole('heading', { name: 'Pagamento pendente' }).count()).toBe(0);
    await context.close();
  });

  it('keeps a declined card order open, shows instalments that add up, and pays it with another card later', async () => {
    const event = await createEvent((await admin()).context, { title: `Noite do Cartão ${suffix()}`, priceCentavos: 26000, remaining: 20 });
    const buyer = await createBuyer(app, { fullName: 'Marina Costa Souza', emailPrefix: 'cartao.recusado' });
    const { context, page } = await signedIn(desktop, buyer, `/event/${event.eventId}`);

    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await checkout.getByLabel('Telefone').fill('11987654321');
    await checkout.getByLabel('CPF').fill('52998224725');
    await checkout.getByText('Cartão de crédito').click();
    const installments = checkout.getByLabel('Parcelamento');
    expect(await installments.locator('option').allTextContents()).toContain('6x sem juros (1x R$ 43,35 + 5x R$ 43,33)');
    await installments.selectOption('6');
    await poll(() => checkout.getByText('6x sem juros (1x R$ 43,35 + 5x R$ 43,33), total R$ 260,00').isVisible()).toBe(true);
    expect(await checkout.getByText('43,34').count()).toBe(0);
    await checkout.getByLabel('Número do cartão').fill('4000000000000002');
    await checkout.getByLabel('Nome impresso no cartão').fill('MARINA C SOUZA');
    await checkout.getByLabel('Validade').fill('1234');
    await checkout.getByLabel('CVV').fill('123');
    await checkout.getByRole('button', { name: 'Pagar R$ 260,00' }).click();

    // Declined: the order stays pending with its unit held, and another card is asked for.
    const declined = checkout.getByRole('alert').filter({ hasText: 'Tente outro cartão' });
    await poll(() => declined.isVisible()).toBe(true);
    expect(await declined.textContent()).toMatch(/Pagamento recusado/);
    await poll(() => checkout.getByText('6x sem juros (1x R$ 43,35 + 5x R$ 43,33)').isVisible()).toBe(true);
    expect(await remainingOf(event.sectorId)).toBe(19);
    await expectNoAxeViolationsInBothThemes(page, 'card retry step');
    await shoot(page, 'card-retry');
    await page.keyboard.press('Escape');

    // Later, from 'Meus ingressos', with a card that is approved.
    await page.goto('/tickets');
    const pending = page.getByRole('article', { name: event.title });
    await poll(() => pending.getByText('Cartão de crédito').isVisible()).toBe(true);
    await pending.getByRole('button', { name: 'Continuar pagamento' }).click();
    const resume = page.getByRole('dialog', { name: 'Continuar pagamento' });
    await poll(() => resume.getByLabel('Número do cartão').isVisible()).toBe(true);
    await poll(() => resume.getByText(/Pagamento recusado/).isVisible()).toBe(true);
    await shoot(page, 'resume-card');
    await resume.getByLabel('Número do cartão').fill('4242424242424242');
    await resume.getByLabel('Nome impresso no cartão').fill('MARINA C SOUZA');
    await resume.getByLabel('Validade').fill('1234');
    await resume.getByLabel('CVV').fill('123');
    await resume.getByRole('button', { name: 'Pagar R$ 260,00' }).click();
    await poll(() => page.getByText('Pagamento realizado com sucesso!').isVisible()).toBe(true);
    await seeTicketsAfterPurchase(page);
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(1);
    expect(await remainingOf(event.sectorId)).toBe(19);
    await context.close();
  });

  it('cancels a pending order after asking, and its units return at once', async () => {
    const event = await createEvent((await admin()).context, { title: `Noite Cancelada ${suffix()}`, priceCentavos: 8000, remaining: 10 });
    const buyer = await createBuyer(app, { fullName: 'Pedro Henrique Alves', emailPrefix: 'cancela.pedido' });
    const { context, page } = await signedIn(phone, buyer, '/tickets');
    await placeOrder(context, event.eventId, event.sectorId, 3);
    expect(await remainingOf(event.sectorId)).toBe(7);

    await page.reload();
    const pending = page.getByRole('article', { name: event.title });
    await pending.getByRole('button', { name: 'Cancelar pedido' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancelar este pedido?' });
    await poll(() => confirm.getByText(/voltam a ficar à venda/).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'cancel order dialog');
    await shoot(page, 'cancel-order');
    await confirm.getByRole('button', { name: 'Cancelar pedido' }).click();
    await poll(() => page.getByText('Pedido cancelado.').isVisible()).toBe(true);
    await poll(() => pending.count()).toBe(0);
    await poll(() => page.getByText('Nenhum ingresso encontrado').isVisible()).toBe(true);
    expect(await remainingOf(event.sectorId)).toBe(10);
    await context.close();
  });

  it('refunds one ticket of two: the buyer asks, the admin approves, one is refunded and the other still valid', async () => {
    const event = await createEvent((await admin()).context, { title: `Noite a Dois ${suffix()}`, priceCentavos: 8000, remaining: 10 });
    const buyer = await createBuyer(app, { fullName: 'Luana Ferreira Dias', emailPrefix: 'reembolso.um' });
    const { context, page } = await signedIn(phone, buyer, '/refund-request');
    const orderId = await placeOrder(context, event.eventId, event.sectorId, 2);
    await payWithSimulatedPix(context, orderId);

    await page.reload();
    await page.getByRole('radio', { name: new RegExp(event.title) }).check();
    const picker = page.getByRole('group', { name: 'Quais ingressos?' });
    await poll(() => picker.getByRole('checkbox').count()).toBe(2);
    await poll(() => page.getByText('Selecione os ingressos para ver o valor.').isVisible()).toBe(true);
    await picker.getByRole('checkbox').first().check();
    await poll(() => page.getByText('Valor a reembolsar (1 ingresso):').isVisible()).toBe(true);
    expect(await page.getByText('Valor a reembolsar (1 ingresso):').locator('..').textContent()).toContain('R$ 80,00');
    await page.getByLabel('Motivo do reembolso').fill('Minha amiga não poderá ir.');
    await expectNoAxeViolationsInBothThemes(page, 'refund ticket picker');
    await shoot(page, 'refund-picker');
    await page.getByRole('button', { name: 'Solicitar reembolso' }).click();
    // The sheet names the one ticket that goes, and what comes back.
    const sheet = page.getByRole('alertdialog', { name: 'Solicitar reembolso?' });
    await poll(() => sheet.isVisible()).toBe(true);
    expect(await sheet.getByRole('list', { name: 'Ingressos' }).getByRole('listitem').count()).toBe(1);
    expect(await sheet.innerText()).toMatch(/Comprador de Teste\s+\S.* · Ingresso 1 de 2\s+R\$ 80,00/);
    await shoot(page, 'refund-confirm');
    await sheet.getByRole('button', { name: 'Solicitar reembolso' }).click();
    await poll(() => page.getByText('Solicitação de reembolso enviada com sucesso!').isVisible()).toBe(true);
    const mine = page.getByRole('list', { name: 'Minhas solicitações de reembolso' });
    await poll(() => mine.getByText('1 ingresso', { exact: true }).isVisible()).toBe(true);
    // The ticket asked for is now greyed out with why; the other can still be picked.
    await page.getByRole('radio', { name: new RegExp(event.title) }).check();
    await poll(() => picker.getByText('Já solicitado').isVisible()).toBe(true);
    expect(await picker.getByRole('checkbox', { disabled: true }).count()).toBe(1);
    await shoot(page, 'refund-requested');
    const refundId: string = (await (await context.request.get('/api/refunds/mine')).json()).refunds[0].id;

    // The admin approves it.
    const adminPage = (await admin()).page;
    await adminPage.goto('/admin/refunds?status=pending');
    const row = adminPage.getByRole('row').filter({ hasText: `#${refundId.slice(0, 8)}` });
    await row.getByRole('button', { name: /^Aprovar reembolso de/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Aprovar reembolso' });
    await dialog.getByRole('button', { name: 'Aprovar reembolso' }).click();
    await poll(() => adminPage.getByText('Reembolso aprovado com sucesso!').isVisible()).toBe(true);

    // The buyer sees the valid ticket under 'Próximos eventos' and the refunded one in the history.
    await page.goto('/tickets');
    await poll(async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Meus ingressos' }).waitFor();
      const upcoming = page.getByRole('region', { name: 'Próximos eventos' }).getByRole('article', { name: event.title });
      const history = page.getByRole('region', { name: 'Histórico' }).getByRole('article', { name: event.title });
      return [
        await upcoming.getByText('Válido', { exact: true }).count(),
        await upcoming.getByText('Reembolsado', { exact: true }).count(),
        await history.getByText('Reembolsado', { exact: true }).count(),
      ];
    }, 30_000).toEqual([1, 0, 1]);
    expect(await page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(1);
    await context.close();
  });

  it('cancels an event in the back office: every buyer is refunded and the door refuses their codes; an event without orders is deleted', async () => {
    const { context: adminContext, page: adminPage } = await admin();
    const event = await createEvent(adminContext, { title: `Show Cancelado ${suffix()}`, priceCentavos: 10000, remaining: 20 });
    const buyers = [];
    for (const fullName of ['Ana Beatriz Lima', 'Carlos Eduardo Rocha']) {
      const person = await createBuyer(app, { fullName, emailPrefix: 'evento.cancelado' });
      const session = await signedIn(desktop, person, '/tickets');
      const orderId = await placeOrder(session.context, event.eventId, event.sectorId, 1);
      await payWithSimulatedPix(session.context, orderId);
      const [ticket] = await ticketsOf(session.context, orderId);
      expect(ticket.code).toMatch(/^NL1\./);
      buyers.push({ ...session, orderId, code: ticket.code! });
    }

    // The organizer cancels it, giving the reason; deleting is not offered since it has orders.
    await adminPage.goto(`/admin/events/${event.eventId}/edit`);
    await poll(() => adminPage.getByRole('heading', { name: 'Editar evento' }).isVisible()).toBe(true);
    expect(await adminPage.getByRole('button', { name: /^Excluir evento/ }).count()).toBe(0);
    await adminPage.getByRole('button', { name: /^Cancelar evento/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Cancelar evento' });
    // Before anything happens, the summary with this event's numbers: the two paid orders, what
    // they paid (fees included: a cancelled event pays everything back), their tickets, the buyers told.
    const paidRows = await app.deps.db
      .select({ total: orders.totalCentavos })
      .from(orders)
      .where(
        inArray(
          orders.id,
          buyers.map((b) => b.orderId),
        ),
      );
    const refundTotal = formatCentavos(paidRows.reduce((sum, row) => sum + row.total, 0));
    const summary = dialog.getByTestId('cancel-event-summary');
    await poll(() => summary.textContent()).toContain(
      `2 pedidos pagos serão reembolsados, ${refundTotal} no total, pela mesma forma de pagamento.`,
    );
    await poll(() => summary.textContent()).toContain('2 ingressos deixam de valer na entrada.');
    await poll(() => dialog.getByText('Cada comprador é avisado, com o motivo abaixo.').isVisible()).toBe(true);
    // Asking changed nothing.
    expect((await ticketsOf(buyers[0].context, buyers[0].orderId)).map((t) => t.displayStatus)).toEqual(['valid']);
    await dialog.getByRole('button', { name: 'Cancelar evento e reembolsar' }).click();
    await poll(() => dialog.getByText('Informe o motivo do cancelamento').isVisible()).toBe(true);
    await dialog.getByLabel('Motivo do cancelamento').fill('O local foi interditado pela prefeitura.');
    await expectNoAxeViolationsInBothThemes(adminPage, 'cancel event dialog');
    await shoot(adminPage, 'cancel-event');
    await dialog.getByRole('button', { name: 'Cancelar evento e reembolsar' }).click();
    await poll(() => adminPage.getByText('Evento cancelado', { exact: true }).first().isVisible()).toBe(true);
    await poll(() => adminPage.getByText(/^Cancelado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/).isVisible()).toBe(true);
    expect(await adminPage.getByRole('button', { name: /^Cancelar evento/ }).count()).toBe(0);
    await shoot(adminPage, 'event-cancelled-admin');

    // Every buyer's ticket is refunded, and no longer has a code to show.
    for (const buyer of buyers) {
      await poll(async () => (await ticketsOf(buyer.context, buyer.orderId)).map((t) => t.displayStatus), 30_000).toEqual(['refunded']);
    }
    const first = buyers[0].page;
    await first.reload();
    await poll(() => first.getByRole('article', { name: event.title }).getByText('Reembolsado', { exact: true }).isVisible()).toBe(true);
    expect(await first.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(0);

    // The public page says so and sells nothing.
    await first.goto(`/event/${event.eventId}`);
    await poll(() => first.getByRole('heading', { name: 'Evento cancelado' }).isVisible()).toBe(true);
    expect(
      await first
        .getByRole('button', { name: /^Aumentar quantidade de/ })
        .first()
        .isDisabled(),
    ).toBe(true);
    await shoot(first, 'event-cancelled-public');
    await first.goto(`/events?q=${encodeURIComponent(event.title)}`);
    await poll(() => first.getByText('Evento cancelado', { exact: true }).first().isVisible()).toBe(true);

    // The door refuses both codes.
    const door = await signedIn(phone, demoAccount(app, 'validator'), '/');
    for (const buyer of buyers) {
      const response = await door.context.request.post('/api/check-ins', { data: { code: buyer.code, eventId: event.eventId } });
      expect(response.status()).toBe(200);
      const verdict = await response.json();
      expect(verdict.accepted).toBe(false);
      expect(['cancelled', 'refunded']).toContain(verdict.reason);
    }
    await door.context.close();
    for (const buyer of buyers) await buyer.context.close();

    // An event nobody ordered from is deleted, after a confirmation.
    const empty = await createEvent(adminContext, { title: `Evento Sem Pedidos ${suffix()}`, priceCentavos: 5000, remaining: 10 });
    await adminPage.goto(`/admin/events/${empty.eventId}/edit`);
    await adminPage.getByRole('button', { name: /^Excluir evento/ }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Excluir este evento?' });
    await poll(() => confirm.isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(adminPage, 'delete event dialog');
    await shoot(adminPage, 'delete-event');
    await confirm.getByRole('button', { name: 'Excluir evento' }).click();
    await adminPage.waitForURL((url) => url.pathname === '/admin/events');
    await poll(() => adminPage.getByText('Evento excluído com sucesso!').isVisible()).toBe(true);
    expect((await adminContext.request.get(`/api/admin/events/${empty.eventId}`)).status()).toBe(404);
    await shoot(adminPage, 'admin-events-list');
  });
});
