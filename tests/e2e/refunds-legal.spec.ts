import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq, like } from 'drizzle-orm';
import { events, refunds, tickets, sectors, users } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, demoAccount } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  await mkdir('/tmp/refund-shots', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const sizes = [
  ['phone 390x844', phone],
  ['desktop 1280x800', desktop],
] as const;

const privacySections = ['Informações coletadas', 'Uso das informações', 'Compartilhamento', 'Segurança', 'Seus direitos', 'Contato'];
const termsSections = [
  'Aceitação dos termos',
  'Uso da plataforma',
  'Compra de ingressos',
  'Cancelamento e reembolsos',
  'Responsabilidades',
  'Modificações',
];

/** Signs the page's browser context in through the API (the sign-in form is the journeys' test) and opens `redirect`. */
async function signIn(page: Page, email: string, password: string, redirect: string) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
  await page.goto(redirect);
}

/** Buys one 'Pista' (1st lot, R$ 80,00 + R$ 8,00 de taxa) of Techno All Night and pays it with the sandbox PIX, as the page's signed-in user. */
async function buyWithPix(page: Page): Promise<string> {
  const [event] = await app.deps.db.select().from(events).where(like(events.title, '%Techno All Night%'));
  const [type] = await app.deps.db.select().from(sectors).where(eq(sectors.eventId, event.id)).orderBy(sectors.sortOrder);
  const placed = await page.request.post('/api/orders', {
    data: {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer: { name: 'Bruna Reis Tavares', email: 'bruna@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const paid = await page.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
  expect((await paid.json()).status).toBe('completed');
  return order.id;
}

describe("'Cancelar compra' within 7 days", () => {
  it('refunds a purchase at once on a 360 px phone, fee included, with no admin, and the order leaves the list', async () => {
    const context = await newContext(
      browser,
      { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
      app.baseUrl,
    );
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Caio Desistente Prado', emailPrefix: 'desistencia' });
    await signIn(page, buyer.email, buyer.password, '/tickets');
    const orderId = await buyWithPix(page);

    await page.goto('/refund-request');
    const option = page.getByRole('radio', { name: /Next Level Warehouse: Techno All Night/ });
    await poll(() => option.isVisible()).toBe(true);
    await option.check();
    const withdrawal = page.getByRole('region', { name: 'Desistência da compra' });
    await poll(() => withdrawal.isVisible()).toBe(true);
    expect(await withdrawal.textContent()).toMatch(/Até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} você pode cancelar esta compra/);
    await expectNoAxeViolationsInBothThemes(page, 'refund request with the withdrawal open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Nothing happens on the first tap: a sheet says which ticket stops being valid and what comes back.
    await withdrawal.getByRole('button', { name: 'Cancelar compra · R$ 88,00' }).click();
    const sheet = page.getByRole('alertdialog', { name: 'Cancelar esta compra?' });
    await poll(() => sheet.isVisible()).toBe(true);
    const listed = sheet.getByRole('list', { name: 'Ingressos' }).getByRole('listitem');
    expect(await listed.count()).toBe(1);
    expect(await listed.first().innerText()).toMatch(/Bruna Reis Tavares\s+Pista · Ingresso 1 de 1\s+R\$ 88,00/);
    expect(await sheet.innerText()).toContain('Taxa de serviço incluída no valor devolvido.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/refund-shots/withdrawal-sheet-360.png' });
    await expectNoAxeViolationsInBothThemes(page, 'withdrawal confirmation');
    expect(await app.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    // A double tap on the sheet makes one refund.
    await sheet.getByRole('button', { name: 'Cancelar compra' }).dblclick();
    await poll(() => page.getByText('Compra cancelada').first().isVisible()).toBe(true);
    await poll(() => page.getByText('R$ 88,00 já foram devolvidos pela mesma forma de pagamento.').isVisible()).toBe(true);
    const stored = await app.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(stored.map((r) => [r.origin, r.status, r.amountCentavos])).toEqual([['withdrawal', 'processed', 8800]]);
    const item = page
      .getByRole('list', { name: 'Minhas solicitações de reembolso' })
      .getByRole('listitem')
      .filter({ hasText: `#${stored[0].id.slice(0, 8)}` });
    await poll(() => item.getByText('Processado', { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText('Você não possui ingressos elegíveis para reembolso.').isVisible()).toBe(true);
    await context.close();
  });
});

describe.each(sizes)('refund requests on %s', (_label, size) => {
  it('a buyer asks for the refund of a PIX order, sees it pending, and the order greyed as already requested', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Bruna Reis Tavares', emailPrefix: 'reembolso' });
    await signIn(page, buyer.email, buyer.password, '/tickets');
    await buyWithPix(page);

    await page.goto('/refund-request');
    const option = page.getByRole('radio', { name: /Next Level Warehouse: Techno All Night/ });
    await poll(() => option.isVisible()).toBe(true);
    // What the refund pays back: the ticket and its service fee.
    await poll(() => page.getByText('R$ 88,00').first().isVisible()).toBe(true);
    await poll(() => page.getByText('Você ainda não fez nenhuma solicitação de reembolso.').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'refund request before asking');

    // Nothing chosen and no reason: the same pt-BR messages the server gives.
    await page.getByRole('button', { name: 'Solicitar reembolso' }).click();
    await poll(() => page.getByText('Selecione um ingresso').isVisible()).toBe(true);
    await poll(() => page.getByText('Informe o motivo do reembolso').isVisible()).toBe(true);

    await option.check();
    await page.getByLabel('Motivo do reembolso').fill('   ');
    await page.getByRole('button', { name: 'Solicitar reembolso' }).click();
    await poll(() => page.getByText('Informe o motivo do reembolso').isVisible()).toBe(true);

    await page.getByLabel('Motivo do reembolso').fill('Não vou conseguir ir: viagem de trabalho marcada na mesma data.');
    await page.getByRole('button', { name: 'Solicitar reembolso' }).click();
    const sheet = page.getByRole('alertdialog', { name: 'Solicitar reembolso?' });
    await poll(() => sheet.isVisible()).toBe(true);
    expect(await sheet.getByRole('list', { name: 'Ingressos' }).innerText()).toMatch(
      /Bruna Reis Tavares\s+Pista · Ingresso 1 de 1\s+R\$ 88,00/,
    );
    await sheet.getByRole('button', { name: 'Solicitar reembolso' }).click();
    await poll(() => page.getByText('Solicitação de reembolso enviada com sucesso!').isVisible()).toBe(true);

    // The request is listed with its id cut to 8 characters, status and amount.
    const [stored] = await app.deps.db
      .select()
      .from(refunds)
      .innerJoin(users, eq(users.id, refunds.userId))
      .where(eq(users.email, buyer.email));
    expect(stored.refunds).toMatchObject({ status: 'pending', amountCentavos: 8800 });
    const list = page.getByRole('list', { name: 'Minhas solicitações de reembolso' });
    const item = list.getByRole('listitem').filter({ hasText: `#${stored.refunds.id.slice(0, 8)}` });
    await poll(() => item.isVisible()).toBe(true);
    expect(await item.textContent()).not.toContain(stored.refunds.id.slice(0, 9));
    await poll(() => item.getByText('Pendente', { exact: true }).isVisible()).toBe(true);
    await poll(() => item.getByText('R$ 88,00').isVisible()).toBe(true);

    // The order can no longer be picked: greyed, disabled, 'Já solicitado'; nothing else is eligible.
    const requested = page.getByRole('radio', { name: /Next Level Warehouse: Techno All Night/ });
    await poll(() => requested.isDisabled()).toBe(true);
    await poll(() => page.getByText('Já solicitado', { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText('Você não possui ingressos elegíveis para reembolso.').isVisible()).toBe(true);
    // The toast covers the header for a few seconds; axe would read its colours over the page.
    await poll(() => page.getByText('Solicitação de reembolso enviada com sucesso!').isVisible()).toBe(false);
    await expectNoAxeViolationsInBothThemes(page, 'refund request after asking');
    await context.close();
  });

  it('a user without eligible tickets is told so, and the terms show them no staff buttons', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Bruna Reis Tavares', emailPrefix: 'reembolso' });
    await signIn(page, buyer.email, buyer.password, '/refund-request');
    await poll(() => page.getByText('Você não possui ingressos elegíveis para reembolso.').isVisible()).toBe(true);
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Solicitar reembolso' }).count()).toBe(0);
    await expectNoAxeViolationsInBothThemes(page, 'refund request without tickets');

    await page.goto('/terms-of-service');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Termos de uso' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Painel Admin' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Validar QR Code' }).count()).toBe(0);
    await context.close();
  });
});

describe('a ticket of the order transferred to someone else', () => {
  it("is greyed as 'Ingresso transferido' on a 360 px phone, and the other ticket of the order is refunded alone", async () => {
    const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };
    const title = `Noite Dividida ${Date.now().toString(36)}`;
    const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 20 }], { title, daysAhead: 15 });
    const joana = await createBuyer(app, { fullName: 'Joana Ribeiro Dias', emailPrefix: 'reembolso-parte' });
    const bruna = await createBuyer(app, { fullName: 'Bruna Teixeira', emailPrefix: 'recebeu' });
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    await signIn(page, joana.email, joana.password, '/tickets');

    // Two tickets bought and paid through the API (the checkout has its own journeys); one goes to Bruna.
    const placed = await page.request.post('/api/orders', {
      data: {
        eventId: made.event.id,
        items: [{ sectorId: made.sectors[0].id, quantity: 2, holderNames: ['Joana Ribeiro Dias', 'Bruna Teixeira'] }],
        buyer: { name: 'Joana Ribeiro Dias', email: joana.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
      headers: { origin: app.baseUrl },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = (await placed.json()).id as string;
    const paid = await page.request.post(`/api/orders/${orderId}/simulate-pix-payment`, { data: {}, headers: { origin: app.baseUrl } });
    expect((await paid.json()).status).toBe('completed');
    const bought = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    expect(bought).toHaveLength(2);
    const sent = await page.request.post(`/api/tickets/${bought[1].id}/transfers`, {
      data: { toName: 'Bruna Teixeira', toEmail: bruna.email },
      headers: { origin: app.baseUrl },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const recipient = await newContext(browser, smallPhone, app.baseUrl);
    const brunaPage = await recipient.newPage();
    await signIn(brunaPage, bruna.email, bruna.password, '/tickets');
    const accepted = await brunaPage.request.post('/api/transfers/accept', {
      data: { transferId: (await sent.json()).id },
      headers: { origin: app.baseUrl },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await recipient.close();

    await page.goto('/refund-request');
    const option = page.getByRole('radio', { name: new RegExp(title) });
    await poll(() => option.isVisible()).toBe(true);
    await option.check();
    const picker = page.getByRole('group', { name: 'Quais ingressos?' });
    await poll(() => picker.getByText('Ingresso transferido').isVisible()).toBe(true);
    const checkboxes = picker.getByRole('checkbox');
    expect(await checkboxes.count()).toBe(2);
    const states = await checkboxes.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).disabled));
    expect(states.filter(Boolean)).toHaveLength(1);
    // Only one ticket can be refunded: no 'Selecionar todos'.
    expect(await picker.getByRole('button', { name: 'Selecionar todos' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolationsInBothThemes(page, 'refund request with a transferred ticket');
    await picker.scrollIntoViewIfNeeded();
    await shoot(page, 'refund-request-transferred');

    await picker.getByRole('checkbox', { disabled: false }).check();
    await page.getByLabel('Motivo do reembolso').fill('Não vou mais conseguir ir; a Bruna vai com o ingresso dela.');
    await page.getByRole('button', { name: 'Solicitar reembolso' }).click();
    await page.getByRole('alertdialog', { name: 'Solicitar reembolso?' }).getByRole('button', { name: 'Solicitar reembolso' }).click();
    await poll(() => page.getByText('Solicitação de reembolso enviada com sucesso!').isVisible()).toBe(true);
    const [stored] = await app.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(stored).toMatchObject({ status: 'pending', amountCentavos: 6000 });
    await context.close();
  });
});

describe.each(sizes)('legal pages and 404 on %s', (_label, size) => {
  it('shows the privacy policy and the terms with their six sections, date and back button', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();

    await page.goto('/privacy-policy');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Política de privacidade' }).isVisible()).toBe(true);
    for (const title of privacySections) {
      await poll(() => page.getByRole('heading', { level: 2, name: title, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(6);
    await poll(() => page.getByText('Última atualização: 10 de julho de 2025').isVisible()).toBe(true);
    await poll(() => page.getByRole('link', { name: 'privacidade@nextlevel.com.br' }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'privacy policy');

    await page.getByRole('link', { name: 'Termos de uso' }).first().click();
    await page.waitForURL((url) => url.pathname === '/terms-of-service');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Termos de uso' }).isVisible()).toBe(true);
    for (const title of termsSections) {
      await poll(() => page.getByRole('heading', { level: 2, name: title, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(6);
    await poll(() => page.getByText('Última atualização: 10 de julho de 2025').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Painel Admin' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Validar QR Code' }).count()).toBe(0);
    await expectNoAxeViolationsInBothThemes(page, 'terms of service');

    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL((url) => url.pathname === '/privacy-policy');
    await context.close();
  });

  it("shows 'Painel Admin' only to the admin and 'Validar QR Code' only to the validator", async () => {
    const admin = demoAccount(app, 'admin');
    const adminContext = await newContext(browser, size, app.baseUrl);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin.email, admin.password, '/terms-of-service');
    const adminLink = adminPage.getByRole('link', { name: 'Painel Admin' });
    await poll(() => adminLink.isVisible()).toBe(true);
    expect(await adminPage.getByRole('link', { name: 'Validar QR Code' }).count()).toBe(0);
    await expectNoAxeViolationsInBothThemes(adminPage, 'terms of service for the admin');
    await adminLink.click();
    await adminPage.waitForURL((url) => url.pathname === '/admin');
    await adminContext.close();

    const validator = demoAccount(app, 'validator');
    const doorContext = await newContext(browser, size, app.baseUrl);
    const doorPage = await doorContext.newPage();
    await signIn(doorPage, validator.email, validator.password, '/terms-of-service');
    const doorLink = doorPage.getByRole('link', { name: 'Validar QR Code' });
    await poll(() => doorLink.isVisible()).toBe(true);
    expect(await doorPage.getByRole('link', { name: 'Painel Admin' }).count()).toBe(0);
    await expectNoAxeViolationsInBothThemes(doorPage, 'terms of service for the validator');
    await doorLink.click();
    await doorPage.waitForURL((url) => url.pathname === '/validator');
    await doorContext.close();
  });

  it("shows 'Página não encontrada' for an unknown address, with one <main>", async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    await page.goto('/esta-pagina-nao-existe');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).isVisible()).toBe(true);
    expect(await page.locator('main').count()).toBe(1);
    await expectNoAxeViolationsInBothThemes(page, '404');
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
