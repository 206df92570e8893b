import { mkdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import { events, ticketLots, sectors } from '../../src/server/db/schema';
import { launchBrowser, newContext, desktop } from '../support/browser';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';

let app: RunningApp;
let browser: Browser;
const shots = '/tmp/staff-shots';
const small = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function asAdmin(size: typeof small | typeof desktop, redirect: string) {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const { email, password } = demoAccount(app, 'admin');
  await signInWithForm(page, email, password, redirect);
  return { context, page };
}

async function screenshots(page: Page, name: string) {
  for (const [label, size] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/${name}-${label}.png`, fullPage: true });
  }
}

describe("the back office's team ('Equipe')", () => {
  it('an admin gives the door role to an existing account, which then lands on /validator', async () => {
    const person = await createBuyer(app, { fullName: 'Paula Portaria', emailPrefix: 'paula.portaria' });
    const { context, page } = await asAdmin(desktop, '/admin/staff');
    await page.getByRole('heading', { name: 'Equipe', level: 1 }).waitFor();
    await page.locator('#staff-email').fill(person.email);
    await page.getByLabel('Papel', { exact: true }).selectOption('validator');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText(`${person.email} agora tem o papel Portaria.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: person.email });
    await row.getByText('Portaria', { exact: true }).waitFor();

    // An e-mail without account is invited.
    const invited = `convite.${Date.now()}@exemplo.com.br`;
    await page.locator('#staff-email').fill(invited);
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText(`Convite enviado para ${invited}`, { exact: false }).waitFor();
    await page.getByRole('row').filter({ hasText: invited }).getByText('Convite enviado').waitFor();

    await expectNoAxeViolationsInBothThemes(page, 'Equipe');
    await screenshots(page, 'equipe');

    // The only admin cannot lose the role: the server's pt-BR refusal is shown.
    const admin = demoAccount(app, 'admin');
    const adminRow = page.getByRole('row').filter({ hasText: admin.email });
    await adminRow.getByRole('button', { name: /Remover papel Administrador/ }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: 'Remover' }).click();
    const refusal = page.locator('[data-sonner-toast]').filter({ hasText: 'Não foi possível remover o papel' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/administrador/i);
    await adminRow.getByText('Administrador', { exact: true }).waitFor();
    await context.close();

    // The new door staff signs in with no destination and lands on the door screen.
    const door = await newContext(browser, small, app.baseUrl);
    const doorPage = await door.newPage();
    await doorPage.goto('/auth');
    await doorPage.getByLabel('E-mail').fill(person.email);
    await doorPage.getByLabel('Senha', { exact: true }).fill(person.password);
    await doorPage.getByRole('button', { name: 'Entrar', exact: true }).last().click();
    await doorPage.waitForURL((url) => url.pathname === '/validator', { timeout: 20_000 });
    await door.close();
  });

  it("on a phone, an admin gives 'Bilheteria', sees it listed and revokes it after a confirmation that says what is lost", async () => {
    const person = await createBuyer(app, { fullName: 'Bruno Bilheteria', emailPrefix: 'bruno.bilheteria' });
    const { context, page } = await asAdmin(small, '/admin/staff');
    await page.getByRole('heading', { name: 'Equipe', level: 1 }).waitFor();
    await page.locator('#staff-email').fill(person.email);
    await page.getByLabel('Papel', { exact: true }).selectOption('box_office');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText(`${person.email} agora tem o papel Bilheteria.`).waitFor();

    const remove = page.getByRole('button', { name: 'Remover papel Bilheteria de Bruno Bilheteria' });
    await remove.scrollIntoViewIfNeeded();
    await remove.click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog
      .getByText('Bruno Bilheteria deixará de ter o papel Bilheteria e não poderá mais vender ingressos na bilheteria.')
      .waitFor();
    await page.screenshot({ path: `${shots}/equipe-remover-bilheteria-360.png` });
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await page.getByText(`Papel Bilheteria removido de ${person.email}`).waitFor();
    await poll(() => remove.count()).toBe(0);
    await context.close();
  });

  it('a buyer opening /admin/staff is sent away, and cannot call the staff routes', async () => {
    const context = await newContext(browser, small, app.baseUrl);
    const page = await context.newPage();
    const { email, password } = demoAccount(app, 'user');
    await signInWithForm(page, email, password, '/tickets');
    await page.goto('/admin/staff');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    expect((await context.request.get('/api/admin/staff')).status()).toBe(403);
    expect((await context.request.post('/api/admin/staff', { data: { email, role: 'admin' } })).status()).toBe(403);
    await context.close();
  });
});

describe("an event's attendee list", () => {
  it("lists a bought ticket's holder and exports the CSV", async () => {
    const buyer = await newContext(browser, small, app.baseUrl);
    const buyerPage = await buyer.newPage();
    const account = demoAccount(app, 'user');
    await signInWithForm(buyerPage, account.email, account.password, '/tickets');
    const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + 86_400_000));
    const [choice] = await app.deps.db
      .select({ eventId: events.id, sectorId: sectors.id })
      .from(sectors)
      .innerJoin(events, eq(events.id, sectors.eventId))
      .innerJoin(ticketLots, and(eq(ticketLots.sectorId, sectors.id), eq(ticketLots.position, 1)))
      .where(and(gte(events.date, from), gt(sectors.remaining, 5), gt(ticketLots.priceCentavos, 0), eq(events.isPublished, true)))
      .orderBy(asc(events.date))
      .limit(1);
    const holder = `Helena Titular ${Date.now() % 100000}`;
    const placed = await buyer.request.post('/api/orders', {
      data: {
        eventId: choice.eventId,
        items: [{ sectorId: choice.sectorId, quantity: 1, holderNames: [holder] }],
        buyer: { name: account.fullName, email: account.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(placed.status()).toBe(201);
    const orderId: string = (await placed.json()).id;
    await buyer.request.post(`/api/orders/${orderId}/simulate-pix-payment`, { data: {} });
    await buyer.close();

    const { context, page } = await asAdmin(small, `/admin/events/${choice.eventId}/edit`);
    await page.getByRole('link', { name: 'Participantes' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/events/${choice.eventId}/attendees`);
    await page.getByText(holder).filter({ visible: true }).first().waitFor();
    await page.getByLabel('Buscar').fill(holder.split(' ').slice(-1)[0]);
    await poll(() => page.getByText(holder).filter({ visible: true }).first().isVisible()).toBe(true);
    await page.getByText(orderId.slice(0, 8).toUpperCase()).filter({ visible: true }).first().waitFor();
    await poll(() => page.getByTestId('live-counts').innerText()).toMatch(/\d+ \/ [1-9]\d*/);

    await expectNoAxeViolationsInBothThemes(page, 'Participantes');
    await page.getByLabel('Buscar').fill('');
    await screenshots(page, 'participantes');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
    const path = await download.path();
    const csv = await readFile(path, 'utf8');
    expect(csv).toContain(holder);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    const [scanLog] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar validações' }).click()]);
    expect(scanLog.suggestedFilename()).toMatch(/\.csv$/);
    await context.close();
  });
});
