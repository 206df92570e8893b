import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema';
import { launchBrowser, newContext } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll } from '../support/people';
import { createEvent } from '../support/test-server';
import { shoot } from '../support/screenshots';

// A person taps twice when the phone is slow: the same action sends one request and shows one
// toast (src/web/lib/use-single-flight.ts; the checkout's toasts share one id).

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

describe("a double tap on 'Pagar com PIX'", () => {
  it('places one order and shows one toast', async () => {
    const { event } = await createEvent(app, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], { title: 'Noite do Toque Duplo' });
    const buyer = await createBuyer(app, { fullName: 'Caio Toque Duplo', emailPrefix: 'toque.duplo' });
    const context = await newContext(browser, smallPhone, app.baseUrl);
    try {
      const signed = await context.request.post('/api/auth/sign-in/email', {
        data: { email: buyer.email, password: buyer.password },
        headers: { origin: app.baseUrl },
      });
      expect(signed.status()).toBe(200);
      const page = await context.newPage();
      // Each order sent, held back 400 ms as on a slow network, so the second tap lands while the first is on its way.
      let sent = 0;
      await page.route('**/api/orders', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        sent++;
        await new Promise((resolve) => setTimeout(resolve, 400));
        return route.fallback();
      });
      await page.goto(`/event/${event.id}`);
      await poll(() => page.getByRole('heading', { level: 1, name: event.title }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Aumentar quantidade de Pista' }).click();
      await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
      const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
      await poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Telefone').fill('11987654321');
      await dialog.getByLabel('CPF').fill('52998224725');

      // Two taps before the page draws again (a busy phone): both reach the button while it is still enabled.
      await dialog.getByRole('button', { name: 'Pagar com PIX' }).evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });

      await poll(() => dialog.getByRole('button', { name: 'Simular pagamento' }).isVisible()).toBe(true);
      const toasts = page.locator('[data-sonner-toast]');
      await poll(() => toasts.filter({ hasText: 'PIX gerado com sucesso!' }).count()).toBe(1);
      // Time for a second order (and its toast or refusal) to arrive, had one been sent.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await toasts.allTextContents()).toEqual([expect.stringContaining('PIX gerado com sucesso!')]);
      expect(sent).toBe(1);
      expect(await app.deps.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
      await shoot(page, 'double-tap-pix');
    } finally {
      await context.close();
    }
  });
});

describe("a double tap on 'Criar conta'", () => {
  it("creates one account and shows only 'Conta criada!', never the repeat's refusal beside it", async () => {
    const context = await newContext(browser, smallPhone, app.baseUrl);
    try {
      const page = await context.newPage();
      // Each sign-up sent, held back 400 ms as on a slow network.
      let sent = 0;
      await page.route('**/api/auth/sign-up/email', async (route) => {
        sent++;
        await new Promise((resolve) => setTimeout(resolve, 400));
        return route.fallback();
      });
      await page.goto('/auth?cadastro=1');
      await page.getByRole('tab', { name: 'Criar conta' }).click();
      await page.getByLabel('Nome completo').fill('Dora Toque Duplo');
      await page.getByLabel('E-mail').fill('dora.toque.duplo@exemplo.com.br');
      await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte');
      await page.getByLabel('Li e aceito os Termos de uso e a Política de privacidade').check();
      await page
        .getByRole('button', { name: 'Criar conta' })
        .last()
        .evaluate((button: HTMLButtonElement) => {
          button.click();
          button.click();
        });

      const toasts = page.locator('[data-sonner-toast]');
      await poll(() => toasts.filter({ hasText: 'Conta criada!' }).count()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await toasts.allTextContents()).toEqual([expect.stringContaining('Conta criada!')]);
      expect(sent).toBe(1);
    } finally {
      await context.close();
    }
  });
});
