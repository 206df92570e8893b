import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { desc, eq } from 'drizzle-orm';
import { banners, news } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';

let app: RunningApp;
let browser: Browser;
let draftNewsId: string;
let inactiveBannerTitle: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const [draft] = await app.deps.db.select().from(news).where(eq(news.published, false)).orderBy(desc(news.createdAt));
  const [inactive] = await app.deps.db.select().from(banners).where(eq(banners.active, false));
  if (!draft || !inactive) throw new Error('the demo data lost its draft news or inactive banner');
  draftNewsId = draft.id;
  inactiveBannerTitle = inactive.title;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const sizes = [
  ['phone 390x844', phone],
  ['desktop 1280x800', desktop],
] as const;

/** expect.poll with room for a busy machine (the default gives up after 1 s). */
function poll<T>(read: () => T | Promise<T>, timeout = 20_000) {
  return expect.poll(read, { timeout, interval: 200 });
}

function dot(page: Page, n: number) {
  return page.getByRole('button', { name: `Ir para o slide ${n}`, exact: true });
}

/** The number of the slide whose dot says it is the current one. */
async function currentSlide(page: Page): Promise<number | null> {
  for (const n of [1, 2, 3]) {
    if ((await dot(page, n).getAttribute('aria-current')) === 'true') return n;
  }
  return null;
}

/**
 * Gives the page a moment of real time to render what the last pointer or focus change set off,
 * so that the carousel has started or stopped its timer before the test moves the clock on.
 */
function settle(page: Page) {
  return page.waitForTimeout(100);
}

async function expectNoAxeViolations(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, label).toEqual([]);
}

describe.each(sizes)('home page on %s', (_label, size) => {
  it('rotates the brand carousel, shows banners, 6 upcoming events and 3 news, and opens one', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    // The page's clock runs as usual, and the test moves it on where the carousel would have it wait.
    await context.clock.install();
    const page = await context.newPage();
    await page.goto('/');

    // The first slide, with every text of docs/screens.md 'Home'.
    const carousel = page.getByRole('region', { name: 'Nossas marcas' });
    const first = page.getByRole('group', { name: '1 de 3: Next Level' });
    await poll(() => first.getByRole('heading', { name: 'Next Level', level: 2 }).isVisible()).toBe(true);
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carrossel');
    expect(await currentSlide(page)).toBe(1);
    // No placeholder figures: a brand that set none in 'Marcas' shows none (docs/rules/content.md 'Brand figures').
    for (const claim of ['50+', '15+', '100k+', 'Participantes']) {
      expect(await first.getByText(claim).count(), claim).toBe(0);
    }
    expect(await first.getByText('Música eletrônica e cultura de pista').isVisible()).toBe(true);
    expect(await first.getByRole('link', { name: 'Explorar eventos' }).getAttribute('href')).toBe('/events');
    expect(await first.getByRole('link', { name: 'Meus ingressos' }).getAttribute('href')).toBe('/tickets');
    expect(await first.getByRole('heading', { name: 'Nossas marcas' }).isVisible()).toBe(true);
    const chips = first.getByRole('list').filter({ has: page.getByRole('link', { name: 'AY-YO', exact: true }) });
    expect(await chips.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['Next Level', '/events/next-level'],
      ['AY-YO', '/events/ay-yo'],
      ['KXP', '/events/kxp'],
    ]);

    // It moves on by itself after 5 s, and not before. The pointer passing over the carousel
    // restarts the slide's 5 s, so they are counted from here however long the page took to load
    // and the checks above to run.
    await carousel.hover();
    await page.mouse.move(0, 0);
    await page.clock.runFor(3_000);
    expect(await currentSlide(page)).toBe(1);
    await page.clock.runFor(2_000);
    await poll(() => currentSlide(page), 12_000).toBe(2);
    await poll(() => page.getByRole('group', { name: '2 de 3: AY-YO' }).getByRole('heading', { name: 'AY-YO' }).isVisible()).toBe(true);

    // Arrows and dots jump between slides and loop around.
    await page.getByRole('button', { name: 'Próximo slide' }).click();
    await poll(() => currentSlide(page)).toBe(3);
    await poll(() => page.getByRole('group', { name: '3 de 3: KXP' }).getByRole('heading', { name: 'KXP' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Próximo slide' }).click();
    await poll(() => currentSlide(page)).toBe(1);
    await page.getByRole('button', { name: 'Slide anterior' }).click();
    await poll(() => currentSlide(page)).toBe(3);
    await dot(page, 2).click();
    await poll(() => currentSlide(page)).toBe(2);
    await dot(page, 1).click();
    await poll(() => currentSlide(page)).toBe(1);
    expect(await page.getByRole('group', { name: '1 de 3: Next Level' }).isVisible()).toBe(true);

    // Active banners from the database, never the inactive one.
    const bannerList = page.getByRole('region', { name: 'Destaques' });
    await poll(() => bannerList.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Temporada AY-YO',
      'Next Level Warehouse: Techno All Night',
    ]);
    expect(await bannerList.getByText(inactiveBannerTitle).count()).toBe(0);
    expect(await bannerList.getByRole('link', { name: 'Temporada AY-YO' }).getAttribute('href')).toBe('/events/ay-yo');

    // Six upcoming events.
    const upcoming = page.getByRole('region', { name: 'Próximos eventos' });
    await poll(() => upcoming.getByRole('link', { name: /^Ver detalhes:/ }).count()).toBe(6);

    // Three published news, newest first, never the draft.
    const latest = page.getByRole('region', { name: 'Últimas notícias' });
    const newsLinks = latest.getByRole('link');
    await poll(() => newsLinks.allTextContents()).toEqual([
      'Next Level Warehouse anuncia line-up completo',
      'Random Play Dance chega ao Circo Voador',
      'KXP abre oficinas gratuitas de Hangul em São Paulo',
    ]);
    expect(await latest.getByText('Bastidores: como montamos o Open Air Rio').count()).toBe(0);
    const dates = await latest.locator('time').allTextContents();
    expect(dates).toHaveLength(3);
    for (const date of dates) expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await latest.getByText('A noite de techno na Audio Club terá duas pistas', { exact: false }).isVisible()).toBe(true);
    const images = latest.locator('img');
    expect(await images.count()).toBe(3);
    expect(await images.first().getAttribute('loading')).toBe('lazy');

    // Opening a news item shows it whole; 'Voltar' returns home.
    await newsLinks.first().click();
    await page.waitForURL(/\/news\/[0-9a-f-]{36}$/);
    await poll(() => page.getByRole('heading', { name: 'Next Level Warehouse anuncia line-up completo', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText('Na pista principal, os residentes abrem a noite', { exact: false }).isVisible()).toBe(true);
    expect(await page.locator('article time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await page.locator('article').getByText('Next Level', { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Next Level Warehouse anuncia line-up completo - Next Level');
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await context.close();
  });

  it('answers a draft news id with "Notícia não encontrada" and a way home', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    await page.goto(`/news/${draftNewsId}`);
    await poll(() => page.getByRole('heading', { name: 'Notícia não encontrada' }).isVisible()).toBe(true);
    expect(await page.getByText('Bastidores').count()).toBe(0);
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('home performance guards', () => {
  it('loads the first slide eagerly, the other images lazily, all with a size', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Últimas notícias' });
    await poll(() => latest.getByRole('link').count()).toBe(3);
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src'),
        loading: img.getAttribute('loading'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
    );
    expect(images[0]).toMatchObject({ src: '/images/events/next-level-festival.svg', loading: 'eager' });
    expect(images.slice(1).every((img) => img.loading === 'lazy')).toBe(true);
    expect(images.every((img) => Number(img.width) > 0 && Number(img.height) > 0)).toBe(true);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('accessibility in %s mode', (scheme) => {
  it.each(sizes)('has no axe violations on the home page and on news pages on %s', async (_label, size) => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/');
    await poll(() => page.getByRole('region', { name: 'Últimas notícias' }).getByRole('link').count()).toBe(3);
    await poll(() =>
      page
        .getByRole('region', { name: 'Próximos eventos' })
        .getByRole('link', { name: /^Ver detalhes:/ })
        .count(),
    ).toBe(6);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
    await expectNoAxeViolations(page, `/ ${scheme}`);

    await page.getByRole('region', { name: 'Últimas notícias' }).getByRole('link').first().click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Next Level Warehouse anuncia line-up completo');
    await expectNoAxeViolations(page, `/news/:id ${scheme}`);

    await page.goto(`/news/${draftNewsId}`);
    await poll(() => page.getByRole('heading', { name: 'Notícia não encontrada' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `/news/:draft ${scheme}`);
    await context.close();
  });
});

describe('the carousel holds still', () => {
  it('when the person prefers reduced motion, yet the arrows still work', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    await context.clock.install();
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await poll(() => currentSlide(page)).toBe(1);
    await page.clock.runFor(6_500);
    expect(await currentSlide(page)).toBe(1);
    await page.getByRole('button', { name: 'Próximo slide' }).click();
    await poll(() => currentSlide(page)).toBe(2);
    await context.close();
  });

  it('while the pointer is over it, and after "Pausar apresentação" until "Retomar apresentação"', async () => {
    const context = await newContext(browser, desktop, app.baseUrl);
    await context.clock.install();
    const page = await context.newPage();
    await page.goto('/');
    await poll(() => currentSlide(page)).toBe(1);
    await page.getByRole('group', { name: '1 de 3: Next Level' }).hover();
    await settle(page);
    await page.clock.runFor(6_500);
    expect(await currentSlide(page)).toBe(1);

    await page.getByRole('button', { name: 'Pausar apresentação' }).click();
    await page.mouse.move(5, 790);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await settle(page);
    await page.clock.runFor(6_500);
    expect(await currentSlide(page)).toBe(1);
    await page.getByRole('button', { name: 'Retomar apresentação' }).click();
    await page.mouse.move(5, 790);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await settle(page);
    await page.clock.runFor(5_000);
    await poll(() => currentSlide(page), 12_000).toBe(2);
    await context.close();
  });
});
