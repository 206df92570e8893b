import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { PNG } from 'pngjs';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll, signInWithForm } from '../support/people';

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

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/**
 * Chromium offers installing only outside incognito, and every context of launchBrowser is one:
 * this is the same Chromium with a profile folder of its own, as a person's browser has.
 */
async function withProfile<T>(use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'nl-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
    ...phone,
    baseURL: app.baseUrl,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  try {
    return await use(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

describe('installable app', () => {
  it('links a web manifest Chromium reads without errors: pt-BR name, start URL, standalone, colours and icons that exist', async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
    expect(html).toMatch(/<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon\.png"/);

    const response = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Next Level Ingressos',
      short_name: 'Next Level',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'pt-BR',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const icons = manifest.icons as ManifestIcon[];
    const wanted = [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ];
    for (const [sizes, purpose] of wanted) {
      const icon = icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const file = await fetch(new URL(icon!.src, app.baseUrl));
      expect(file.headers.get('content-type')).toBe('image/png');
      const png = PNG.sync.read(Buffer.from(await file.arrayBuffer()));
      expect(`${png.width}x${png.height}`).toBe(sizes);
    }

    // The browser's own reading of it.
    const context = await newContext(browser, desktop, app.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    const read = await cdp.send('Page.getAppManifest');
    expect(read.url).toBe(`${app.baseUrl}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);
    await context.close();
  });

  it('serves /sw.js as a script to revalidate, which registers, controls the page and opens the app without network', async () => {
    const script = await fetch(`${app.baseUrl}/sw.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    // Never kept stale by a cache in between: a new version reaches the browser at its next check.
    expect(script.headers.get('cache-control')).toMatch(/no-cache|max-age=0/);
    const source = await script.text();
    expect(source).not.toContain('__WB_MANIFEST');
    expect(source).toContain('"url":"index.html"');

    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await page.goto('/events');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker).toEqual({ script: `${app.baseUrl}/sw.js`, scope: `${app.baseUrl}/` });
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${app.baseUrl}/sw.js`);
    // The precache is complete once the worker is active; the buyer pages' code is in it.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => /^\/assets\/tickets-route-.+\.js$/.test(path))).toBe(true);
    expect(cached.some((path) => /^\/assets\/(validator-page|dashboard-page|admin-layout)-/.test(path))).toBe(false);

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await poll(() => page.getByRole('link', { name: 'Next Level - página inicial' }).isVisible()).toBe(true);
    await page.goto('/tickets');
    await poll(() => page.getByRole('link', { name: 'Next Level - página inicial' }).isVisible()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it('is installable: Chromium reports nothing missing, and /auth and /settings offer Instalar app', async () => {
    const buyer = await createBuyer(app, { fullName: 'Diego Yamamoto Reis', emailPrefix: 'instalar' });
    await withProfile(async (context) => {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/auth');
      const cdp = await context.newCDPSession(page);
      await poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      await poll(() => page.getByRole('button', { name: 'Instalar app' }).isVisible()).toBe(true);

      await signInWithForm(page, buyer.email, buyer.password, '/settings');
      const card = page.getByRole('region', { name: 'Instale o app' });
      await poll(() => card.getByRole('button', { name: 'Instalar app' }).isVisible()).toBe(true);
    });
  });

  it('shows the iPhone steps on an iPhone, and no install instructions once the app runs from the home screen', async () => {
    const iphone = await browser.newContext({
      ...phone,
      baseURL: app.baseUrl,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    });
    const page = await iphone.newPage();
    await page.goto('/auth');
    await page.getByText('Instale o app').click();
    await poll(() => page.getByText('Compartilhar > Adicionar à Tela de Início').isVisible()).toBe(true);
    expect(await page.getByText('menu ⋮ > Instalar app').count()).toBe(0);
    const buyer = await createBuyer(app, { fullName: 'Sofia Lima Prado', emailPrefix: 'iphone' });
    await signInWithForm(page, buyer.email, buyer.password, '/settings');
    const card = page.getByRole('region', { name: 'Instale o app' });
    await poll(() => card.getByText('Adicionar à Tela de Início').first().isVisible()).toBe(true);
    expect(await card.getByText('Compartilhar').first().isVisible()).toBe(true);
    expect(await card.getByText('Android').count()).toBe(0);
    await iphone.close();

    // Opened from the iPhone's home screen (Safari's navigator.standalone).
    const installed = await newContext(browser, phone, app.baseUrl);
    await installed.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
    const app2 = await installed.newPage();
    await app2.goto('/auth');
    await poll(() => app2.getByRole('heading', { name: 'Acesse sua conta' }).isVisible()).toBe(true);
    expect(await app2.getByText('Instale o app').count()).toBe(0);
    await installed.close();
  });
});
