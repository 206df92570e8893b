import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { eq } from 'drizzle-orm';
import { orders, tickets, userRoles } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
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

const RUN = Date.now().toString(36);
const TITLE = `Noite dos Convidados ${RUN}`;
const GUEST_EMAIL = `convidado-${RUN}@exemplo.com.br`;
const EVENT_DATE = saoPauloToday(new Date(Date.now() + 20 * 86_400_000));

/** An .eml of the local outbox as a person reads it: quoted-printable soft breaks and '=3D' undone. */
const readable = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('a courtesy to an e-mail without an account', () => {
  it('reaches the person who signs up with that e-mail: the ticket marked Cortesia in Meus ingressos, with its QR code', async () => {
    // The back office, on a phone: an event with a sector sold with a fee, and a courtesy typed by hand.
    const adminContext = await newContext(browser, phone, app.baseUrl);
    const admin = await adminContext.newPage();
    const account = demoAccount(app, 'admin');
    await signInWithForm(admin, account.email, account.password, '/admin');
    const created = await adminContext.request.post('/api/admin/events', {
      data: {
        title: TITLE,
        category: 'Next Level Events',
        description: 'Evento com cortesias emitidas pela produção para convidados sem conta.',
        date: EVENT_DATE,
        startTime: '21:00',
        endTime: '23:30',
        location: 'Teatro Municipal',
        city: 'São Paulo',
        isPublished: true,
        serviceFeeBasisPoints: 1000,
        sectors: [{ name: 'Pista', lots: [{ priceCentavos: 5000, remaining: 30 }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = (await created.json()).id as string;

    await admin.goto(`/admin/events/${eventId}/edit`);
    const courtesies = admin.getByRole('region', { name: 'Cortesias' });
    await poll(() => courtesies.getByText('Nenhuma cortesia emitida').isVisible()).toBe(true);
    await courtesies.getByLabel('Setor').selectOption({ label: 'Pista' });
    await courtesies.getByRole('textbox', { name: 'Nome', exact: true }).fill('Davi Convidado');
    await courtesies.getByLabel('E-mail').fill(GUEST_EMAIL);
    await courtesies.getByRole('button', { name: 'Emitir cortesia' }).click();
    await poll(() => admin.getByText('Cortesia emitida!').filter({ visible: true }).first().isVisible()).toBe(true);
    // On a phone the list of courtesies is a list of cards.
    const listed = courtesies
      .getByRole('list', { name: 'Cortesias do evento' })
      .getByRole('listitem')
      .filter({ hasText: 'Davi Convidado' });
    await poll(() => listed.textContent()).toContain('Aguardando cadastro');
    expect(await listed.textContent()).toContain(GUEST_EMAIL);

    // The invitation in the person's inbox: create an account with this e-mail, then 'Meus ingressos'.
    let invitation = '';
    await poll(() => (invitation = readable(app.lastMailTo(GUEST_EMAIL) ?? ''))).toContain('Crie sua conta no app com este e-mail');
    expect(invitation).toContain(`(${GUEST_EMAIL})`);
    expect(invitation).toContain(`${app.baseUrl}/tickets`);

    // The person signs up with that e-mail, on a phone (signed in at once), and confirms it through
    // the e-mail that follows: until then the courtesy waits, typing an address is not owning it.
    const guestContext = await newContext(browser, phone, app.baseUrl);
    const page = await guestContext.newPage();
    await page.goto('/tickets');
    await page.waitForURL(/\/auth\?redirect=/);
    await page.getByRole('tab', { name: 'Criar conta' }).click();
    await page.getByLabel('Nome completo').fill('Davi Convidado');
    await page.getByLabel('E-mail').fill(GUEST_EMAIL);
    await page.getByLabel('Senha', { exact: true }).fill('senha-do-convidado');
    await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check();
    await page.getByRole('button', { name: 'Criar conta' }).last().click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await poll(() => page.getByRole('region', { name: 'Confirme seu e-mail' }).isVisible()).toBe(true);
    await poll(() => page.getByText('Nenhum ingresso encontrado').isVisible()).toBe(true);
    let confirmation = '';
    await poll(() => (confirmation = readable(app.lastMailTo(GUEST_EMAIL) ?? ''))).toMatch(/\/api\/auth\/verify-email\?/);
    const link = /(http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^\s"<>]+)/.exec(confirmation)![1];
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/tickets');

    // 'Meus ingressos': the courtesy, marked as such, valid, free, with the QR code the door reads.
    const order = page.getByRole('article', { name: TITLE });
    await poll(() => order.isVisible()).toBe(true);
    expect(await order.getByRole('heading', { name: 'Pista · Cortesia' }).count()).toBe(1);
    expect(await order.getByText('Válido', { exact: true }).isVisible()).toBe(true);
    await order.getByRole('button', { name: 'Detalhes do pedido' }).click();
    await poll(async () => (await order.locator('[id^="order-details-"]').innerText()).replace(/\s+/g, ' ')).toContain('Total Gratuito');
    expect((await order.locator('[id^="order-details-"]').innerText()).replace(/\s+/g, ' ')).not.toContain('Taxa de serviço');

    const [courtesy] = await app.deps.db.select().from(orders).where(eq(orders.buyerEmail, GUEST_EMAIL));
    const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, courtesy.id));
    expect(courtesy.userId).not.toBeNull();
    expect(ticket.userId).toBe(courtesy.userId);

    await order.getByRole('button', { name: 'Ver QR Code' }).click();
    const ticketDialog = page.getByRole('dialog', { name: 'Seu ingresso' });
    await poll(() => ticketDialog.getByText('Pista · Cortesia').isVisible()).toBe(true);
    const image = ticketDialog.getByRole('img', { name: 'QR Code do ingresso' });
    await poll(() => image.isVisible()).toBe(true);
    const source = (await image.getAttribute('src'))!;
    expect(source).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(source.split(',')[1], 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(ticket.code);
    expect(await ticketDialog.getByLabel(`Código do ingresso: ${ticket.code}`).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await guestContext.close();

    // The back office sees the courtesy reach an account.
    await admin.reload();
    await poll(() => listed.textContent()).toContain('Válido');
    expect(await listed.textContent()).not.toContain('Aguardando cadastro');
    await adminContext.close();
  });

  it('stops a staff member at their courtesy quota for the event, and shows what they issued of it', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const admin = await context.newPage();
    const account = demoAccount(app, 'admin');
    await signInWithForm(admin, account.email, account.password, '/admin');
    const created = await context.request.post('/api/admin/events', {
      data: {
        title: `Noite com Cota ${RUN}`,
        category: 'AyYo Events',
        description: 'Evento em que a produção tem uma cota de cortesias por pessoa da equipe.',
        date: EVENT_DATE,
        startTime: '20:00',
        location: 'Arena Itajaí',
        city: 'Itajaí',
        isPublished: true,
        sectors: [{ name: 'Pista', lots: [{ priceCentavos: 7000, remaining: 30 }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = (await created.json()).id as string;
    await admin.goto(`/admin/events/${eventId}/edit`);

    const quotas = admin.getByRole('region', { name: 'Cotas de cortesia da equipe' });
    await quotas.getByLabel('E-mail da pessoa da equipe').fill('ninguem@exemplo.com.br');
    await quotas.getByLabel('Cota').fill('1');
    await quotas.getByRole('button', { name: 'Salvar cota' }).click();
    await poll(() => quotas.getByText('Não há ninguém da equipe (administrador ou bilheteria) com este e-mail.').isVisible()).toBe(true);
    await quotas.getByLabel('E-mail da pessoa da equipe').fill(account.email);
    await quotas.getByRole('button', { name: 'Salvar cota' }).click();
    const row = quotas.getByRole('list', { name: 'Cotas de cortesia' }).getByRole('listitem');
    await poll(() => row.textContent()).toContain('0 de 1');

    const courtesies = admin.getByRole('region', { name: 'Cortesias', exact: true });
    const issue = async (name: string, email: string) => {
      await courtesies.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
      await courtesies.getByLabel('E-mail').fill(email);
      await courtesies.getByRole('button', { name: 'Emitir cortesia' }).click();
    };
    await courtesies.getByLabel('Setor').selectOption({ label: 'Pista' });
    await issue('Lia Primeira', `lia-${RUN}@exemplo.com.br`);
    await poll(() => admin.getByText('Cortesia emitida!').filter({ visible: true }).first().isVisible()).toBe(true);
    await poll(() => row.textContent()).toContain('1 de 1');
    await issue('Rui Segundo', `rui-${RUN}@exemplo.com.br`);
    await poll(() =>
      admin.getByText('Sua cota de cortesias neste evento não comporta esta emissão.').filter({ visible: true }).first().isVisible(),
    ).toBe(true);
    expect((await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId))).map((o) => o.buyerName)).toEqual(['Lia Primeira']);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Without the quota the same member issues again.
    await quotas.getByRole('button', { name: /Remover a cota de/ }).click();
    await poll(() => row.count()).toBe(0);
    await issue('Rui Segundo', `rui-${RUN}@exemplo.com.br`);
    await poll(async () => (await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId))).length).toBe(2);
    await context.close();
  });

  it('gives a box-office operator a quota from the event form on a 360 px phone, listed with their name', async () => {
    const operator = await createBuyer(app, { fullName: 'Bruna Bilheteria', emailPrefix: 'bilheteria-cota' });
    await app.deps.db.insert(userRoles).values({ userId: operator.id, role: 'box_office' });
    const buyer = await createBuyer(app, { fullName: 'Caio Comprador', emailPrefix: 'comprador-cota' });
    const context = await newContext(browser, { ...phone, viewport: { width: 360, height: 740 } }, app.baseUrl);
    const admin = await context.newPage();
    const account = demoAccount(app, 'admin');
    await signInWithForm(admin, account.email, account.password, '/admin');
    const created = await context.request.post('/api/admin/events', {
      data: {
        title: `Noite da Bilheteria ${RUN}`,
        category: 'AyYo Events',
        description: 'Evento em que a bilheteria tem uma cota de cortesias.',
        date: EVENT_DATE,
        startTime: '21:00',
        location: 'Arena Itajaí',
        city: 'Itajaí',
        isPublished: true,
        sectors: [{ name: 'Pista', lots: [{ priceCentavos: 7000, remaining: 30 }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await admin.goto(`/admin/events/${(await created.json()).id as string}/edit`);

    const quotas = admin.getByRole('region', { name: 'Cotas de cortesia da equipe' });
    // A buyer is not on the staff.
    await quotas.getByLabel('E-mail da pessoa da equipe').fill(buyer.email);
    await quotas.getByLabel('Cota').fill('5');
    await quotas.getByRole('button', { name: 'Salvar cota' }).click();
    await poll(() => quotas.getByText('Não há ninguém da equipe (administrador ou bilheteria) com este e-mail.').isVisible()).toBe(true);
    await quotas.getByLabel('E-mail da pessoa da equipe').fill(operator.email);
    await quotas.getByRole('button', { name: 'Salvar cota' }).click();
    const row = quotas.getByRole('list', { name: 'Cotas de cortesia' }).getByRole('listitem');
    await poll(() => row.textContent()).toContain('Bruna Bilheteria');
    expect(await row.textContent()).toContain('0 de 5');
    expect(await row.getByText(operator.email).isVisible()).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await poll(() => admin.getByText('Cota salva').isVisible()).toBe(false);
    await expectNoAxeViolationsInBothThemes(admin, 'courtesy quotas with a box-office operator');
    await shoot(admin, 'courtesy-quotas-box-office', { region: quotas });
    await context.close();
  });
});
