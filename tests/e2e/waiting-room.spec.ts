import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { eq, sql } from 'drizzle-orm';
import { orders, users } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { joinRoom } from '../../src/server/services/onsale/join-room';
import { launchBrowser, newContext, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { testCpf } from '../support/cpf';
import { solveJoinChallenge } from '../support/join-proof';
import { createJoinChallenge } from '../../src/server/services/onsale/join-proof';

// The on-sale's waiting room on a phone (docs/rules/waiting-room.md 'The on-sale'): join before the opening, the
// draw, the place falling, a pause, the turn, and a purchase with it.

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ WAITING_ROOM_POW_MAX: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const smallPhone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const FAN_CPF = '529.982.247-25';

describe('waiting room', () => {
  it('takes a fan from the room before the opening through the draw, a pause and the turn to a purchase', async () => {
    const adminContext = await newContext(browser, desktop, app.baseUrl);
    const adminPage = await adminContext.newPage();
    const account = demoAccount(app, 'admin');
    await signInWithForm(adminPage, account.email, account.password, '/admin');
    const created = await adminContext.request.post('/api/admin/events', {
      data: {
        title: `K-Pop Fan Day ${Date.now().toString(36)}`,
        category: 'AyYo Events',
        description: 'Venda com sala de espera.',
        date: saoPauloToday(new Date(Date.now() + 20 * 86_400_000)),
        startTime: '18:00',
        location: 'Arena Teste',
        city: 'São Paulo',
        isPublished: true,
        meiaEntrada: false,
        sectors: [{ name: 'Pista', lots: [{ priceCentavos: 15000, remaining: 100 }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = (await created.json()).id as string;
    // The room is open, the sale 10 minutes away; once everyone is in, the organizer brings it forward.
    const roomSettings = (onSaleAt: Date) => ({
      data: {
        enabled: true,
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        onSaleAt: onSaleAt.toISOString(),
        ratePerMinute: 20,
        maxInside: 50,
      },
    });
    const configured = await adminContext.request.put(
      `/api/admin/events/${eventId}/waiting-room`,
      roomSettings(new Date(Date.now() + 600_000)),
    );
    expect(configured.status(), await configured.text()).toBe(200);

    // The organizer pauses before the opening.
    await adminPage.goto(`/admin/events/${eventId}/edit`);
    const section = adminPage.getByRole('region', { name: 'Sala de espera' });
    await poll(() => section.getByRole('button', { name: 'Pausar venda' }).isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Pausar venda' }).click();
    await poll(() => section.getByRole('button', { name: 'Retomar venda' }).isVisible()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(adminPage, 'back office waiting room');
    await shoot(adminPage, 'waiting-room-admin');

    // Five fans were in the room before this one.
    for (let i = 0; i < 5; i++) {
      const id = randomUUID().replace(/-/g, '');
      await app.deps.db.insert(users).values({ id, name: `Fã ${i}`, email: `fa-${id.slice(0, 8)}@exemplo.com.br`, emailVerified: true });
      const proof = await solveJoinChallenge(await createJoinChallenge(app.deps.ticketSigningKey, eventId, 200));
      await joinRoom(app.deps, id, eventId, { cpf: testCpf(700 + i), proof });
    }

    const fan = await createBuyer(app, { fullName: 'Yuna Park Silva', emailPrefix: 'fila' });
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    await signInWithForm(page, fan.email, fan.password, `/event/${eventId}`);
    const notice = page.getByRole('region', { name: 'Esta venda tem sala de espera' });
    await poll(() => notice.isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'event page with its waiting room');
    await shoot(page, 'waiting-room-event-notice');
    await notice.getByRole('link', { name: 'Entrar na sala de espera' }).click();
    await page.waitForURL(`**/event/${eventId}/waiting-room`);
    await page.getByLabel('CPF').fill('111.111.111-11');
    await page.getByRole('button', { name: 'Entrar na fila' }).click();
    await poll(() => page.getByText('CPF inválido').isVisible()).toBe(true);
    await page.getByLabel('CPF').fill(FAN_CPF);
    await page.getByRole('button', { name: 'Entrar na fila' }).click();
    const beforeOpen = page.getByText('Você já está na sala de espera; a ordem será sorteada na abertura, chegar antes não muda sua vez.');
    await poll(() => beforeOpen.isVisible(), 60_000).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'waiting room before the opening');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(page, 'waiting-room-before-open');
    // This fan drew the last place among those who came before the opening.
    await app.deps.db.execute(
      sql`UPDATE waiting_room_entries SET random_key = ${2 ** 47} WHERE event_id = ${eventId}::uuid AND user_id = ${fan.id}`,
    );

    // A second tab shows the same place; a second device of the same account is told so.
    const secondTab = await context.newPage();
    await secondTab.goto(`/event/${eventId}/waiting-room`);
    await poll(() => secondTab.getByText('Você já está na sala de espera', { exact: false }).isVisible()).toBe(true);
    await secondTab.close();
    const otherDevice = await newContext(browser, smallPhone, app.baseUrl);
    const otherPage = await otherDevice.newPage();
    await signInWithForm(otherPage, fan.email, fan.password, `/event/${eventId}/waiting-room`);
    await otherPage.getByLabel('CPF').fill(FAN_CPF);
    await otherPage.getByRole('button', { name: 'Entrar na fila' }).click();
    await poll(() => otherPage.getByText('Você já está na fila em outro dispositivo', { exact: false }).isVisible(), 60_000).toBe(true);
    await otherDevice.close();

    // The on-sale is brought forward to 20 s from now; a reload keeps the place and learns the new time.
    const forward = await adminContext.request.put(
      `/api/admin/events/${eventId}/waiting-room`,
      roomSettings(new Date(Date.now() + 20_000)),
    );
    expect(forward.status(), await forward.text()).toBe(200);
    await page.reload();
    await poll(() => beforeOpen.isVisible(), 30_000).toBe(true);

    // The opening: the draw, then the pause.
    await poll(() => page.getByText('Sorteando a ordem...').isVisible(), 60_000).toBe(true);
    await poll(() => page.getByText('Venda pausada pelo organizador.').isVisible(), 30_000).toBe(true);
    await shoot(page, 'waiting-room-paused');
    const [placed] = await app.deps.db
      .execute(sql`SELECT count(*)::int AS n FROM waiting_room_entries WHERE event_id = ${eventId}::uuid AND place IS NOT NULL`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(Number(placed.n)).toBe(6);

    // Resumed: the place falls until the turn.
    await section.getByRole('button', { name: 'Retomar venda' }).click();
    const seen = new Set<number>();
    const queueLine = page.getByText(/Você está na fila: \d+ pessoas? na sua frente/);
    const turn = page.getByText('É a sua vez! Você tem 10 minutos para escolher e pagar.');
    await poll(async () => {
      if (await queueLine.isVisible().catch(() => false)) {
        const text = (await queueLine.textContent().catch(() => '')) ?? '';
        const match = /fila: (\d+)/.exec(text);
        if (match) seen.add(Number(match[1]));
        if (seen.size === 1) await shoot(page, 'waiting-room-in-line');
      }
      return turn.isVisible();
    }, 90_000).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(2);
    expect(Math.max(...seen)).toBeLessThanOrEqual(5);
    await expectNoAxeViolationsInBothThemes(page, 'waiting room turn');
    await shoot(page, 'waiting-room-turn');

    // The turn buys.
    await page.getByRole('link', { name: 'Escolher ingressos' }).click();
    const increase = page.getByRole('button', { name: 'Aumentar quantidade de Pista' });
    await poll(() => increase.isVisible()).toBe(true);
    await increase.click();
    await page
      .getByRole('button', { name: /^Comprar 1 ingresso/ })
      .first()
      .click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => checkout.isVisible()).toBe(true);
    await checkout.locator('#buyer-phone').fill('47991234567');
    await checkout.locator('#buyer-cpf').fill(FAN_CPF);
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Simular pagamento' }).click();
    await poll(async () => (await app.deps.db.select().from(orders).where(eq(orders.eventId, eventId)))[0]?.status).toBe('completed');

    // The organizer's counts show the sale.
    await poll(async () => (await section.textContent()) ?? '').toMatch(/Vendidos\s*1/);
    await adminContext.close();
    await context.close();
  }, 240_000);
});
