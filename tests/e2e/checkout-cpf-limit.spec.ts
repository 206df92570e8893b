import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events, orders } from '../../src/server/db/schema';
import { launchBrowser, newContext } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll } from '../support/people';
import { createEvent } from '../support/test-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';

// The limit per CPF is told at the CPF field as it is typed, before 'Pagar' (docs/rules/sale.md
// 'Limits per order and per CPF'): the checkout asks the server's quote, which decides by the
// sale's own rule; nothing is placed or held.

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

const smallPhone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

describe('the limit per CPF in the checkout', () => {
  it('is told at the CPF field before paying, and no order is placed', async () => {
    const { event, sectors } = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], {
      title: 'Noite do Limite por CPF',
    });
    await app.deps.db.update(events).set({ maxTicketsPerCpf: 2 }).where(eq(events.id, event.id));
    const buyer = await createBuyer(app, { fullName: 'Renata Limite Souza', emailPrefix: 'limite.cpf' });
    const context = await newContext(browser, smallPhone, app.baseUrl);
    try {
      const signed = await context.request.post('/api/auth/sign-in/email', {
        data: { email: buyer.email, password: buyer.password },
        headers: { origin: app.baseUrl },
      });
      expect(signed.status()).toBe(200);
      // Two tickets already on her CPF (held by an order waiting for payment).
      const first = await context.request.post('/api/orders', {
        headers: { origin: app.baseUrl },
        data: {
          eventId: event.id,
          items: [{ sectorId: sectors[0].id, quantity: 2 }],
          buyer: { name: 'Renata Limite Souza', email: buyer.email, phone: '(47) 99123-4567', cpf: '529.982.247-25' },
          paymentMethod: 'pix',
          installments: 1,
        },
      });
      expect(first.status(), await first.text()).toBe(201);

      const page = await context.newPage();
      let ordersSent = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') ordersSent++;
      });
      await page.goto(`/event/${event.id}`);
      await poll(() => page.getByRole('heading', { level: 1, name: event.title }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
      const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
      await poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Telefone').fill('11987654321');
      await dialog.getByLabel('CPF', { exact: true }).fill('52998224725');

      // Told at the field while typing, before 'Pagar'.
      const cpfField = dialog.getByLabel('CPF', { exact: true });
      await poll(() => dialog.locator('#buyer-cpf-error').textContent()).toBe('Limite de 2 ingressos por CPF neste evento');
      expect(await cpfField.getAttribute('aria-invalid')).toBe('true');
      expect(ordersSent).toBe(0);
      await expectNoAxeViolationsInBothThemes(page, 'checkout: limit per CPF at the field');
      await shoot(page, 'checkout-cpf-limit');

      // 'Pagar' still refuses, at the same field, and places nothing.
      await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();
      await poll(() => dialog.locator('#buyer-cpf-error').textContent()).toBe('Limite de 2 ingressos por CPF neste evento');
      expect(ordersSent).toBe(0);
      expect(await app.deps.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
