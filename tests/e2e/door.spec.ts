import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { checkIns, events, tickets } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes, settleTransitions } from '../support/axe';
import { createEvent } from '../support/test-server';
import { openDoorNow } from '../support/door';

let app: RunningApp;
let browser: Browser;

// The door as door staff use it, on a phone: the demo account portaria@nextlevel.demo.
let doorA: { context: BrowserContext; page: Page };
let doorB: { context: BrowserContext; page: Page };
const tonight = { title: '', id: '' };
const soon = { title: '', id: '' };
const vizinho = { title: '', id: '' };
let tonightTickets: { id: string; code: string; holderName: string | null; sectorName: string }[] = [];
let soonCode = '';
let vizinhoCode = '';

const suffix = () => Math.random().toString(36).slice(2, 6);

// With SCREENSHOT_DIR set, each door screen is saved at two phone sizes in both themes, to be looked at.
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const SCREEN_SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

async function shoot(page: Page, name: string, fullPage = false) {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        localStorage.setItem('theme', t);
        document.documentElement.classList.toggle('dark', t === 'dark');
      }, theme);
      await settleTransitions(page);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}-${theme}.png`), fullPage });
    }
  }
  await page.evaluate(() => {
    localStorage.removeItem('theme');
    document.documentElement.classList.remove('dark');
  });
  if (original) await page.setViewportSize(original);
}

/** São Paulo calendar day and wall-clock time of an instant ('yyyy-MM-dd', 'HH:mm'). */
function saoPauloWall(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An event with two sectors and the meia-entrada reserve; `open`: it started an hour ago and ends in three (its door admits now). */
async function makeEvent(title: string, options: { open: boolean; daysAhead?: number }) {
  const made = await createEvent(
    app,
    [
      { name: 'Inteira', priceCentavos: 8000, remaining: 200 },
      { name: 'Camarote', priceCentavos: 16000, remaining: 200 },
    ],
    { title, daysAhead: options.daysAhead ?? 5, meiaEntrada: true },
  );
  if (options.open) {
    const start = saoPauloWall(new Date(Date.now() - 60 * 60_000));
    const end = saoPauloWall(new Date(Date.now() + 3 * 60 * 60_000));
    await app.deps.db
      .update(events)
      .set({ date: start.date, startTime: start.time, endTime: end.time })
      .where(eq(events.id, made.event.id));
  }
  return made;
}

/**
 * Buys and pays (sandbox PIX) through the API as a buyer: POST /api/orders, then
 * simulate-pix-payment. `meia`: one student half-price unit of the first sector, for the first name.
 */
async function buy(
  buyer: BrowserContext,
  made: Awaited<ReturnType<typeof makeEvent>>,
  type: 0 | 1 | 'meia',
  quantity: number,
  holderNames: string[] = [],
) {
  const items =
    type === 'meia'
      ? [
          {
            sectorId: made.sectors[0].id,
            quantity: 1,
            concession: 'student',
            holder: { name: holderNames[0], cpf: '111.444.777-35', birthDate: '2005-02-14', documentNumber: 'CIE 2026-7' },
          },
        ]
      : [{ sectorId: made.sectors[type].id, quantity, holderNames }];
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
  return app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
}

async function ticketOf(code: string) {
  const [row] = await app.deps.db.select().from(tickets).where(eq(tickets.code, code));
  return row;
}

async function serverCounts(eventId: string) {
  const rows = await app.deps.db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.eventId, eventId), eq(checkIns.accepted, true)));
  return rows.length;
}

async function doorStaff() {
  const context = await newContext(browser, phone, app.baseUrl);
  const page = await context.newPage();
  const staff = demoAccount(app, 'validator');
  await signInWithForm(page, staff.email, staff.password, '/validator');
  return { context, page };
}

async function pickEvent(page: Page, title: string, gate = '') {
  await poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
  if (gate) await page.getByLabel('Portão (opcional)').fill(gate);
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await poll(() => page.getByTestId('door-event').textContent()).toBe(title);
}

async function changeEvent(page: Page, title: string) {
  await page.getByRole('button', { name: 'Trocar evento' }).click();
  await pickEvent(page, title);
}

const result = (page: Page) => page.getByTestId('door-result');

/** Waits for a verdict newer than the one shown when `before` was read (data-scan: the scan's id). */
async function nextVerdict(page: Page, before: string | null) {
  await poll(async () => {
    const shown = await result(page).getAttribute('data-scan');
    return shown !== '' && shown !== before;
  }, 5000).toBe(true);
  return (await result(page).textContent()) ?? '';
}

/** Types a code as a scanner would and waits for this scan's verdict. */
async function scan(page: Page, code: string) {
  const before = await result(page).getAttribute('data-scan');
  await page.getByLabel('Código QR do ingresso').fill(code);
  await page.getByLabel('Código QR do ingresso').press('Enter');
  return nextVerdict(page, before);
}

const entriesOn = async (page: Page) => Number((await page.getByTestId('door-entries').textContent())?.replace(/\D/g, '') || NaN);

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();

  const buyerAccount = await createBuyer(app, { fullName: 'Carla Mendes', emailPrefix: 'porta' });
  const buyer = await newContext(browser, phone, app.baseUrl);
  const signedIn = await buyer.request.post('/api/auth/sign-in/email', {
    data: { email: buyerAccount.email, password: buyerAccount.password },
    headers: { origin: app.baseUrl },
  });
  expect(signedIn.status()).toBe(200);

  const id = suffix();
  const tonightEvent = await makeEvent(`Noite da Portaria ${id}`, { open: true });
  const soonEvent = await makeEvent(`Festival Daqui a 5 Dias ${id}`, { open: false, daysAhead: 5 });
  const vizinhoEvent = await makeEvent(`Baile Vizinho ${id}`, { open: true });
  Object.assign(tonight, { title: tonightEvent.event.title, id: tonightEvent.event.id });
  Object.assign(soon, { title: soonEvent.event.title, id: soonEvent.event.id });
  Object.assign(vizinho, { title: vizinhoEvent.event.title, id: vizinhoEvent.event.id });

  // Tonight: named tickets, a meia-entrada, and 60 more for the offline rush.
  const named = await buy(buyer, tonightEvent, 0, 3, ['Ana Lima', 'Bia Souza', 'Caio Prado']);
  const meia = await buy(buyer, tonightEvent, 'meia', 1, ['Davi Estudante']);
  const rush = [
    ...(await buy(buyer, tonightEvent, 0, 20)),
    ...(await buy(buyer, tonightEvent, 0, 20)),
    ...(await buy(buyer, tonightEvent, 0, 20)),
  ];
  tonightTickets = [...named, ...meia, ...rush];
  soonCode = (await buy(buyer, soonEvent, 0, 1, ['Elisa Futura']))[0].code;
  vizinhoCode = (await buy(buyer, vizinhoEvent, 0, 1, ['Fabio Vizinho']))[0].code;
  await buyer.close();
});
afterAll(async () => {
  await doorA?.context.close();
  await doorB?.context.close();
  await browser?.close();
  await app?.stop();
});

const byHolder = (name: string) => tonightTickets.find((t) => t.holderName === name)!;

describe('the door on a phone', () => {
  it('starts by choosing the event, today first, with an optional gate, and remembers it', async () => {
    doorA = await doorStaff();
    const { page } = doorA;
    await poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
    const today = page.getByRole('region', { name: 'Hoje' });
    const next = page.getByRole('region', { name: 'Próximos eventos' });
    await poll(() => today.getByRole('button', { name: new RegExp(tonight.title) }).isVisible()).toBe(true);
    expect(await next.getByRole('button', { name: new RegExp(soon.title) }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'door event picker');
    await shoot(page, 'door-picker');

    await page.getByLabel('Buscar evento').fill('portaria');
    await poll(() => page.getByRole('button', { name: new RegExp(vizinho.title) }).count()).toBe(0);
    await page.getByLabel('Buscar evento').fill('');
    await pickEvent(page, tonight.title, 'Portão 2');
    expect(await page.getByText('Portão 2').isVisible()).toBe(true);
    await poll(() => page.getByText(/^Lista offline: 64 ingressos/).isVisible()).toBe(true);
    await poll(() => page.getByTestId('door-sold').textContent()).toBe('64');

    // Remembered on the device.
    await page.reload();
    await poll(() => page.getByTestId('door-event').textContent()).toBe(tonight.title);
    await poll(() => page.getByTestId('door-connection').textContent()).toBe('Online');
    await expectNoAxeViolationsInBothThemes(page, 'door screen');
    await shoot(page, 'door-screen', true);
  });

  it('refuses a ticket of another event and one of an event days away with the reason, burning neither', async () => {
    const { page } = doorA;
    expect(await scan(page, vizinhoCode)).toContain(`INVÁLIDO`);
    expect(await result(page).textContent()).toContain(`Ingresso de outro evento: ${vizinho.title}`);
    await shoot(page, 'door-invalid');
    expect(await scan(page, soonCode)).toContain(`Ingresso de outro evento: ${soon.title}`);

    // At the door of the event days away, its own ticket waits for the door to open.
    await changeEvent(page, soon.title);
    expect(await scan(page, soonCode)).toMatch(/AINDA NÃO ABRIUEntrada a partir de \d{2}\/\d{2} às 16:00O ingresso continua válido/);
    expect((await ticketOf(vizinhoCode)).checkedInAt).toBeNull();
    expect((await ticketOf(soonCode)).checkedInAt).toBeNull();
    await changeEvent(page, tonight.title);
  });

  it('shows an early ticket in amber without burning it, keeps the look-up from letting it in, and admits it once the door opens', async () => {
    const { page } = doorA;
    await changeEvent(page, soon.title);
    const early = await scan(page, soonCode);
    expect(early).toContain('AINDA NÃO ABRIU');
    expect(early).toMatch(/Entrada a partir de (\d{2}\/\d{2} às )?\d{2}:\d{2}/);
    expect(early).toContain('O ingresso continua válido');
    expect(early).not.toMatch(/liberad|INVÁLIDO/i);
    expect(await result(page).locator('[data-tone="early"]').count()).toBe(1);
    expect((await ticketOf(soonCode)).checkedInAt).toBeNull();
    await expectNoAxeViolationsInBothThemes(page, 'door AINDA NÃO ABRIU');
    await shoot(page, 'door-early');

    // The look-up gives the same verdict and does not offer to let her in.
    await page.getByRole('searchbox', { name: 'Nome, e-mail, CPF ou pedido' }).fill('Elisa');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const row = page.getByRole('list', { name: 'Ingressos encontrados' }).getByRole('listitem');
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Ainda não abriu');
    expect(await row.getByTestId('door-lookup-reason').textContent()).toMatch(/^Entrada a partir de .*O ingresso continua válido$/);
    const admit = row.getByRole('button', { name: 'Liberar entrada de Elisa Futura' });
    expect(await admit.isDisabled()).toBe(true);
    expect(await admit.getAttribute('aria-describedby')).toBeTruthy();
    await expectNoAxeViolationsInBothThemes(page, 'door look-up of an early ticket');
    await row.scrollIntoViewIfNeeded();
    await shoot(page, 'door-lookup-early', true);

    // The event moves to now: once the server reads it again (at most 10 s), the same ticket gets in.
    await openDoorNow(app, soon.id);
    await page.waitForTimeout(10_500);
    const admitted = await scan(page, soonCode);
    expect(admitted).toContain('ENTRADA LIBERADA');
    expect(await page.getByTestId('door-holder').textContent()).toBe('Elisa Futura');
    expect((await ticketOf(soonCode)).checkedInAt).not.toBeNull();

    // Scanned again: red, with when and where she got in.
    const used = await scan(page, soonCode);
    expect(used).toMatch(/^JÁ UTILIZADOIngresso já utilizado (em \d{2}\/\d{2}\/\d{4} )?às \d{2}:\d{2} no Portão 2/);
    expect(used).not.toMatch(/liberad/i);
    expect(await result(page).locator('[data-tone="used"]').count()).toBe(1);
    await expectNoAxeViolationsInBothThemes(page, 'door JÁ UTILIZADO');
    await shoot(page, 'door-used');
    await changeEvent(page, tonight.title);
  });

  it("shows VÁLIDO with the holder's name, and for a meia-entrada its category and the document to check", async () => {
    const { page } = doorA;
    const ana = byHolder('Ana Lima');
    const text = await scan(page, ana.code);
    expect(text).toContain('VÁLIDO');
    expect(text).toContain('ENTRADA LIBERADA');
    expect(await page.getByTestId('door-holder').textContent()).toBe('Ana Lima');
    expect(text).toContain('Inteira');
    expect(await page.getByLabel('Código QR do ingresso').inputValue()).toBe('');

    const meia = await scan(page, byHolder('Davi Estudante').code);
    expect(meia).toContain('Inteira · Meia-entrada (Estudante)');
    expect(meia).toContain('Conferir carteira de estudante (CIE)');
    await expectNoAxeViolationsInBothThemes(page, 'door VÁLIDO');
    await shoot(page, 'door-valid-meia');

    expect(await scan(page, ana.code)).toMatch(/JÁ UTILIZADOIngresso já utilizado (em \d{2}\/\d{2}\/\d{4} )?às \d{2}:\d{2} no Portão 2/);
  });

  it("changes the count on a second device's door screen within 2 s, with no reload", async () => {
    doorB = await doorStaff();
    await pickEvent(doorB.page, tonight.title);
    await poll(() => entriesOn(doorB.page)).toBe(await serverCounts(tonight.id));
    const before = await entriesOn(doorB.page);
    expect(await scan(doorA.page, byHolder('Caio Prado').code)).toContain('VÁLIDO');
    const scannedAt = Date.now();
    await poll(() => entriesOn(doorB.page), 2000).toBe(before + 1);
    expect(Date.now() - scannedAt).toBeLessThan(2000);
  });

  it('decides on the device within 3 s without network, queues 50 scans and syncs them when the network returns', async () => {
    const { page, context } = doorA;
    const rush = tonightTickets.filter((t) => !t.holderName).slice(0, 50);
    const before = await serverCounts(tonight.id);
    await context.setOffline(true);
    await poll(() => page.getByTestId('door-connection').textContent()).toBe('Offline');

    const started = Date.now();
    const first = await scan(page, rush[0].code);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(first).toContain('VÁLIDO');
    expect(first).toContain('Decidido offline');
    expect(await scan(page, 'NL1.codigo-que-nao-existe')).toContain('Código não reconhecido');
    expect(await scan(page, rush[0].code)).toContain('Ingresso já utilizado');
    for (const ticket of rush.slice(1)) expect(await scan(page, ticket.code)).toContain('VÁLIDO');
    await poll(() => page.getByTestId('door-queue').textContent()).toBe('Fila: 52');
    expect(await serverCounts(tonight.id)).toBe(before);
    await expectNoAxeViolationsInBothThemes(page, 'door offline');
    await shoot(page, 'door-offline');

    await context.setOffline(false);
    await poll(() => page.getByTestId('door-queue').textContent()).toBe('Fila: 0');
    await poll(() => page.getByTestId('door-last-sync').textContent()).toMatch(/^Última sincronização: \d{2}\/\d{2} às \d{2}:\d{2}$/);
    expect(await serverCounts(tonight.id)).toBe(before + 50);
    await poll(() => entriesOn(page)).toBe(before + 50);
    await poll(() => entriesOn(doorB.page)).toBe(before + 50);
    const synced = await app.deps.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.eventId, tonight.id), eq(checkIns.offline, true)));
    expect(synced).toHaveLength(52);
    expect(synced.filter((c) => c.accepted)).toHaveLength(50);
    expect(synced.every((c) => c.location === 'Portão 2')).toBe(true);
  });

  it('never shows a late answer: a scan the server does not answer within 3 s is decided on the device and recorded once', async () => {
    const { page } = doorA;
    const slow = tonightTickets.filter((t) => !t.holderName)[50];
    await page.route('**/api/check-ins', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4500));
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    const text = await scan(page, slow.code);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(text).toContain('Decidido offline');
    await page.unroute('**/api/check-ins');
    const other = tonightTickets.filter((t) => !t.holderName)[51];
    expect(await scan(page, other.code)).toContain('VÁLIDO');
    await page.waitForTimeout(1500);
    expect(await result(page).textContent()).not.toContain('Decidido offline');
    await poll(() => page.getByTestId('door-queue').textContent(), 20_000).toBe('Fila: 0');
    const rows = await app.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, slow.id));
    expect(rows.filter((r) => r.accepted)).toHaveLength(1);
    expect(rows.filter((r) => r.conflict)).toHaveLength(0);
  });

  it('records one flagged conflict when two offline devices admit one code', async () => {
    const shared = tonightTickets.filter((t) => !t.holderName)[55];
    await poll(() => doorB.page.getByText(/^Lista offline: 64 ingressos/).isVisible()).toBe(true);
    await doorA.context.setOffline(true);
    await doorB.context.setOffline(true);
    expect(await scan(doorA.page, shared.code)).toContain('VÁLIDO');
    expect(await scan(doorB.page, shared.code)).toContain('VÁLIDO');
    await doorA.context.setOffline(false);
    await doorB.context.setOffline(false);
    await poll(() => doorA.page.getByTestId('door-queue').textContent()).toBe('Fila: 0');
    await poll(() => doorB.page.getByTestId('door-queue').textContent()).toBe('Fila: 0');
    const rows = await app.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, shared.id));
    expect(rows.filter((r) => r.accepted)).toHaveLength(1);
    expect(rows.filter((r) => r.conflict)).toEqual([
      expect.objectContaining({ accepted: false, reason: 'offline_conflict', offline: true }),
    ]);
  });

  it('finds a ticket by part of the holder name and lets it in by hand once; a second admission is refused', async () => {
    const lookUp = async (page: Page, text: string) => {
      await page.getByRole('searchbox', { name: 'Nome, e-mail, CPF ou pedido' }).fill(text);
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await poll(() => page.getByRole('list', { name: 'Ingressos encontrados' }).isVisible()).toBe(true);
    };
    // Both doors find Bia before either lets her in.
    await lookUp(doorA.page, 'souz');
    await lookUp(doorB.page, 'bia');
    const row = doorA.page.getByRole('list', { name: 'Ingressos encontrados' }).getByRole('listitem');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Bia Souza');
    await expectNoAxeViolationsInBothThemes(doorA.page, 'door look-up');
    await shoot(doorA.page, 'door-lookup');

    await row.getByRole('button', { name: 'Liberar entrada de Bia Souza' }).click();
    const dialog = doorA.page.getByRole('alertdialog', { name: 'Liberar entrada?' });
    await poll(() => dialog.isVisible()).toBe(true);
    await shoot(doorA.page, 'door-lookup-confirm');
    const shownOnA = await result(doorA.page).getAttribute('data-scan');
    await dialog.getByRole('button', { name: 'Liberar entrada' }).click();
    const admitted = await nextVerdict(doorA.page, shownOnA);
    expect(admitted).toContain('VÁLIDO');
    expect(admitted).toContain('Bia Souza');
    expect(admitted).toContain('Entrada liberada pela busca');
    await poll(() => row.textContent()).toContain('Utilizado');

    // The other door still shows her as valid; its admission is refused.
    await doorB.page.getByRole('button', { name: 'Liberar entrada de Bia Souza' }).click();
    const shownOnB = await result(doorB.page).getAttribute('data-scan');
    await doorB.page.getByRole('alertdialog', { name: 'Liberar entrada?' }).getByRole('button', { name: 'Liberar entrada' }).click();
    expect(await nextVerdict(doorB.page, shownOnB)).toMatch(/JÁ UTILIZADOIngresso já utilizado (em|às) /);
    const rows = await app.deps.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.ticketId, byHolder('Bia Souza').id));
    expect(rows.filter((r) => r.accepted)).toEqual([expect.objectContaining({ manual: true })]);
    expect(rows).toHaveLength(2);
  });

  it('keeps the camera open in the continuous mode: each verdict shows for a moment, then the next code is read', async () => {
    const { page, context } = doorA;
    const [first, second] = tonightTickets.filter((t) => !t.holderName).slice(56, 58);
    const images = await Promise.all([first, second].map((t) => QRCode.toDataURL(t.code, { width: 300, margin: 2 })));
    // A camera that films a QR code on a white card; the test chooses which (window.__doorQr).
    await context.addInitScript((urls: string[]) => {
      const w = window as unknown as { __doorQr: number };
      w.__doorQr = 0;
      navigator.mediaDevices.getUserMedia = async () => {
        const pictures = await Promise.all(
          urls.map(
            (url) =>
              new Promise<HTMLImageElement>((resolve) => {
                const image = new Image();
                image.onload = () => resolve(image);
                image.src = url;
              }),
          ),
        );
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 480;
        const draw = canvas.getContext('2d')!;
        setInterval(() => {
          draw.fillStyle = '#fff';
          draw.fillRect(0, 0, 640, 480);
          draw.drawImage(pictures[w.__doorQr], 170, 90, 300, 300);
        }, 50);
        return canvas.captureStream(15);
      };
    }, images);
    await page.reload();
    await poll(() => page.getByTestId('door-event').textContent()).toBe(tonight.title);
    await page.getByLabel('Modo contínuo').check();
    await page.getByRole('button', { name: 'Escanear com a câmera' }).click();

    const overlay = page.getByRole('region', { name: 'Resultado na câmera' });
    await poll(() => overlay.textContent(), 15_000).toContain('VÁLIDO');
    await shoot(page, 'door-continuous');
    await poll(() => overlay.count(), 4000).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancelar scanner' }).isVisible()).toBe(true);
    // The same code still in front of the camera is not read again.
    await page.waitForTimeout(1000);
    expect(await overlay.count()).toBe(0);

    await page.evaluate(() => ((window as unknown as { __doorQr: number }).__doorQr = 1));
    await poll(() => overlay.textContent(), 10_000).toContain('VÁLIDO');
    await poll(async () => (await ticketOf(second.code)).checkedInAt !== null).toBe(true);
    expect((await ticketOf(first.code)).checkedInAt).not.toBeNull();
    const firstRows = await app.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, first.id));
    expect(firstRows).toHaveLength(1);
    await page.getByRole('button', { name: 'Cancelar scanner' }).click();
  });

  it('signs out only once the scans made offline are sent, and then leaves nothing of the door on the device', async () => {
    const device = await doorStaff();
    const { page, context } = device;
    await pickEvent(page, tonight.title);
    const ticket = tonightTickets.filter((t) => !t.holderName).at(-1)!;
    await context.setOffline(true);
    await poll(() => page.getByTestId('door-connection').textContent()).toBe('Offline');
    expect(await scan(page, ticket.code)).toContain('Decidido offline');
    await poll(() => page.getByTestId('door-queue').textContent()).toBe('Fila: 1');

    // Offline, leaving would lose an entry that happened: the device stays signed in.
    await page.getByRole('button', { name: 'Sair' }).click();
    const warning = page.getByText('Há 1 leitura feita sem internet ainda não enviada. Conecte-se e toque em Sair de novo.');
    await warning.waitFor();
    expect(await page.getByTestId('door-event').textContent()).toBe(tonight.title);
    await shoot(page, 'door-sign-out-unsent');

    await context.setOffline(false);
    // The warning covers the header on a phone until it goes (a pointer resting on it keeps it).
    await page.mouse.move(200, 700);
    await warning.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/validator'));
    await poll(async () => (await ticketOf(ticket.code)).checkedInAt !== null).toBe(true);
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const opened = indexedDB.open('next-level-door', 1);
          opened.onsuccess = () => {
            const counted = opened.result.transaction('kv', 'readonly').objectStore('kv').count();
            counted.onsuccess = () => resolve(counted.result);
          };
        }),
    );
    expect(kept).toBe(0);
    await context.close();
  });
});
