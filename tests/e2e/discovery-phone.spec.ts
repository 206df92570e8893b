import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { desktop, launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { poll } from '../support/people';

// A fan on a cheap 360x740 phone finds the events of Next Level, AY-YO and KXP: the first events
// on the home's first screen, compact cards with the city, no placeholder figures nor zero
// counters, and a search that does not mind hyphens or spaces (docs/screens.md 'Home').

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };
const SHOTS = '/tmp/discovery';

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  context = await newContext(browser, smallPhone, app.baseUrl);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

const cards = (p: Page) => p.locator('article').filter({ has: p.getByRole('link', { name: /^Ver detalhes: / }) });

/** Bottom of the first screen above the phone's tab bar, in CSS px. */
async function firstScreenBottom(p: Page): Promise<number> {
  const tabs = await p.getByRole('navigation', { name: 'Atalhos' }).boundingBox();
  return tabs ? tabs.y : p.viewportSize()!.height;
}

async function fitsWidth(p: Page, width: number): Promise<boolean> {
  return p.evaluate((w) => document.scrollingElement!.scrollWidth <= w, width);
}

/** Screenshots at 360x740, 390x844 and 1280x800 (light), then back to 360x740. */
async function shootSizes(p: Page, name: string) {
  for (const size of [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await p.setViewportSize(size);
    await p.waitForTimeout(250);
    await p.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` });
  }
  await p.setViewportSize(smallPhone.viewport);
}

describe('discovery on a 360x740 phone', () => {
  it('shows the first upcoming events, with their city, on the home page first screen', async () => {
    await page.goto('/');
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    const bottom = await firstScreenBottom(page);
    const first = (await cards(page).first().boundingBox())!;
    expect(first.y).toBeGreaterThanOrEqual(0);
    expect(first.y + first.height).toBeLessThanOrEqual(bottom);
    // Compact rows: three or more fit a 740 px screen.
    expect(first.height).toBeLessThanOrEqual(170);
    const cities = await cards(page).evaluateAll((articles) => articles.map((a) => a.textContent ?? ''));
    expect(cities.every((text) => /São Paulo|Rio de Janeiro|Itajaí|Curitiba|Belo Horizonte|Florianópolis|Porto Alegre/.test(text))).toBe(
      true,
    );
    expect(await page.getByText('Participantes').filter({ visible: true }).count()).toBe(0);
    expect(await fitsWidth(page, 360)).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'home at 360x740');
    await shootSizes(page, 'home');
    await page.setViewportSize({ width: 320, height: 640 });
    await page.waitForTimeout(200);
    expect(await fitsWidth(page, 320)).toBe(true);
    await page.setViewportSize(smallPhone.viewport);
  });

  it("finds the K-Pop events as 'kpop', 'k pop' and 'K-Pop'", async () => {
    const titles: string[][] = [];
    for (const q of ['kpop', 'k pop', 'K-Pop']) {
      await page.goto(`/events?q=${encodeURIComponent(q)}`);
      await poll(() => page.getByText(/eventos? encontrados?/).isVisible()).toBe(true);
      const found = await cards(page).getByRole('heading', { level: 3 }).allTextContents();
      expect(found.length, q).toBeGreaterThan(0);
      expect(
        found.every((title) => /k-?pop/i.test(title)),
        q,
      ).toBe(true);
      titles.push(found);
    }
    expect(titles[1]).toEqual(titles[0]);
    expect(titles[2]).toEqual(titles[0]);
    await page.goto('/events?q=kpop');
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    const box = (await cards(page).first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(await firstScreenBottom(page));
    expect(await fitsWidth(page, 360)).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'search kpop at 360x740');
    await shootSizes(page, 'search-kpop');

    // A search that finds nothing names the search, not filters nobody applied.
    await page.goto('/events?q=nada-por-aqui-xyz');
    await poll(() => page.getByText('Nenhum evento encontrado para “nada-por-aqui-xyz”.').isVisible()).toBe(true);
    expect(await page.getByText('filtros aplicados').count()).toBe(0);
    await page.getByRole('button', { name: 'Ver todos os eventos' }).click();
    await poll(() => cards(page).count()).toBeGreaterThan(0);
  });

  it('shows brand pages without a zero follower count, and events without an empty rating', async () => {
    for (const slug of ['next-level', 'ay-yo', 'kxp']) {
      await page.goto(`/events/${slug}`);
      await poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await poll(() => cards(page).count()).toBeGreaterThan(0);
      expect(await page.getByText('0 seguidores').count(), slug).toBe(0);
      expect(await page.getByText(/\b(50\+|15\+|100k\+)/).count(), slug).toBe(0);
      expect(await fitsWidth(page, 360)).toBe(true);
    }
    await expectNoAxeViolationsInBothThemes(page, '/events/kxp at 360x740');
    await shootSizes(page, 'brand-kxp');

    await page.goto('/events/ay-yo');
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    await cards(page)
      .first()
      .getByRole('link', { name: /^Ver detalhes: / })
      .click();
    await poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByText('Capacidade').isVisible()).toBe(true);
    expect(await page.getByText('Sem avaliações').count()).toBe(0);
    expect(await page.getByText('Avaliação', { exact: true }).count()).toBe(0);
  });

  it('starts the ticket picker above the fold of a 1280x800 desktop', async () => {
    const wide = await newContext(browser, desktop, app.baseUrl);
    const desk = await wide.newPage();
    try {
      await desk.goto('/events/next-level');
      await poll(() => cards(desk).count()).toBeGreaterThan(0);
      await cards(desk)
        .first()
        .getByRole('link', { name: /^Ver detalhes: / })
        .click();
      await poll(() => desk.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      const picker = desk.getByRole('heading', { name: 'Tipos de ingresso', level: 2 });
      await poll(() => picker.isVisible()).toBe(true);
      const box = (await picker.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(720);
      await desk.screenshot({ path: `${SHOTS}/event-page-1280x800.png` });
    } finally {
      await wide.close();
    }
  });
});
