import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { idempotencyKeys, orders } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll } from '../support/people';
import { createEvent } from '../support/test-server';

// docs/rules/idempotency.md 'The web app': the answer to 'Pagar com PIX' is lost on the way back
// (the order was placed); the app sends the same request again with the same key and shows the
// order the first one placed, and the server holds the tickets once.

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

describe('a purchase whose answer is lost on the way back', () => {
  it('is sent again with the same key and shows the one order placed', async () => {
    const { event } = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], {
      title: 'Noite da Conexão Instável',
    });
    const buyer = await createBuyer(app, { fullName: 'Marina Costa Prado', emailPrefix: 'repeticao' });
    const context = await newContext(browser, phone, app.baseUrl);
    const signed = await context.request.post('/api/auth/sign-in/email', {
      data: { email: buyer.email, password: buyer.password },
      headers: { origin: app.baseUrl },
    });
    expect(signed.status()).toBe(200);
    const page = await context.newPage();
    const sent: (string | undefined)[] = [];
    await page.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent.push(route.request().headers()['idempotency-key']);
      if (sent.length > 1) return route.fallback();
      // The server places the order; its answer never reaches the phone.
      const upstream = await route.fetch();
      expect(upstream.status()).toBe(201);
      await route.abort('connectionreset');
    });
    try {
      await page.goto(`/event/${event.id}`);
      await poll(() => page.getByRole('heading', { level: 1, name: event.title }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await page.getByRole('button', { name: 'Comprar 2 ingressos' }).click();
      const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
      await poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Telefone').fill('11987654321');
      await dialog.getByLabel('CPF').fill('52998224725');
      await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();

      await poll(() => dialog.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(sent[1]).toBe(sent[0]);
      const placed = await app.deps.db.select().from(orders).where(eq(orders.userId, buyer.id));
      expect(placed).toHaveLength(1);
      const [key] = await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, sent[0]!));
      expect(key).toMatchObject({ scope: buyer.id, route: 'POST /api/orders', responseStatus: 201 });
      expect(JSON.parse(key.responseBody!).id).toBe(placed[0].id);
    } finally {
      await context.close();
    }
  });
});
