import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { userRoles } from '../../src/server/db/schema';
import { createGuestList } from '../../src/server/services/guest-lists/create-guest-list';
import { systemActor } from '../../src/server/services/audit/record-audit';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';
import { openDoorNow } from '../support/door';

// 'Lista amiga' as people use it: the promoter puts a name on their list from 'Minhas listas',
// a guest signs up through the list's link, and the door finds the name in its look-up and lets
// it in; at phone and at tablet size.

let app: RunningApp;
let browser: Browser;

const tablet = { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const suffix = () => Math.random().toString(36).slice(2, 6);

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** An event whose door is open now, a promoter and a list of theirs free for two more hours. */
async function tonightWithList() {
  const title = `Noite da Lista ${suffix()}`;
  const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 100 }], { title });
  await openDoorNow(app, made.event.id);
  const promoter = await createBuyer(app, { fullName: 'Paula Promoter', emailPrefix: 'promoter' });
  await app.deps.db.insert(userRoles).values({ userId: promoter.id, role: 'promoter' });
  const [admin] = await queryRows<{ id: string }>(app.deps.db, sql`SELECT id FROM users WHERE email = ${demoAccount(app, 'admin').email}`);
  const list = await createGuestList(
    app.deps.db,
    admin.id,
    made.event.id,
    {
      name: `Lista da Paula ${suffix()}`,
      ownerEmail: promoter.email,
      sectorId: made.sectors[0].id,
      quota: 20,
      freeUntil: new Date(Date.now() + 2 * 60 * 60_000).toISOString(),
      afterKind: 'price',
      afterPriceCentavos: 4000,
      discountPercent: null,
      closesAt: new Date(Date.now() + 3 * 60 * 60_000).toISOString(),
    },
    systemActor,
  );
  return { title, eventId: made.event.id, promoter, list };
}

async function entryOf(listId: string, name: string) {
  const [row] = await queryRows<{ id: string; admitted_at: Date | null; ticket_id: string | null; source: string }>(
    app.deps.db,
    sql`SELECT id, admitted_at, ticket_id, source FROM guest_list_entries WHERE list_id = ${listId}::uuid AND name = ${name}`,
  );
  return row;
}

async function pickEvent(page: Page, title: string) {
  await poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await poll(() => page.getByTestId('door-event').textContent()).toBe(title);
}

describe.each([
  ['phone', phone],
  ['tablet', tablet],
] as const)('guest list at %s size', (sizeName, size) => {
  it('a promoter adds a name, the door finds it and admits it, and the promoter sees it came in', async () => {
    const { title, eventId, promoter, list } = await tonightWithList();
    const guest = `Joana Prado ${suffix()}`;

    // The promoter, on 'Minhas listas'.
    const promoterContext = await newContext(browser, size, app.baseUrl);
    const promoterPage = await promoterContext.newPage();
    await signInWithForm(promoterPage, promoter.email, promoter.password, '/listas');
    const card = promoterPage.getByRole('article', { name: list.name });
    await poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain('Grátis até');
    expect(await card.getByTestId('admitted-line').textContent()).toBe('0 de 0 entraram');
    await card.getByLabel('Nome na lista').fill(guest);
    await card.getByRole('button', { name: 'Adicionar' }).click();
    await poll(() => card.getByRole('list', { name: `Nomes de ${list.name}` }).textContent()).toContain(guest);
    expect((await entryOf(list.id, guest)).source).toBe('owner');
    if (sizeName === 'phone') {
      await expectNoAxeViolationsInBothThemes(promoterPage, 'minhas listas');
      await promoterPage.evaluate(() => window.scrollTo(0, 0));
      await shoot(promoterPage, 'guest-lists-mine');
    }

    // The door, with the event picked, looks the name up and lets it in.
    const doorContext = await newContext(browser, size, app.baseUrl);
    const door = await doorContext.newPage();
    const staff = demoAccount(app, 'validator');
    await signInWithForm(door, staff.email, staff.password, '/validator');
    await pickEvent(door, title);
    await door.getByRole('searchbox', { name: 'Nome, e-mail, CPF ou pedido' }).fill(guest.toLowerCase());
    await door.getByRole('button', { name: 'Buscar', exact: true }).click();
    const found = door.getByRole('list', { name: 'Nomes na lista encontrados' });
    await poll(() => found.isVisible()).toBe(true);
    const row = found.getByRole('listitem');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(list.name);
    expect(await row.textContent()).toContain('Grátis');
    if (sizeName === 'phone') {
      await expectNoAxeViolationsInBothThemes(door, 'door guest look-up');
      await found.scrollIntoViewIfNeeded();
      await shoot(door, 'guest-lists-door');
    }
    await row.getByRole('button', { name: `Liberar entrada de ${guest} (lista)` }).click();
    const dialog = door.getByRole('alertdialog', { name: 'Liberar entrada?' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Liberar entrada' }).click();
    await poll(() => door.getByTestId('guest-admission').textContent()).toBe(`Entrada liberada: ${guest}`);
    // The door's big card shows this action, the last one, not the scan before it.
    await poll(() => door.getByTestId('door-result').textContent()).toContain(guest);
    expect(await door.getByTestId('door-result').locator('[data-tone]').getAttribute('data-tone')).toBe('valid');
    expect(await door.getByTestId('door-result').textContent()).toContain('Entrada liberada pela busca');
    await poll(() => row.textContent()).toMatch(/Já entrou às \d\d:\d\d/);
    if (sizeName === 'phone') {
      await door.getByTestId('guest-admission').scrollIntoViewIfNeeded();
      await shoot(door, 'guest-lists-door-admitted');
    }
    const entry = await entryOf(list.id, guest);
    expect(entry.admitted_at).not.toBeNull();
    const [checkIn] = await queryRows<{ accepted: boolean; manual: boolean; event_id: string }>(
      app.deps.db,
      sql`SELECT accepted, manual, event_id FROM check_ins WHERE ticket_id = ${entry.ticket_id}::uuid`,
    );
    expect(checkIn).toMatchObject({ accepted: true, manual: true, event_id: eventId });

    // Back on 'Minhas listas': one of one came in.
    await promoterPage.reload();
    await poll(() => card.getByTestId('admitted-line').textContent()).toBe('1 de 1 entrou');
    await poll(() => card.textContent()).toMatch(/Entrou às \d\d:\d\d/);
    await promoterContext.close();
    await doorContext.close();
  });
});

describe('a list link', () => {
  it('lets a guest sign up on a phone with name, e-mail and CPF, and refuses a wrong CPF first', async () => {
    const { list } = await tonightWithList();
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await page.goto(`/lista/${list.token}`);
    await poll(() => page.getByRole('heading', { name: 'Lista amiga' }).isVisible()).toBe(true);
    await poll(() => page.getByText(/^Grátis até \d\d:\d\d, depois R\$ 40,00$/).isVisible()).toBe(true);
    await page.getByLabel('Nome completo').fill('Rita Convidada');
    await page.getByLabel('E-mail').fill('rita@exemplo.com.br');
    await page.getByLabel('CPF').fill('123.456.789-00');
    await page.getByRole('button', { name: 'Confirmar meu nome' }).click();
    await poll(() => page.getByText('CPF inválido').isVisible()).toBe(true);
    await page.getByLabel('CPF').fill('52998224725');
    await poll(() => page.getByText('CPF inválido').count()).toBe(0);
    await expectNoAxeViolationsInBothThemes(page, 'guest list link');
    await shoot(page, 'guest-lists-link');
    await page.getByRole('button', { name: 'Confirmar meu nome' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'Pronto, Rita Convidada!' }).isVisible()).toBe(true);
    await shoot(page, 'guest-lists-link-done');
    const entry = await entryOf(list.id, 'Rita Convidada');
    expect(entry.source).toBe('link');
    const [{ cpf }] = await queryRows<{ cpf: string }>(app.deps.db, sql`SELECT cpf FROM guest_list_entries WHERE id = ${entry.id}::uuid`);
    expect(cpf).toBe('52998224725');
    await context.close();
  });
});

describe('the back office', () => {
  it('creates a list for an event with owner, quota, rule and closing time, and shows it with its counts', async () => {
    const title = `Festa do Back Office ${suffix()}`;
    const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 100 }], { title, daysAhead: 3 });
    const promoter = await createBuyer(app, { fullName: 'Pedro Promoter', emailPrefix: 'promoter' });
    await app.deps.db.insert(userRoles).values({ userId: promoter.id, role: 'promoter' });
    const context = await newContext(browser, tablet, app.baseUrl);
    const page = await context.newPage();
    const admin = demoAccount(app, 'admin');
    await signInWithForm(page, admin.email, admin.password, '/admin/guest-lists');
    await poll(() => page.getByRole('option', { name: new RegExp(title) }).count()).toBe(1);
    // An event already over is not offered: lists are made for events still to come.
    const pastTitle = `Festa Que Já Passou ${suffix()}`;
    await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 100 }], { title: pastTitle, daysAhead: -2 });
    await page.reload();
    await poll(() => page.getByRole('option', { name: new RegExp(title) }).count()).toBe(1);
    expect(await page.getByRole('option', { name: new RegExp(pastTitle) }).count()).toBe(0);
    await page
      .getByLabel('Evento')
      .selectOption({ label: (await page.getByRole('option', { name: new RegExp(title) }).textContent()) ?? '' });
    const form = page.getByRole('form', { name: 'Nova lista' });
    await poll(() => form.isVisible()).toBe(true);
    await form.getByLabel('Nome da lista').fill('Lista VIP do Pedro');
    await form.getByLabel('E-mail do responsável').fill(promoter.email);
    await form.getByLabel('Limite de nomes').fill('30');
    await form.getByLabel('Grátis até').fill(`${made.event.date}T23:30`);
    await form.getByLabel('Valor depois do horário (R$)').fill('40,00');
    await form.getByLabel('Lista encerra em').fill(`${made.event.date}T22:00`);
    await shoot(page, 'guest-lists-admin-form');
    await form.getByRole('button', { name: 'Criar lista' }).click();
    const created = page.getByRole('region', { name: 'Listas do evento' }).getByRole('listitem');
    await poll(() => created.count()).toBe(1);
    expect(await created.textContent()).toContain('Lista VIP do Pedro');
    expect(await created.textContent()).toContain('Grátis até 23:30, depois R$ 40,00');
    expect(await created.textContent()).toContain('0 de 0 entraram · 0 de 30 nomes · Pista');
    await expectNoAxeViolationsInBothThemes(page, 'back office guest lists');
    await shoot(page, 'guest-lists-admin');
    const [row] = await queryRows<{ quota: number; owner_id: string; after_price_centavos: number; free_until: Date }>(
      app.deps.db,
      sql`SELECT quota, owner_id, after_price_centavos, free_until FROM guest_lists WHERE event_id = ${made.event.id}::uuid`,
    );
    expect(row).toMatchObject({ quota: 30, owner_id: promoter.id, after_price_centavos: 4000 });
    // 23:30 in São Paulo is 02:30 UTC the next day.
    expect(new Date(row.free_until).toISOString().slice(11, 16)).toBe('02:30');
    await context.close();
  });
});
