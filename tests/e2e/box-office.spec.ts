import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { boxOfficeBlocks, checkIns, orders, sectors, tickets, userRoles } from '../../src/server/db/schema';
import { desktop, launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';

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

/** The events the sales were made for, by screen. */
const soldFor: { title: string; sectorId: string }[] = [];

const tablet = { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** A box-office operator (role 'box_office'), signed in on a new page of `size`, on /bilheteria. */
async function operatorOn(size: typeof phone) {
  const person = await createBuyer(app, { fullName: 'Bruna Bilheteria', emailPrefix: 'bilheteria' });
  await app.deps.db.insert(userRoles).values({ userId: person.id, role: 'box_office' });
  const context = await newContext(browser, size as typeof phone, app.baseUrl);
  const page = await context.newPage();
  await signInWithForm(page, person.email, person.password, '/bilheteria');
  return { context, page };
}

async function fillMeia(page: Page, index: number, holder: { name: string; cpf: string; document: string }) {
  const group = page.getByRole('group', { name: `Meia-entrada ${index}` });
  await group.getByLabel('Nome de quem vai usar').fill(holder.name);
  await group.getByLabel('CPF').fill(holder.cpf);
  await group.getByLabel('Número da carteira de estudante (CIE)').fill(holder.document);
}

describe('the box office at the door', () => {
  for (const [label, size] of [
    ['phone', phone],
    ['tablet', tablet],
  ] as const) {
    it(`sells 2 meia in cash with the network off on a ${label}, admits them at once and syncs them once when the network is back`, async () => {
      const title = `Noite na Porta ${label} ${Math.random().toString(36).slice(2, 6)}`;
      const made = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 50 }], {
        title,
        meiaEntrada: true,
        startsAt: new Date(Date.now() + 3_600_000),
      });
      const { context, page } = await operatorOn(size);
      soldFor.push({ title, sectorId: made.sectors[0].id });

      await page.getByRole('button', { name: new RegExp(title) }).click();
      await page.getByLabel('Fundo de troco').fill('100,00');
      await page.getByRole('button', { name: 'Abrir caixa' }).click();
      await page.getByLabel('Quantidade', { exact: true }).fill('10');
      await page.getByRole('button', { name: 'Reservar bloco' }).click();
      await poll(() => page.getByText('10 de 10 restantes').isVisible()).toBe(true);
      if (label === 'phone') {
        await shoot(page, 'box-office-ready');
        await expectNoAxeViolationsInBothThemes(page, 'bilheteria');
      }

      await context.setOffline(true);
      await poll(() => page.getByText('Sem internet: vendendo do bloco deste aparelho').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Mais meia' }).click();
      await page.getByRole('button', { name: 'Mais meia' }).click();
      await fillMeia(page, 1, { name: 'Caio Estudante', cpf: '52998224725', document: 'CIE 2026-001' });
      await fillMeia(page, 2, { name: 'Lia Estudante', cpf: '11144477735', document: 'CIE 2026-002' });
      await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('R$ 60,00');
      await page.getByLabel('Valor recebido').fill('100');
      await poll(() => page.getByText('Troco: R$ 40,00').isVisible()).toBe(true);
      if (label === 'phone') await shoot(page, 'box-office-offline-sale');
      await page.getByRole('button', { name: 'Receber e admitir' }).click();

      await poll(() => page.getByRole('heading', { name: 'Venda registrada' }).isVisible()).toBe(true);
      await expect(page.getByText('Troco: R$ 40,00').isVisible()).resolves.toBe(true);
      await poll(() => page.getByText('Entrada registrada').count()).toBe(2);
      await poll(() => page.getByTestId('pending-sales').textContent()).toBe('1 venda a enviar');
      if (label === 'phone') await shoot(page, 'box-office-sold-offline');
      // Nothing reached the server while offline.
      expect(await app.deps.db.select().from(orders).where(eq(orders.eventId, made.event.id))).toHaveLength(0);

      await context.setOffline(false);
      await poll(() => page.getByTestId('pending-sales').textContent()).toBe('Todas as vendas enviadas');

      const sold = await app.deps.db.select().from(orders).where(eq(orders.eventId, made.event.id));
      expect(sold).toHaveLength(1);
      expect(sold[0]).toMatchObject({
        channel: 'box_office',
        status: 'completed',
        paymentMethod: 'cash',
        totalCentavos: 6000,
        cashTenderedCentavos: 10000,
      });
      const issued = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, sold[0].id));
      expect(issued.map((t) => t.holderName).sort()).toEqual(['Caio Estudante', 'Lia Estudante']);
      expect(issued.every((t) => t.concession === 'student' && t.checkedInAt)).toBe(true);
      const [block] = await app.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.eventId, made.event.id));
      expect(block.used).toBe(2);
      expect(issued.every((t) => block.codes.includes(t.code))).toBe(true);
      for (const t of issued) {
        const scans = await app.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, t.id));
        expect(scans).toEqual([expect.objectContaining({ accepted: true, location: 'Bilheteria' })]);
      }
      const [sector] = await app.deps.db.select().from(sectors).where(eq(sectors.id, made.sectors[0].id));
      expect(sector.meiaTaken).toBe(2);

      // A later sync (the 15 s timer, a tap) records nothing more.
      await page.getByRole('button', { name: 'Nova venda' }).click();
      await page.reload();
      await poll(() => page.getByText('8 de 10 restantes').isVisible()).toBe(true);
      expect(await app.deps.db.select().from(orders).where(eq(orders.eventId, made.event.id))).toHaveLength(1);

      if (label === 'tablet') {
        // Online: an inteira shown as a QR, then refunded from the drawer's sales; the cash leaves the drawer.
        await page.getByRole('button', { name: 'Mais inteira' }).click();
        await page.getByLabel('Valor recebido').fill('60');
        await page.getByRole('button', { name: 'Receber e mostrar QR' }).click();
        await poll(() => page.getByRole('img', { name: /Código QR do ingresso/ }).count()).toBe(1);
        await page.getByRole('button', { name: 'Nova venda' }).click();
        await poll(() => page.getByTestId('drawer-expected').textContent()).toBe('R$ 220,00');
        await page.getByRole('button', { name: 'Devolver', exact: true }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Devolver' }).click();
        await poll(() => page.getByTestId('drawer-expected').textContent()).toBe('R$ 160,00');
        await poll(() => page.getByText('(devolvida)').isVisible()).toBe(true);
        await shoot(page, 'box-office-tablet-refunded');

        // An inteira paid with PIX, 'Gerar PIX e admitir': admitted when the payment arrives.
        await page.getByRole('button', { name: 'Mais inteira' }).click();
        await page.getByRole('radio', { name: 'PIX' }).click();
        await page.getByRole('button', { name: 'Gerar PIX e admitir' }).click();
        await poll(() => page.getByRole('heading', { name: 'Aguardando o PIX' }).isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Pagamento recebido' }).click();
        await poll(() => page.getByText('Entrada registrada').count()).toBe(1);
        expect(await page.getByRole('img', { name: /Código QR/ }).count()).toBe(0);
        await shoot(page, 'box-office-pix-admitted');
        const paid = (await app.deps.db.select().from(orders).where(eq(orders.eventId, made.event.id))).find(
          (o) => o.paymentMethod === 'pix',
        )!;
        const [pixTicket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, paid.id));
        expect(pixTicket.checkedInAt).not.toBeNull();
      }
      await context.close();
    });
  }

  it('shows every drawer in the back office with what the system expects', async () => {
    const context = await newContext(browser, desktop, app.baseUrl);
    const page = await context.newPage();
    const admin = demoAccount(app, 'admin');
    await signInWithForm(page, admin.email, admin.password, '/admin/box-office');
    await poll(() => page.getByRole('heading', { name: 'Bilheteria', level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByText('Bruna Bilheteria').first().isVisible()).toBe(true);
    // Float 100,00 + 60,00 in cash: R$ 160,00 expected in each drawer.
    await poll(() => page.getByText('R$ 160,00').count()).toBeGreaterThan(0);

    // The door price and the box office's quota of a sector.
    await page.getByLabel('Evento', { exact: true }).selectOption({ label: soldFor[0].title });
    await page.getByLabel('Preço na bilheteria').fill('80,00');
    await page.getByLabel('Cota da bilheteria').fill('30');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await poll(async () => (await app.deps.db.select().from(sectors).where(eq(sectors.id, soldFor[0].sectorId)))[0].doorPriceCentavos).toBe(
      8000,
    );
    await poll(() => page.getByText('Na bilheteria agora: 10').isVisible()).toBe(true);
    await shoot(page, 'box-office-admin-drawers');
    await context.close();
  });
});
