import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, signInWithForm } from '../support/people';
import { createEvent } from '../support/test-server';

// Issue 9: 'Meus ingressos' and every QR code open with no network once opened online, from a
// copy kept on the device for the signed-in user only, and nothing of it stays after sign-out.

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // The embedded default, as `npm start` runs it.
  app = await startApp({}, { database: 'pglite' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function buyTwo(page: Page, title: string) {
  const {
    event,
    sectors: [type],
  } = await createEvent(app, [{ name: 'Pista', priceCentavos: 9500, remaining: 20 }], { title });
  const placed = await page.request.post('/api/orders', {
    data: {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2 }],
      buyer: { name: 'Lívia Campos Rocha', email: 'livia@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const paid = await page.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
  expect((await paid.json()).status).toBe('completed');
}

const savedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('nl:offline')));

/** Opens each 'Ver QR Code' in turn and returns the QR images' sources and download names. */
async function openEveryQr(page: Page) {
  const buttons = page.getByRole('button', { name: 'Ver QR Code' });
  const seen: { src: string; download: string }[] = [];
  for (let i = 0; i < (await buttons.count()); i += 1) {
    await buttons.nth(i).click();
    const dialog = page.getByRole('dialog', { name: 'Seu ingresso' });
    const qr = dialog.getByRole('img', { name: 'QR Code do ingresso' });
    await poll(() => qr.isVisible()).toBe(true);
    seen.push({
      src: (await qr.getAttribute('src')) ?? '',
      download: (await dialog.getByRole('link', { name: 'Baixar' }).getAttribute('download')) ?? '',
    });
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await poll(() => dialog.isVisible()).toBe(false);
  }
  return seen;
}

describe('tickets offline', () => {
  it('after opening Meus ingressos online, an offline reload shows every ticket and QR with the saved-copy banner; after sign-out nothing remains', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Lívia Campos Rocha', emailPrefix: 'offline' });
    await signInWithForm(page, buyer.email, buyer.password, '/tickets');
    await buyTwo(page, 'Noite Sem Sinal');

    await page.reload();
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(2);
    const online = await openEveryQr(page);
    expect(online.map((q) => q.download)).toEqual(['ingresso-pista-1.png', 'ingresso-pista-2.png']);
    expect(await savedKeys(page)).toEqual(expect.arrayContaining([`nl:offline-tickets:${buyer.id}`, 'nl:offline-me']));
    expect(await page.getByText('Sem conexão').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await poll(() => page.getByText(/^Sem conexão: mostrando a última cópia salva \(\d{2}\/\d{2} às \d{2}:\d{2}\)\.$/).isVisible()).toBe(
      true,
    );
    expect(new URL(page.url()).pathname).toBe('/tickets');
    expect(await page.getByRole('heading', { name: 'Noite Sem Sinal' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(2);
    const offline = await openEveryQr(page);
    expect(offline.map((q) => q.src)).toEqual(online.map((q) => q.src));
    expect(offline.every((q) => q.src.startsWith('data:image/png;base64,'))).toBe(true);

    // Sign-out online, then offline: no ticket, no code, no user left on the device.
    await context.setOffline(false);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sair da conta' }).click();
    await poll(() => savedKeys(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto('/tickets').catch(() => undefined);
    await poll(() => new URL(page.url()).pathname).toBe('/auth');
    expect(await savedKeys(page)).toEqual([]);
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('Noite Sem Sinal');
    expect(stored).not.toContain(buyer.id);
    expect(await page.getByText('Noite Sem Sinal').count()).toBe(0);
    await context.close();
  });
});
