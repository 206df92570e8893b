import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events, tickets } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';
import { openDoorNow } from '../support/door';

// The door on a 360 x 740 phone, what its staff notice of the offline half (docs/rules/door.md
// 'The offline door'): a ticket bought after the device read its list is amber, to confirm, never
// red; an entry let in offline that the server refuses on sync comes back as a conflict; an exit
// has its own colour.

const small = { ...phone, viewport: { width: 360, height: 740 } };

let app: RunningApp;
let browser: Browser;
let buyer: BrowserContext;
let organizer: BrowserContext;
let door: { context: BrowserContext; page: Page };

const id = Math.random().toString(36).slice(2, 6);
const tonight = { id: '', title: `Noite Offline ${id}`, sectorId: '' };
const withExits = { id: '', title: `Baile com Saída ${id}`, sectorId: '' };

async function makeEvent(target: typeof tonight, exitScans: boolean) {
  const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], { title: target.title, daysAhead: 5 });
  await openDoorNow(app, made.event.id);
  if (exitScans) await app.deps.db.update(events).set({ exitScans: true }).where(eq(events.id, made.event.id));
  target.id = made.event.id;
  target.sectorId = made.sectors[0].id;
}

/** A paid ticket for `holder`; its code. */
async function buyOne(target: typeof tonight, holder: string): Promise<string> {
  const placed = await buyer.request.post('/api/orders', {
    data: {
      eventId: target.id,
      items: [{ sectorId: target.sectorId, quantity: 1, holderNames: [holder] }],
      buyer: { name: 'Carla Mendes', email: 'carla.mendes@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const paid = await buyer.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
  expect((await paid.json()).status).toBe('completed');
  const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  return ticket.code;
}

async function signedIn(email: string, password: string) {
  const context = await newContext(browser, small, app.baseUrl);
  const answer = await context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(answer.status()).toBe(200);
  return context;
}

async function pickEvent(page: Page, title: string) {
  await poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await poll(() => page.getByTestId('door-event').textContent()).toBe(title);
}

/** Types a code as a scanner would; this scan's tone, reason (with the note) and text. */
async function scan(page: Page, code: string) {
  const result = page.getByTestId('door-result');
  const before = await result.getAttribute('data-scan');
  await page.getByLabel('Código QR do ingresso').fill(code);
  await page.getByLabel('Código QR do ingresso').press('Enter');
  await poll(async () => {
    const shown = await result.getAttribute('data-scan');
    return shown !== '' && shown !== before;
  }, 5000).toBe(true);
  const box = result.locator('[data-tone]');
  const reason = (await box.getByTestId('door-reason').count()) ? await box.getByTestId('door-reason').textContent() : '';
  const note = (await box.getByTestId('door-note').count()) ? await box.getByTestId('door-note').textContent() : '';
  return {
    tone: await box.getAttribute('data-tone'),
    reason: `${reason} · ${note}`,
    text: (await result.textContent()) ?? '',
    background: await box.evaluate((el) => getComputedStyle(el).backgroundColor),
  };
}

/** No sideways scroll at 320 px wide; back to 360 x 740 after. */
async function expectNoSidewaysScrollAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(small.viewport);
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const account = await createBuyer(app, { fullName: 'Carla Mendes', emailPrefix: 'offline-lista' });
  buyer = await signedIn(account.email, account.password);
  const admin = demoAccount(app, 'admin');
  organizer = await signedIn(admin.email, admin.password);
  await makeEvent(tonight, false);
  await makeEvent(withExits, true);

  const context = await newContext(browser, small, app.baseUrl);
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

describe('the offline door on a 360 x 740 phone', () => {
  it("shows a ticket bought after the device's list in amber, to confirm online or by the document, never red", async () => {
    const { page, context } = door;
    const early = await buyOne(tonight, 'Vera Valida');
    await pickEvent(page, tonight.title);
    await poll(() => page.getByText(/^Lista offline: 1 ingresso,/).isVisible()).toBe(true);
    const late = await buyOne(tonight, 'Nico Novo');

    await context.setOffline(true);
    await poll(() => page.getByTestId('door-connection').textContent()).toBe('Offline');
    const missing = await scan(page, late);
    expect(missing.tone).toBe('early');
    expect(missing.text).toContain('CONFIRA');
    expect(missing.reason).toBe('Não está na lista deste aparelho · Confira online ou pelo documento');
    expect(missing.text).not.toContain('INVÁLIDO');
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door offline, a ticket not on the list');
    await shoot(page, 'door-offline-not-on-list');
    await expectNoSidewaysScrollAt320(page);

    // A code of no ticket's shape is what the server would say: not recognised, red.
    const junk = await scan(page, 'NL1.nao-e-um-ingresso');
    expect(junk.tone).toBe('invalid');
    expect(junk.reason).toContain('Código não reconhecido');
    expect((await scan(page, early)).text).toContain('VÁLIDO');

    await context.setOffline(false);
    await poll(() => page.getByTestId('door-queue').textContent(), 20_000).toBe('Fila: 0');
    // Online again, the ticket the list did not hold is let in by the server.
    expect((await scan(page, late)).text).toContain('VÁLIDO');
  });

  it('tells the door which entries it let in offline were refused on sync, with the name and why', async () => {
    const { page, context } = door;
    const code = await buyOne(tonight, 'Caio Conflito');
    // The door reads its list again on load: Caio is on it.
    await page.reload();
    await poll(() => page.getByText(/^Lista offline: 3 ingressos,/).isVisible()).toBe(true);
    await context.setOffline(true);
    await poll(() => page.getByTestId('door-connection').textContent()).toBe('Offline');
    expect((await scan(page, code)).text).toContain('VÁLIDO');
    // Meanwhile another door, online, lets the same ticket in.
    const other = await organizer.request.post('/api/check-ins', { data: { code, eventId: tonight.id } });
    expect(other.status()).toBe(200);
    expect((await other.json()).accepted).toBe(true);

    await context.setOffline(false);
    const notice = page.getByTestId('door-conflicts');
    await poll(() => notice.isVisible(), 20_000).toBe(true);
    expect(await notice.getByRole('heading').textContent()).toBe('1 entrada offline em conflito');
    expect(await notice.textContent()).toContain('Caio Conflito');
    expect(await notice.textContent()).toContain('Conflito: ingresso já tinha entrado');
    await notice.scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door conflicts after a sync');
    await shoot(page, 'door-offline-conflicts');
    await expectNoSidewaysScrollAt320(page);

    // Kept across a reload until the staff say they saw it.
    await page.reload();
    await poll(() => page.getByTestId('door-conflicts').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Entendi' }).click();
    await poll(() => page.getByTestId('door-conflicts').count()).toBe(0);
  });

  it("shows an exit ('SAIU às …') in its own colour, not the green of an entry", async () => {
    const { page } = door;
    const code = await buyOne(withExits, 'Sara Saída');
    await page.getByRole('button', { name: 'Trocar evento' }).click();
    await pickEvent(page, withExits.title);
    const exit = page.getByRole('button', { name: 'Saída', exact: true });
    await poll(() => exit.isVisible()).toBe(true);

    const entry = await scan(page, code);
    expect(entry.tone).toBe('valid');
    await exit.click();
    const out = await scan(page, code);
    expect(out.tone).toBe('exit');
    expect(out.text).toMatch(/SAIU às \d{2}:\d{2}/);
    expect(out.background).not.toBe(entry.background);
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door exit');
    await shoot(page, 'door-exit');
    await expectNoSidewaysScrollAt320(page);
  });
});
