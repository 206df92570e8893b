import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { tickets } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';
import { saoPauloWall } from '../support/door';

// The door of a festival with sessions on a 390 x 844 phone: a 3-day pass gets in on the first
// night and is refused a second time that night; a Saturday ticket is refused on Friday naming
// its day; where the event scans exits, the pass goes out ('SAIU às ...') and back in ('VOLTOU').

const DAY_MS = 24 * 60 * 60_000;

let app: RunningApp;
let browser: Browser;
let buyer: BrowserContext;
let organizer: BrowserContext;
let door: { context: BrowserContext; page: Page };

const id = Math.random().toString(36).slice(2, 6);
const festival = { id: '', title: `Festival Três Noites ${id}` };
const withExits = { id: '', title: `Festival Vai e Volta ${id}` };
const codes: Record<string, string> = {};

/** A session `offsetDays` from today that started an hour ago on that day and ends three hours later. */
function sessionOn(offsetDays: number, name: string) {
  const start = saoPauloWall(new Date(Date.now() + offsetDays * DAY_MS - 60 * 60_000));
  const end = saoPauloWall(new Date(Date.now() + offsetDays * DAY_MS + 3 * 60 * 60_000));
  return { name, date: start.date, startTime: start.time, endTime: end.time, capacity: 800 };
}

/** An event with three nights, a 3-day pass and a Saturday ticket, saved as the back office saves it. */
async function makeFestival(target: { id: string; title: string }, exitScans: boolean) {
  const made = await createEvent(
    app,
    [
      { name: 'Passaporte', priceCentavos: 30000, remaining: 50 },
      { name: 'Sábado', priceCentavos: 12000, remaining: 50 },
    ],
    { title: target.title, daysAhead: 5 },
  );
  target.id = made.event.id;
  const saved = await organizer.request.put(`/api/admin/events/${made.event.id}/sessions`, {
    data: {
      sessions: [sessionOn(0, 'Sexta'), sessionOn(1, 'Sábado'), sessionOn(2, 'Domingo')],
      exitScans,
      sectors: [
        { sectorId: made.sectors[0].id, sessions: [] },
        { sectorId: made.sectors[1].id, sessions: [1] },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  return { ...made, sessions: (await saved.json()).sessions as { name: string; date: string }[] };
}

async function buyOne(eventId: string, sectorId: string, holder: string) {
  const placed = await buyer.request.post('/api/orders', {
    data: {
      eventId,
      items: [{ sectorId, quantity: 1, holderNames: [holder] }],
      buyer: { name: 'Carla Mendes', email: 'carla.mendes@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  await buyer.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
  const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  return ticket.code;
}

async function pickEvent(page: Page, title: string) {
  await poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await poll(() => page.getByTestId('door-event').textContent()).toBe(title);
}

/** Types a code as a scanner would and reads this scan's verdict: its tone and its text. */
async function scan(page: Page, code: string): Promise<{ tone: string | null; text: string }> {
  const result = page.getByTestId('door-result');
  const before = await result.getAttribute('data-scan');
  await page.getByLabel('Código QR do ingresso').fill(code);
  await page.getByLabel('Código QR do ingresso').press('Enter');
  await poll(async () => {
    const shown = await result.getAttribute('data-scan');
    return shown !== '' && shown !== before;
  }, 5000).toBe(true);
  return { tone: await result.locator('[data-tone]').getAttribute('data-tone'), text: (await result.textContent()) ?? '' };
}

const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const account = await createBuyer(app, { fullName: 'Carla Mendes', emailPrefix: 'sessoes' });
  buyer = await newContext(browser, phone, app.baseUrl);
  expect(
    (
      await buyer.request.post('/api/auth/sign-in/email', {
        data: { email: account.email, password: account.password },
        headers: { origin: app.baseUrl },
      })
    ).status(),
  ).toBe(200);
  const admin = demoAccount(app, 'admin');
  organizer = await newContext(browser, phone, app.baseUrl);
  expect(
    (
      await organizer.request.post('/api/auth/sign-in/email', {
        data: { email: admin.email, password: admin.password },
        headers: { origin: app.baseUrl },
      })
    ).status(),
  ).toBe(200);

  const three = await makeFestival(festival, false);
  codes.pass = await buyOne(festival.id, three.sectors[0].id, 'Paula Passaporte');
  codes.saturday = await buyOne(festival.id, three.sectors[1].id, 'Sara Sábado');
  codes.saturdayDate = three.sessions[1].date;
  const exits = await makeFestival(withExits, true);
  codes.goer = await buyOne(withExits.id, exits.sectors[0].id, 'Vitor Vaivem');

  const context = await newContext(browser, phone, app.baseUrl);
  const page = await context.newPage();
  const staff = demoAccount(app, 'validator');
  await signInWithForm(page, staff.email, staff.password, '/validator');
  door = { context, page };
});

afterAll(async () => {
  await door?.context.close();
  await buyer?.close();
  await organizer?.close();
  await browser?.close();
  await app?.stop();
});

describe('sessions, passes and re-entry at the door, on a phone', () => {
  it('admits a 3-day pass on the first night once, and refuses a Saturday ticket on Friday naming its day', async () => {
    const { page } = door;
    await pickEvent(page, festival.title);
    // The session follows the clock: tonight is Friday's.
    await poll(async () => (await page.getByLabel('Sessão').locator('option').first().textContent()) ?? '').toMatch(
      /^Automática \(agora: Sexta \d{2}\/\d{2}\)$/,
    );
    expect(await page.getByRole('button', { name: 'Saída' }).count()).toBe(0);

    const first = await scan(page, codes.pass);
    expect(first.tone).toBe('valid');
    expect(first.text).toContain('VÁLIDO');
    expect(first.text).toMatch(/Sessão:\s*Sexta \d{2}\/\d{2}/);
    await shoot(page, 'sessions-door-pass');

    const again = await scan(page, codes.pass);
    expect(again.tone).toBe('used');
    expect(again.text).toContain('JÁ UTILIZADO');
    expect(again.text).toMatch(/Ingresso já utilizado às \d{2}:\d{2}/);

    const saturday = await scan(page, codes.saturday);
    expect(saturday.tone).toBe('invalid');
    expect(saturday.text).toContain(`Ingresso não vale para esta sessão (vale para: Sábado ${dayMonth(codes.saturdayDate)})`);
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door refusing a ticket of another session');
    await shoot(page, 'sessions-door-wrong-session');
  });

  it('with exit scans lets the pass out with the time and back in, never inside twice, counting who is inside', async () => {
    const { page } = door;
    await page.getByRole('button', { name: 'Trocar evento' }).click();
    await pickEvent(page, withExits.title);
    const entry = page.getByRole('button', { name: 'Entrada', exact: true });
    const exit = page.getByRole('button', { name: 'Saída', exact: true });
    await poll(() => exit.isVisible()).toBe(true);
    expect(await entry.getAttribute('aria-pressed')).toBe('true');

    expect((await scan(page, codes.goer)).text).toContain('VÁLIDO');
    const inside = await scan(page, codes.goer);
    expect(inside.tone).toBe('used');
    expect(inside.text).toContain('JÁ ESTÁ DENTRO');
    expect(inside.text).toMatch(/Já está dentro desde \d{2}:\d{2}/);
    await poll(() => page.getByTestId('door-inside').textContent()).toBe('1');

    await exit.click();
    expect(await exit.getAttribute('aria-pressed')).toBe('true');
    const out = await scan(page, codes.goer);
    expect(out.tone).toBe('exit');
    expect(out.text).toMatch(/SAIU às \d{2}:\d{2}/);
    expect(out.text).toContain('SAÍDA REGISTRADA');
    await poll(() => page.getByTestId('door-inside').textContent()).toBe('0');
    await shoot(page, 'sessions-door-out');

    await entry.click();
    const back = await scan(page, codes.goer);
    expect(back.tone).toBe('valid');
    expect(back.text).toContain('VOLTOU');
    await poll(() => page.getByTestId('door-inside').textContent()).toBe('1');
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door VOLTOU');
    await shoot(page, 'sessions-door-back');
  });

  it('shows the organizer the sessions in the event form, and the public the sessions and what each sector covers', async () => {
    const page = await organizer.newPage();
    await page.goto(`/admin/events/${festival.id}/edit`);
    const section = page.getByRole('region', { name: 'Sessões' });
    await poll(() => section.getByLabel('Nome da sessão').count()).toBe(3);
    expect(await section.getByLabel('Nome da sessão').nth(1).inputValue()).toBe('Sábado');
    // The Saturday sector is ticked for Saturday only; the pass for none (every session).
    const saturdaySector = section.getByRole('group', { name: 'Sábado', exact: true });
    expect(await saturdaySector.textContent()).toContain('Vale para: Sábado');
    expect(await section.getByRole('group', { name: 'Passaporte' }).textContent()).toContain('Passaporte 3 dias');
    await section.getByRole('button', { name: 'Adicionar sessão' }).click();
    await poll(() => section.getByLabel('Nome da sessão').count()).toBe(4);
    await section.getByLabel('Nome da sessão').nth(3).fill('Segunda');
    await section.getByLabel('Data').nth(3).fill(sessionOn(3, 'Segunda').date);
    await section.getByLabel('Início').nth(3).fill('20:00');
    await section.getByLabel('Nome da sessão').nth(3).scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'sessions editor');
    await shoot(page, 'sessions-admin-editor');
    await section.getByRole('button', { name: 'Salvar sessões' }).click();
    await poll(() => page.getByText('Sessões salvas').isVisible()).toBe(true);
    const saved = await (await organizer.request.get(`/api/admin/events/${festival.id}/sessions`)).json();
    expect(saved.sessions.map((s: { name: string }) => s.name)).toEqual(['Sexta', 'Sábado', 'Domingo', 'Segunda']);
    // The Saturday sector still covers Saturday only; the pass now covers four nights.
    expect(saved.sectors.map((s: { sessionIds: string[] }) => s.sessionIds.length)).toEqual([0, 1]);
    await page.close();

    const visitor = await buyer.newPage();
    await visitor.goto(`/event/${festival.id}`);
    const shown = visitor.getByRole('region', { name: 'Sessões' });
    await poll(() => shown.isVisible()).toBe(true);
    const lines = await shown.getByRole('list', { name: 'Sessões do evento' }).getByRole('listitem').allTextContents();
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^[A-ZÀ-ú][a-zà-ú]+ \d{2}\/\d{2} · \d{2}:\d{2}/);
    expect(await shown.textContent()).toContain('Passaporte: Passaporte 4 dias');
    expect(await shown.textContent()).toContain('Sábado: Vale para: Sábado');
    await shown.scrollIntoViewIfNeeded();
    await shoot(visitor, 'sessions-event-page');
    await visitor.close();
  });
});
