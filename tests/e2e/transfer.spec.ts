import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders, tickets, ticketTransfers } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { pickDoorEventFor } from '../support/door-page';
import { shoot } from '../support/screenshots';

// A ticket belongs to a person and can change hands (docs/rules/transfers.md 'Transfers'): the
// buyer renames its holder, then transfers it; the recipient accepts from the e-mailed link,
// after signing in, and gets it with a new code; the door refuses the old code.

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

/** The accept link of the newest e-mail to `email` (the .eml is quoted-printable). */
function transferLinkIn(mail: string): string {
  const decoded = mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /(http:\/\/localhost:\d+\/transfer\/[A-Za-z0-9_-]+)/.exec(decoded)![1];
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('transferring a ticket to another account', () => {
  it('renames the holder, sends the ticket, and the recipient accepts it through the link after signing in; the door refuses the old code', async () => {
    const adminContext = await newContext(browser, desktop, app.baseUrl);
    const admin = demoAccount(app, 'admin');
    await signInWithForm(await adminContext.newPage(), admin.email, admin.password, '/admin');
    const title = `Noite da Transferência ${Date.now().toString(36)}`;
    const created = await adminContext.request.post('/api/admin/events', {
      data: {
        title,
        category: 'KXP Events',
        description: 'Evento em que o ingresso muda de mãos.',
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

    // The buyer's ticket, bought through the API (the checkout has its own journeys).
    const joana = await createBuyer(app, { fullName: 'Joana Ribeiro Dias', emailPrefix: 'remetente' });
    const bruna = await createBuyer(app, { fullName: 'Bruna Teixeira', emailPrefix: 'destinataria' });
    const sender: BrowserContext = await newContext(browser, smallPhone, app.baseUrl);
    const page = await sender.newPage();
    await signInWithForm(page, joana.email, joana.password, '/tickets');
    const placed = await page.request.post('/api/orders', {
      data: {
        eventId,
        items: [
          {
            sectorId: (await (await page.request.get(`/api/events/${eventId}`)).json()).sectors[0].id,
            quantity: 1,
            holderNames: ['Joana Ribeiro Dias'],
          },
        ],
        buyer: { name: 'Joana Ribeiro Dias', email: joana.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
      headers: { origin: app.baseUrl },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = (await placed.json()).id as string;
    expect((await page.request.post(`/api/orders/${orderId}/simulate-pix-payment`, { headers: { origin: app.baseUrl } })).status()).toBe(
      200,
    );
    await poll(async () => (await app.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('completed');
    const [bought] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId));

    // 'Editar titular' on a 360 px phone.
    await page.reload();
    const card = page.getByRole('article', { name: title });
    await poll(() => card.getByRole('button', { name: 'Editar titular' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Editar titular' }).click();
    const holderDialog = page.getByRole('dialog', { name: 'Editar titular' });
    await holderDialog.getByLabel('Nome completo').fill('');
    await holderDialog.getByRole('button', { name: 'Salvar titular' }).click();
    await poll(() => holderDialog.getByText('Informe o nome de quem vai usar o ingresso').isVisible()).toBe(true);
    await holderDialog.getByLabel('Nome completo').fill('Joana R. Dias');
    await expectNoAxeViolationsInBothThemes(page, 'Editar titular');
    await holderDialog.getByRole('button', { name: 'Salvar titular' }).click();
    await poll(() => card.getByText('Joana R. Dias').isVisible()).toBe(true);
    expect((await app.deps.db.select().from(tickets).where(eq(tickets.id, bought.id)))[0].holderName).toBe('Joana R. Dias');

    // 'Transferir ingresso': a malformed e-mail and her own are refused, then Bruna's is sent.
    await card.getByRole('button', { name: 'Transferir ingresso' }).click();
    const transferDialog = page.getByRole('dialog', { name: 'Transferir ingresso' });
    await transferDialog.getByLabel('Nome de quem vai receber').fill('Bruna Teixeira');
    await transferDialog.getByLabel('E-mail').fill('bruna@');
    await transferDialog.getByRole('button', { name: 'Transferir ingresso' }).click();
    await poll(() => transferDialog.getByText('E-mail inválido').isVisible()).toBe(true);
    await transferDialog.getByLabel('E-mail').fill(joana.email);
    await transferDialog.getByRole('button', { name: 'Transferir ingresso' }).click();
    await poll(() => transferDialog.getByText('Você não pode transferir um ingresso para o seu próprio e-mail.').isVisible()).toBe(true);
    await transferDialog.getByLabel('E-mail').fill(bruna.email);
    await expectNoAxeViolationsInBothThemes(page, 'Transferir ingresso');
    await noSidewaysScroll(page);
    await shoot(page, 'transfer-dialog');
    await transferDialog.getByRole('button', { name: 'Transferir ingresso' }).click();
    await poll(() => card.getByText('Transferência aguardando aceite').isVisible()).toBe(true);
    expect(await card.getByText(`Para Bruna Teixeira (${bruna.email})`).isVisible()).toBe(true);
    await shoot(page, 'transfer-pending');

    // Bruna opens the e-mailed link signed out, signs in, comes back to it and accepts.
    let mail: string | null = null;
    await poll(() => (mail = app.lastMailTo(bruna.email))).not.toBeNull();
    const link = transferLinkIn(mail!);
    const recipient = await newContext(browser, smallPhone, app.baseUrl);
    const bPage = await recipient.newPage();
    await bPage.goto(link);
    await poll(() => bPage.getByRole('heading', { name: 'Aceitar ingresso' }).isVisible()).toBe(true);
    // The sender is named as the account that sends, not by the holder name typed on the ticket.
    await poll(() => bPage.getByText(`Joana Ribeiro Dias transferiu este ingresso para Bruna Teixeira.`).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(bPage, '/transfer signed out');
    await noSidewaysScroll(bPage);
    await shoot(bPage, 'transfer-link-signed-out');
    // 'Criar conta com este e-mail' opens the sign-up with the address the link was sent to.
    await bPage.getByRole('link', { name: 'Criar conta com este e-mail' }).click();
    await bPage.waitForURL((url) => url.pathname === '/auth');
    await poll(() => bPage.locator('#sign-up-email').inputValue()).toBe(bruna.email);
    await bPage.goBack();
    await bPage.getByRole('link', { name: 'Entrar para aceitar' }).click();
    await bPage.waitForURL((url) => url.pathname === '/auth');
    // The sign-in opens with that address filled in too.
    await poll(() => bPage.getByLabel('E-mail').inputValue()).toBe(bruna.email);
    await bPage.getByLabel('Senha', { exact: true }).fill(bruna.password);
    await bPage.getByRole('button', { name: 'Entrar', exact: true }).last().click();
    await bPage.waitForURL((url) => url.pathname.startsWith('/transfer/'), { timeout: 20_000 });
    await poll(() => bPage.getByRole('button', { name: 'Aceitar ingresso' }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(bPage, '/transfer signed in');
    await shoot(bPage, 'transfer-link-signed-in');
    await bPage.getByRole('button', { name: 'Aceitar ingresso' }).click();
    await bPage.waitForURL((url) => url.pathname === '/tickets');
    const bCard = bPage.getByRole('article', { name: title });
    await poll(() => bCard.getByText('Bruna Teixeira', { exact: true }).isVisible()).toBe(true);
    expect(await bCard.getByText('Recebido por transferência de Joana R. Dias').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(bPage, 'Meus ingressos with a received ticket');
    await noSidewaysScroll(bPage);
    await shoot(bPage, 'tickets-received');

    const [after] = await app.deps.db.select().from(tickets).where(eq(tickets.id, bought.id));
    expect(after).toMatchObject({ userId: bruna.id, holderName: 'Bruna Teixeira' });
    expect(after.code).not.toBe(bought.code);
    const [transfer] = await app.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, bought.id));
    expect(transfer).toMatchObject({ status: 'accepted', oldCode: bought.code });

    // Joana still sees it under her order, as transferred to Bruna, without a QR code.
    await page.reload();
    const sent = page.getByRole('article', { name: title });
    await poll(() => sent.getByTestId('ticket-transferred-to').textContent()).toMatch(/^Transferido para Bruna Teixeira em \d{2}\/\d{2}$/);
    expect(await sent.getByText('Transferido', { exact: true }).isVisible()).toBe(true);
    expect(await sent.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(0);
    expect(await sent.getByRole('button', { name: 'Transferir ingresso' }).count()).toBe(0);
    expect(await sent.getByText(`Pedido #${orderId.slice(0, 8)}`, { exact: false }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'Meus ingressos with a ticket transferred away');
    await noSidewaysScroll(page);
    await shoot(page, 'tickets-transferred-away', { region: sent });

    // The door: the old code is refused as transferred, the new one admitted with Bruna's name.
    const doorContext = await newContext(browser, desktop, app.baseUrl);
    const door = await doorContext.newPage();
    const staff = demoAccount(app, 'validator');
    await signInWithForm(door, staff.email, staff.password, '/validator');
    await pickDoorEventFor(app, door, after.code);
    const verdict = door.getByTestId('door-result');
    const scan = async (code: string) => {
      const before = await verdict.getAttribute('data-scan');
      await door.getByLabel('Código QR do ingresso').fill(code);
      await door.getByLabel('Código QR do ingresso').press('Enter');
      await poll(async () => {
        const shown = await verdict.getAttribute('data-scan');
        return shown !== '' && shown !== before;
      }).toBe(true);
      return (await verdict.textContent()) ?? '';
    };
    const old = await scan(bought.code);
    expect(old).toContain('INVÁLIDO');
    expect(old).toContain('Ingresso transferido');
    const valid = await scan(after.code);
    expect(valid).toContain('VÁLIDO');
    expect(valid).toContain('Bruna Teixeira');
    // Without network the door's own list refuses the old code too.
    await poll(() => door.getByText(/^Lista offline: \d+ ingressos?/).isVisible()).toBe(true);
    await doorContext.setOffline(true);
    await poll(() => door.getByTestId('door-connection').textContent()).toBe('Offline');
    const offline = await scan(bought.code);
    expect(offline).toContain('Ingresso transferido');
    expect(offline).toContain('Decidido offline');
    await doorContext.setOffline(false);

    // The organizer sees where the ticket came from, and sets the transfer rules in the event form.
    const backOffice = await newContext(browser, desktop, app.baseUrl);
    const adminPage = await backOffice.newPage();
    await signInWithForm(adminPage, admin.email, admin.password, `/admin/events/${eventId}/attendees`);
    await poll(() =>
      adminPage
        .getByText(/^Transferido de Joana R\. Dias em \d{2}\/\d{2}$/)
        .first()
        .isVisible(),
    ).toBe(true);
    await expectNoAxeViolationsInBothThemes(adminPage, 'attendees with a transferred ticket');
    await shoot(adminPage, 'attendees-transferred');
    await adminPage.goto(`/admin/events/${eventId}/edit`);
    await poll(() => adminPage.getByRole('switch', { name: 'Permitir transferência' }).isChecked()).toBe(true);
    expect(await adminPage.getByLabel('Marca').inputValue()).toBe('KXP Events');
    expect(await adminPage.getByLabel('Prazo para transferir (horas)').inputValue()).toBe('24');
    await adminPage.getByRole('heading', { name: 'Titular e transferência' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(adminPage, 'event form transfer rules');
    await shoot(adminPage, 'event-form-transfer');
    await backOffice.close();

    await doorContext.close();
    await recipient.close();
    await sender.close();
  });
});
