import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders, tickets } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';
import { openDoorNow, transferTicketInDb } from '../support/door';

// The door on a 360 x 740 phone, for every state a ticket can be in at the door: the look-up
// shows the verdict the scan gives, and 'Liberar entrada' is off exactly where the scan refuses.

const small = { ...phone, viewport: { width: 360, height: 740 } };

let app: RunningApp;
let browser: Browser;
let buyer: BrowserContext;
let door: { context: BrowserContext; page: Page };
let organizer: BrowserContext;

const id = Math.random().toString(36).slice(2, 6);
const tonight = { id: '', title: `Noite dos Estados ${id}` };
const early = { id: '', title: `Festival Cedo ${id}` };
const vizinho = { id: '', title: `Baile Vizinho ${id}` };
const cancelled = { id: '', title: `Show Cancelado ${id}` };
const codes: Record<string, string> = {};
let transferred = { oldCode: '', newCode: '' };

async function makeEvent(target: { id: string; title: string }, open: boolean) {
  const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], {
    title: target.title,
    daysAhead: 5,
    meiaEntrada: true,
  });
  if (open) await openDoorNow(app, made.event.id);
  target.id = made.event.id;
  return made;
}

/** A paid order of one ticket for `holder` (a student meia-entrada with `meia`); its code. */
async function buyOne(made: Awaited<ReturnType<typeof makeEvent>>, holder: string, meia = false) {
  const sectorId = made.sectors[0].id;
  const items = meia
    ? [
        {
          sectorId,
          quantity: 1,
          concession: 'student',
          holder: { name: holder, cpf: '111.444.777-35', birthDate: '2005-02-14', documentNumber: 'CIE 2026-9' },
        },
      ]
    : [{ sectorId, quantity: 1, holderNames: [holder] }];
  const placed = await buyer.request.post('/api/orders', {
    data: {
      eventId: made.event.id,
      items,
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
  return ticket;
}

const ticketOf = async (code: string) => (await app.deps.db.select().from(tickets).where(eq(tickets.code, code)))[0];

async function pickEvent(page: Page, title: string, gate = '') {
  await poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
  if (gate) await page.getByLabel('Portão (opcional)').fill(gate);
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await poll(() => page.getByTestId('door-event').textContent()).toBe(title);
}

async function changeEvent(page: Page, title: string) {
  await page.getByRole('button', { name: 'Trocar evento' }).click();
  await pickEvent(page, title, 'Portão 2');
}

/** What the door screen shows for a verdict: its tone, big word, and its reason with the note under it. */
interface Shown {
  tone: string | null;
  reason: string;
}

/** Types a code as a scanner would and reads this scan's verdict. */
async function scan(page: Page, code: string): Promise<Shown & { text: string }> {
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
  return { tone: await box.getAttribute('data-tone'), reason: `${reason}${note}`, text: (await result.textContent()) ?? '' };
}

/** Looks `query` up: the rows found, each with its tone, reason and whether 'Liberar entrada' is on. */
async function lookUp(page: Page, query: string): Promise<(Shown & { name: string; canAdmit: boolean; text: string })[]> {
  await page.getByRole('searchbox', { name: 'Nome, e-mail, CPF ou pedido' }).fill(query);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const list = page.getByRole('list', { name: 'Ingressos encontrados' });
  const none = page.getByText(`Nenhum ingresso encontrado para “${query}”.`);
  // A list is read only once it answers this query (the previous answer stays on screen meanwhile).
  await poll(async () => (await none.isVisible()) || ((await list.isVisible()) && (await list.getAttribute('data-query')) === query)).toBe(
    true,
  );
  if (await none.isVisible()) return [];
  const rows = await list.getByRole('listitem').all();
  return Promise.all(
    rows.map(async (row) => {
      const reason = row.getByTestId('door-lookup-reason');
      const button = row.getByRole('button', { name: /^Liberar entrada de / });
      return {
        tone: await row.getAttribute('data-tone'),
        reason: (await reason.count()) ? ((await reason.textContent()) ?? '') : '',
        name: ((await button.getAttribute('aria-label')) ?? '').replace('Liberar entrada de ', ''),
        canAdmit: !(await button.isDisabled()),
        text: (await row.textContent()) ?? '',
      };
    }),
  );
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const account = await createBuyer(app, { fullName: 'Carla Mendes', emailPrefix: 'estados' });
  buyer = await newContext(browser, small, app.baseUrl);
  expect(
    (
      await buyer.request.post('/api/auth/sign-in/email', {
        data: { email: account.email, password: account.password },
        headers: { origin: app.baseUrl },
      })
    ).status(),
  ).toBe(200);
  const admin = demoAccount(app, 'admin');
  organizer = await newContext(browser, small, app.baseUrl);
  expect(
    (
      await organizer.request.post('/api/auth/sign-in/email', {
        data: { email: admin.email, password: admin.password },
        headers: { origin: app.baseUrl },
      })
    ).status(),
  ).toBe(200);

  const tonightEvent = await makeEvent(tonight, true);
  const earlyEvent = await makeEvent(early, false);
  const vizinhoEvent = await makeEvent(vizinho, true);
  const cancelledEvent = await makeEvent(cancelled, true);
  codes.valid = (await buyOne(tonightEvent, 'Vera Valida')).code;
  codes.meia = (await buyOne(tonightEvent, 'Mia Meia', true)).code;
  codes.used = (await buyOne(tonightEvent, 'Ugo Usado')).code;
  const refunded = await buyOne(tonightEvent, 'Rui Reembolso');
  await app.deps.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, refunded.id));
  await app.deps.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded.orderId));
  codes.refunded = refunded.code;
  const given = await buyOne(tonightEvent, 'Tina Transferida');
  transferred = await transferTicketInDb(app, given.id, { name: 'Nina Nova', email: 'nina.nova@exemplo.com.br' });
  codes.other = (await buyOne(vizinhoEvent, 'Otto Outro')).code;
  codes.forged = codes.valid.slice(0, -3) + (codes.valid.endsWith('AAA') ? 'BBB' : 'AAA');
  codes.early = (await buyOne(earlyEvent, 'Edu Cedo')).code;
  codes.cancelled = (await buyOne(cancelledEvent, 'Celia Cancelada')).code;

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

describe('the door for every state of a ticket, on a 360 x 740 phone', () => {
  it('puts the camera first once the event is chosen: the scan button above the fold, the look-up below', async () => {
    const { page } = door;
    await pickEvent(page, tonight.title, 'Portão 2');
    await poll(() => page.getByTestId('door-connection').textContent()).toBe('Online');
    const camera = await page.getByRole('button', { name: 'Escanear com a câmera' }).boundingBox();
    expect(camera).not.toBeNull();
    expect(camera!.y + camera!.height).toBeLessThanOrEqual(740);
    const search = await page.getByRole('searchbox', { name: 'Nome, e-mail, CPF ou pedido' }).boundingBox();
    expect(search!.y).toBeGreaterThan(camera!.y + camera!.height);
    expect(search!.y).toBeGreaterThan(740);
    await expectNoAxeViolationsInBothThemes(page, 'door screen on a phone');
    await shoot(page, 'door-states-screen');
  });

  it("admits a valid ticket in both, VÁLIDO with the holder's name; a meia-entrada with its category and the document", async () => {
    const { page } = door;
    const [row] = await lookUp(page, 'Vera Valida');
    expect(row).toMatchObject({ tone: 'valid', reason: '', canAdmit: true, name: 'Vera Valida' });
    const scanned = await scan(page, codes.valid);
    expect(scanned.tone).toBe('valid');
    expect(scanned.text).toContain('VÁLIDO');
    expect(await page.getByTestId('door-holder').textContent()).toBe('Vera Valida');

    const [meia] = await lookUp(page, 'Mia Meia');
    expect(meia).toMatchObject({ tone: 'valid', canAdmit: true });
    expect(meia.text).toContain('Pista · Meia-entrada (Estudante)');
    expect(meia.text).toContain('Conferir carteira de estudante (CIE)');
    const meiaScan = await scan(page, codes.meia);
    expect(meiaScan.tone).toBe('valid');
    expect(await page.getByTestId('door-holder').textContent()).toBe('Mia Meia');
    expect(meiaScan.text).toContain('Pista · Meia-entrada (Estudante)');
    expect(await page.getByTestId('door-document-check').textContent()).toContain('Conferir carteira de estudante (CIE)');
    await expectNoAxeViolationsInBothThemes(page, 'door VÁLIDO meia-entrada');
  });

  it('shows a used ticket red JÁ UTILIZADO with the time and gate of its entry, in both', async () => {
    const { page } = door;
    expect((await scan(page, codes.used)).tone).toBe('valid');
    const [row] = await lookUp(page, 'Ugo Usado');
    const scanned = await scan(page, codes.used);
    expect(scanned.tone).toBe('used');
    expect(scanned.text).toContain('JÁ UTILIZADO');
    expect(scanned.reason).toMatch(/^Ingresso já utilizado (em \d{2}\/\d{2}\/\d{4} )?às \d{2}:\d{2} no Portão 2$/);
    expect(row).toMatchObject({ tone: 'used', reason: scanned.reason, canAdmit: false });
    expect(scanned.text).not.toMatch(/liberad/i);
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door JÁ UTILIZADO');
    await shoot(page, 'door-states-used');
  });

  it('refuses a refunded ticket INVÁLIDO in both', async () => {
    const { page } = door;
    const [row] = await lookUp(page, 'Rui Reembolso');
    const scanned = await scan(page, codes.refunded);
    expect(scanned).toMatchObject({ tone: 'invalid', reason: 'Ingresso reembolsado' });
    expect(row).toMatchObject({ tone: 'invalid', reason: scanned.reason, canAdmit: false });
  });

  it("refuses a transferred ticket's old code INVÁLIDO · Ingresso transferido in both, and admits the new holder's code", async () => {
    const { page } = door;
    const [row] = await lookUp(page, 'Tina Transferida');
    const scanned = await scan(page, transferred.oldCode);
    expect(scanned.tone).toBe('invalid');
    expect(scanned.text).toContain('INVÁLIDO');
    expect(scanned.reason).toBe('Ingresso transferidoEste código foi trocado: vale só o QR code de quem recebeu o ingresso');
    expect(scanned.text).not.toMatch(/liberad|Nina/i);
    expect(row).toMatchObject({ tone: 'invalid', reason: scanned.reason, canAdmit: false, name: 'Tina Transferida' });
    expect((await ticketOf(transferred.newCode)).checkedInAt).toBeNull();
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door INVÁLIDO transferido');
    await shoot(page, 'door-states-transferred');
    await page.getByRole('list', { name: 'Ingressos encontrados' }).scrollIntoViewIfNeeded();
    await shoot(page, 'door-states-lookup-transferred');

    const [held] = await lookUp(page, 'Nina Nova');
    expect(held).toMatchObject({ tone: 'valid', canAdmit: true });
    expect((await scan(page, transferred.newCode)).tone).toBe('valid');
    expect(await page.getByTestId('door-holder').textContent()).toBe('Nina Nova');
  });

  it("offers nothing to let in for another event's ticket or a forged code, which the scan refuses with the reason", async () => {
    const { page } = door;
    expect(await lookUp(page, 'Otto Outro')).toEqual([]);
    expect(await scan(page, codes.other)).toMatchObject({ tone: 'invalid', reason: `Ingresso de outro evento: ${vizinho.title}` });
    expect(await lookUp(page, codes.forged.slice(0, 40))).toEqual([]);
    expect(await scan(page, codes.forged)).toMatchObject({ tone: 'invalid', reason: 'Código não reconhecido' });
    expect((await ticketOf(codes.other)).checkedInAt).toBeNull();
  });

  it('shows an early ticket amber AINDA NÃO ABRIU in both without burning it, and a scan once the door opens admits it', async () => {
    const { page } = door;
    await changeEvent(page, early.title);
    const [row] = await lookUp(page, 'Edu Cedo');
    const scanned = await scan(page, codes.early);
    expect(scanned.tone).toBe('early');
    expect(scanned.text).toContain('AINDA NÃO ABRIU');
    expect(scanned.reason).toMatch(/^Entrada a partir de (\d{2}\/\d{2} às )?\d{2}:\d{2}O ingresso continua válido$/);
    expect(scanned.text).not.toMatch(/liberad|INVÁLIDO/i);
    expect(row).toMatchObject({ tone: 'early', reason: scanned.reason, canAdmit: false });
    expect((await ticketOf(codes.early)).checkedInAt).toBeNull();
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'door AINDA NÃO ABRIU');
    await shoot(page, 'door-states-early');

    // The event moves to now: once the server reads it again (at most 10 s), the same ticket gets in.
    await openDoorNow(app, early.id);
    await page.waitForTimeout(10_500);
    const [open] = await lookUp(page, 'Edu');
    expect(open).toMatchObject({ tone: 'valid', canAdmit: true });
    expect((await scan(page, codes.early)).tone).toBe('valid');
    expect(await page.getByTestId('door-holder').textContent()).toBe('Edu Cedo');
    expect((await ticketOf(codes.early)).checkedInAt).not.toBeNull();
  });

  it('refuses a ticket of an event its organizer cancelled, in both, saying so', async () => {
    const { page } = door;
    await changeEvent(page, cancelled.title);
    const cancel = await organizer.request.post(`/api/admin/events/${cancelled.id}/cancel`, {
      data: { reason: 'Chuva forte' },
      headers: { origin: app.baseUrl },
    });
    expect(cancel.status()).toBe(200);
    const [row] = await lookUp(page, 'Celia Cancelada');
    const scanned = await scan(page, codes.cancelled);
    expect(scanned).toMatchObject({ tone: 'invalid', reason: 'Evento cancelado pelo organizador' });
    expect(row).toMatchObject({ tone: 'invalid', reason: scanned.reason, canAdmit: false });
    await page.getByTestId('door-result').scrollIntoViewIfNeeded();
    await shoot(page, 'door-states-cancelled');
  });

  it("refuses a transferred ticket's old code without network too, from the list on the device", async () => {
    const { page, context } = door;
    await changeEvent(page, tonight.title);
    await poll(() => page.getByText(/^Lista offline: \d+ ingressos/).isVisible()).toBe(true);
    await context.setOffline(true);
    await poll(() => page.getByTestId('door-connection').textContent()).toBe('Offline');
    const scanned = await scan(page, transferred.oldCode);
    expect(scanned).toMatchObject({
      tone: 'invalid',
      reason: 'Ingresso transferidoEste código foi trocado: vale só o QR code de quem recebeu o ingresso',
    });
    expect(scanned.text).toContain('Decidido offline');
    await context.setOffline(false);
    await poll(() => page.getByTestId('door-queue').textContent()).toBe('Fila: 0');
  });
});
