import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { inArray } from 'drizzle-orm';
import { events } from '../../src/server/db/schema';
import type { EventDetail, EventSummary } from '../../src/shared/schemas/events';
import { formatEventDate, formatEventDateShort, formatEventTime, saoPauloToday } from '../../src/shared/dates';
import { addDays, addMonths, monthLabel } from '../../src/web/features/events/lib/month-grid';
import { desktop, launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount, signInWithForm } from '../support/people';

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

async function listEvents(search = ''): Promise<EventSummary[]> {
  const response = await fetch(`${app.baseUrl}/api/events${search}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: EventSummary[] }).events;
}

async function getEvent(id: string): Promise<EventDetail> {
  return (await fetch(`${app.baseUrl}/api/events/${id}`)).json() as Promise<EventDetail>;
}

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const cards = (page: Page) => page.getByRole('link', { name: /^Ver detalhes:/ });

/** Waits until the list shows exactly the events the API gives for the same filters. */
async function expectCards(page: Page, expected: EventSummary[]) {
  await poll(() => page.getByText('Carregando eventos...').count()).toBe(0);
  await poll(async () => (await cards(page).allTextContents()).length).toBe(expected.length);
  const titles = await cards(page).evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
  expect(titles.sort()).toEqual(expected.map((e) => `Ver detalhes: ${e.title}`).sort());
}

async function expectParams(page: Page, params: Record<string, string>) {
  await page.waitForURL((url) => {
    const actual = Object.fromEntries(url.searchParams);
    return JSON.stringify(Object.entries(actual).sort()) === JSON.stringify(Object.entries(params).sort());
  });
}

async function pickDay(page: Page, day: string) {
  await page.getByRole('button', { name: /^Data/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Escolher data' });
  await poll(() => dialog.isVisible()).toBe(true);
  for (let i = 0; i < 24 && (await dialog.getByRole('heading').textContent()) !== monthLabel(day); i += 1) {
    await dialog.getByRole('button', { name: 'Próximo mês' }).click();
  }
  await dialog.getByRole('button', { name: new RegExp(`^${formatEventDate(day)}`) }).click();
  await poll(() => dialog.count()).toBe(0);
}

/**
 * Holds the page's event list requests until `release`, so that the test sees the loading state
 * for as long as it looks, then lets them (and any later ones) through.
 */
async function holdEventLists(page: Page): Promise<{ release(): Promise<void> }> {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const pattern = '**/api/events?*';
  await page.route(pattern, async (route) => {
    await opened;
    await route.continue().catch(() => undefined);
  });
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      open();
      await page.unroute(pattern);
    },
  };
}

async function signIn(page: Page, redirect: string) {
  const { email, password } = demoAccount(app, 'user');
  await signInWithForm(page, email, password, redirect);
}

const sizes = [
  ['phone', phone],
  ['desktop', desktop],
] as const;

describe.each(sizes)('events list on a %s', (_name, size) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser, size, app.baseUrl);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('filters by search, brand, day, city and price, alone and combined, all kept in the URL across a reload', async () => {
    const all = await listEvents();
    await page.goto('/events');
    await expectCards(page, all);
    // Upcoming events are counted; ended ones found too are named apart.
    const past = all.filter((e) => e.isPast).length;
    const found = `${all.length - past} eventos encontrados`;
    await poll(() =>
      page.getByText(past === 0 ? found : `${found} · ${past === 1 ? '1 já encerrado' : `${past} já encerrados`}`).isVisible(),
    ).toBe(true);

    // Search alone.
    await page.getByPlaceholder('Buscar eventos...').fill('kxp');
    await expectParams(page, { q: 'kxp' });
    await expectCards(page, await listEvents('?q=kxp'));
    await page.getByRole('button', { name: 'Limpar busca' }).click();
    await expectParams(page, {});
    await expectCards(page, all);

    // Brand chip alone.
    await page.getByRole('button', { name: 'AY-YO', exact: true }).click();
    await expectParams(page, { brand: 'ay-yo' });
    await expectCards(page, await listEvents('?brand=ay-yo'));
    expect(await page.getByRole('button', { name: 'AY-YO', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Todos', exact: true }).click();
    await expectParams(page, {});
    await expectCards(page, all);

    // The advanced panel: city alone, then price, then a day, all together.
    const filtersButton = page.getByRole('button', { name: /^Filtros/ });
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('false');
    await filtersButton.click();
    await poll(() => page.getByRole('heading', { name: 'Filtros avançados' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Data/ }).textContent()).toContain('Qualquer data');
    const city = page.getByLabel('Cidade');
    const price = page.getByLabel('Preço');
    expect(await city.locator('option').allTextContents()).toEqual(['Todas as cidades', 'São Paulo', 'Rio de Janeiro', 'Itajaí']);
    expect(await price.locator('option').allTextContents()).toEqual([
      'Qualquer preço',
      'Gratuito',
      'Até R$ 50',
      'R$ 50 a R$ 100',
      'R$ 100 a R$ 200',
      'Acima de R$ 200',
    ]);

    await city.selectOption({ label: 'Rio de Janeiro' });
    await expectParams(page, { city: 'Rio de Janeiro' });
    await expectCards(page, await listEvents('?city=Rio%20de%20Janeiro'));
    expect(await filtersButton.textContent()).toContain('1');
    await poll(() => page.getByRole('button', { name: 'Filtros (1 ativo)' }).isVisible()).toBe(true);

    await city.selectOption({ label: 'São Paulo' });
    await expectParams(page, { city: 'São Paulo' });
    await price.selectOption({ label: 'R$ 50 a R$ 100' });
    await expectParams(page, { city: 'São Paulo', price: '50-100' });
    const spMid = await listEvents('?city=S%C3%A3o%20Paulo&price=50-100');
    expect(spMid.length).toBeGreaterThan(0);
    await expectCards(page, spMid);
    for (const event of spMid) expect(event.lowestPriceCentavos).toBeGreaterThanOrEqual(5000);

    const day = spMid[0].date;
    await pickDay(page, day);
    await expectParams(page, { city: 'São Paulo', price: '50-100', date: day });
    const combined = await listEvents(`?city=S%C3%A3o%20Paulo&price=50-100&date=${day}`);
    await expectCards(page, combined);
    expect(await page.getByRole('button', { name: /^Data/ }).textContent()).toContain(formatEventDateShort(day));
    await poll(() => page.getByRole('button', { name: 'Filtros (3 ativos)' }).isVisible()).toBe(true);

    // Everything survives a reload: list, panel, chosen values, badge.
    await page.reload();
    await expectParams(page, { city: 'São Paulo', price: '50-100', date: day });
    await expectCards(page, combined);
    await poll(() => page.getByRole('heading', { name: 'Filtros avançados' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Cidade').inputValue()).toBe('São Paulo');
    expect(await page.getByLabel('Preço').inputValue()).toBe('50-100');
    expect(await page.getByRole('button', { name: /^Data/ }).textContent()).toContain(formatEventDateShort(day));
    await poll(() => page.getByRole('button', { name: 'Filtros (3 ativos)' }).isVisible()).toBe(true);

    // Day alone (the others cleared one by one), then the panel's 'Limpar'.
    await page.getByLabel('Cidade').selectOption({ label: 'Todas as cidades' });
    await page.getByLabel('Preço').selectOption({ label: 'Qualquer preço' });
    await expectParams(page, { date: day });
    await expectCards(page, await listEvents(`?date=${day}`));
    await page.getByRole('button', { name: 'Limpar', exact: true }).click();
    await expectParams(page, {});
    await expectCards(page, all);
    expect(await page.getByRole('button', { name: /^Data/ }).textContent()).toContain('Qualquer data');

    // Brand, price and search combined: the free KXP workshop.
    await page.getByRole('button', { name: 'KXP', exact: true }).click();
    await page.getByLabel('Preço').selectOption({ label: 'Gratuito' });
    await expectParams(page, { brand: 'kxp', price: 'free' });
    const freeKxp = await listEvents('?brand=kxp&price=free');
    expect(freeKxp.map((e) => e.title)).toEqual(['KXP Oficina de Hangul: Escreva seu Nome em Coreano']);
    await expectCards(page, freeKxp);
    await poll(() => page.locator('article').getByText('Gratuito', { exact: true }).isVisible()).toBe(true);
    await page.getByPlaceholder('Buscar eventos...').fill('hangul');
    await expectParams(page, { brand: 'kxp', price: 'free', q: 'hangul' });
    await expectCards(page, freeKxp);
    await page.reload();
    await expectCards(page, freeKxp);
    expect(await page.getByPlaceholder('Buscar eventos...').inputValue()).toBe('hangul');
    expect(await page.getByRole('button', { name: 'KXP', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  it('picks a day with the keyboard alone', async () => {
    const today = saoPauloToday(new Date());
    await page.goto('/events');
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.getByRole('button', { name: /^Data/ }).focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-day'))).toBe(today);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    const day = addMonths(addDays(today, 7), 1);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-day'))).toBe(day);
    await poll(() => page.getByRole('dialog', { name: 'Escolher data' }).getByRole('heading').textContent()).toBe(monthLabel(day));
    await page.keyboard.press('Enter');
    await expectParams(page, { date: day });
    await expectCards(page, await listEvents(`?date=${day}`));
    // Focus returns to the field, which now shows the day.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain(formatEventDateShort(day));
  });

  it('shows the empty state, and Limpar filtros brings every event back', async () => {
    await page.goto('/events?q=nada-por-aqui&brand=kxp&city=Itaja%C3%AD');
    await poll(() => page.getByText('Nenhum evento encontrado com os filtros aplicados.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expectParams(page, {});
    await expectCards(page, await listEvents());
    expect(await page.getByPlaceholder('Buscar eventos...').inputValue()).toBe('');
  });

  it('says Carregando eventos... while the list loads', async () => {
    const held = await holdEventLists(page);
    try {
      await page.goto('/events?brand=next-level');
      await poll(() => page.getByText('Carregando eventos...').isVisible()).toBe(true);
      await held.release();
      await expectCards(page, await listEvents('?brand=next-level'));
    } finally {
      await held.release();
    }
  });

  it('says when the list cannot be loaded, and Tentar novamente brings it back (list and brand page)', async () => {
    for (const path of ['/events?brand=kxp', '/events/kxp']) {
      await page.route('**/api/events?*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'unavailable', message: 'Indisponível', details: {} }),
        }),
      );
      try {
        await page.goto(path);
        await poll(() => page.getByText('Não foi possível carregar os eventos agora.').isVisible()).toBe(true);
      } finally {
        await page.unroute('**/api/events?*');
      }
      await page.getByRole('button', { name: 'Tentar novamente' }).click();
      await poll(() => page.getByText('Não foi possível carregar os eventos agora.').count()).toBe(0);
      await poll(() => cards(page).count()).toBeGreaterThan(0);
    }
  });

  it('asks a visitor to sign in to favourite, then adds, lists and removes favourites', async () => {
    const visitor = await newContext(browser, size, app.baseUrl);
    const visitorPage = await visitor.newPage();
    try {
      await visitorPage.goto('/events');
      await poll(() => cards(visitorPage).count()).toBeGreaterThan(0);
      await visitorPage
        .getByRole('button', { name: /^Adicionar .* aos favoritos$/ })
        .first()
        .click();
      await poll(() => visitorPage.getByText('Faça login para favoritar eventos').isVisible()).toBe(true);
      await visitorPage.locator('[data-sonner-toast]').getByRole('button', { name: 'Entrar' }).click();
      await visitorPage.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/events');
      await visitorPage.goto('/events');
      // The favourites chip sends the visitor to sign in and back to the favourites.
      await visitorPage.getByRole('button', { name: 'Favoritos', exact: true }).click();
      await visitorPage.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/events?favorites=1');
    } finally {
      await visitor.close();
    }

    const [target] = await listEvents('?q=Random%20Play');
    await signIn(page, '/events?favorites=1');
    await poll(() => page.getByText('Nenhum evento encontrado com os filtros aplicados.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Favoritos', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Favoritos', exact: true }).click();
    await expectParams(page, {});
    await page.getByRole('button', { name: `Adicionar ${target.title} aos favoritos` }).click();
    await poll(() => page.getByText('Adicionado aos favoritos').isVisible()).toBe(true);
    const remove = page.getByRole('button', { name: `Remover ${target.title} dos favoritos` });
    expect(await remove.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Favoritos', exact: true }).click();
    await expectParams(page, { favorites: '1' });
    await expectCards(page, [target]);
    // Favourites combine with the other filters.
    await page.getByRole('button', { name: 'AY-YO', exact: true }).click();
    await expectCards(page, [target]);
    await page.getByRole('button', { name: 'KXP', exact: true }).click();
    await poll(() => page.getByText('Nenhum evento encontrado com os filtros aplicados.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Todos', exact: true }).click();
    await page.reload();
    await expectCards(page, [target]);

    await page.getByRole('button', { name: `Remover ${target.title} dos favoritos` }).click();
    await poll(() => page.getByText('Removido dos favoritos').isVisible()).toBe(true);
    await poll(() => page.getByText('Nenhum evento encontrado com os filtros aplicados.').isVisible()).toBe(true);
  });
});

describe('brand pages', () => {
  it('list each brand by its category words, with 3 skeletons while loading, and an empty text per brand', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    try {
      for (const [slug, name] of [
        ['next-level', 'Next Level'],
        ['ay-yo', 'AY-YO'],
        ['kxp', 'KXP'],
      ] as const) {
        const held = await holdEventLists(page);
        await page.goto(`/events/${slug}`);
        await poll(() => page.locator('[data-event-skeleton]').count()).toBe(3);
        await held.release();
        await poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
        const upcoming = (await listEvents(`?brand=${slug}`)).filter((e) => !e.isPast);
        expect(upcoming.length).toBeGreaterThan(0);
        const section = page.locator('section', { has: page.getByRole('heading', { name: 'Próximos eventos' }) });
        await poll(() => section.getByRole('link', { name: /^Ver detalhes:/ }).count()).toBe(upcoming.length);
      }

      // KXP cards show the date, start time, place and picture.
      const [kxp] = (await listEvents('?brand=kxp')).filter((e) => !e.isPast);
      await page.goto('/events/kxp');
      const card = page.locator('article', { has: page.getByRole('link', { name: `Ver detalhes: ${kxp.title}` }) });
      await poll(() => card.isVisible()).toBe(true);
      expect(await card.locator('time').getAttribute('datetime')).toBe(kxp.date);
      expect(await card.textContent()).toContain(formatEventTime(kxp.startTime));
      expect(await card.textContent()).toContain(kxp.location);
      expect(await card.getByRole('img', { name: kxp.title }).getAttribute('src')).toBe(kxp.imageUrl);

      // With no upcoming events of a brand, its own empty text.
      for (const [slug, name] of [
        ['next-level', 'Next Level'],
        ['ay-yo', 'AY-YO'],
        ['kxp', 'KXP'],
      ] as const) {
        const ids = (await listEvents(`?brand=${slug}`)).filter((e) => !e.isPast).map((e) => e.id);
        await app.deps.db.update(events).set({ isPublished: false }).where(inArray(events.id, ids));
        // A change made behind the server's back shows once the public list's 1-second cache ends.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        try {
          await page.goto(`/events/${slug}`);
          await poll(() => page.getByText(`Nenhum evento ${name} disponível no momento.`).isVisible()).toBe(true);
        } finally {
          await app.deps.db.update(events).set({ isPublished: true }).where(inArray(events.id, ids));
        }
      }
    } finally {
      await context.close();
    }
  });
});

describe('event page', () => {
  it('shows the real price, links the address to a map, downloads the calendar file and shares on desktop', async () => {
    const context = await newContext(browser, desktop, app.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const page = await context.newPage();
    try {
      const [summary] = await listEvents('?q=Techno%20All%20Night');
      const event = await getEvent(summary.id);
      await page.goto(`/event/${event.id}`);
      await poll(() => page.getByRole('heading', { level: 1, name: event.title }).isVisible()).toBe(true);
      expect(event.lowestPriceCentavos).toBe(8000);
      await poll(() => page.getByText('A partir de R$ 80,00').first().isVisible()).toBe(true);
      const map = page.getByRole('link', { name: /Ver no mapa/ });
      expect(await map.getAttribute('href')).toBe(
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(event.fullAddress!)}`,
      );

      await page.getByRole('button', { name: 'Adicionar à agenda' }).click();
      const google = page.getByRole('menuitem', { name: /Google Agenda/ });
      const googleUrl = new URL((await google.getAttribute('href'))!);
      expect(googleUrl.hostname).toBe('calendar.google.com');
      expect(googleUrl.searchParams.get('text')).toBe(event.title);
      // 23:00 to 06:00: the end falls on the next day.
      const [start, end] = googleUrl.searchParams.get('dates')!.split('/');
      expect(
        Date.parse(end.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z')) -
          Date.parse(start.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z')),
      ).toBe(7 * 3600_000);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /\.ics/ }).click()]);
      expect(download.suggestedFilename()).toBe('next-level-warehouse-techno-all-night.ics');
      const ics = readFileSync((await download.path())!, 'utf8');
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      const unfolded = ics.replace(/\r\n /g, '');
      expect(unfolded).toContain(`\r\nSUMMARY:${event.title}\r\n`);
      expect(unfolded).toContain(`\r\nUID:${event.id}@localhost\r\n`);
      expect(unfolded).toContain(`\r\nURL:${app.baseUrl}/event/${event.id}\r\n`);
      expect(unfolded).toContain(`\r\nDTSTART:${start}\r\n`);
      expect(unfolded).toContain(`\r\nDTEND:${end}\r\n`);

      await page.getByRole('button', { name: 'Compartilhar' }).click();
      const whatsApp = page.getByRole('menuitem', { name: /WhatsApp/ });
      expect(await whatsApp.getAttribute('href')).toBe(
        `https://wa.me/?text=${encodeURIComponent(`${event.title}\n${app.baseUrl}/event/${event.id}`)}`,
      );
      await page.getByRole('menuitem', { name: 'Copiar link' }).click();
      await poll(() => page.getByText('Link copiado!').isVisible()).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.baseUrl}/event/${event.id}`);

      // A sold-out event says so.
      const [soldOut] = (await listEvents()).filter((e) => e.isSoldOut && !e.isPast);
      await page.goto(`/event/${soldOut.id}`);
      await poll(() => page.getByText('Esgotado', { exact: true }).first().isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('opens the phone share sheet when the phone has one', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, '__shared', { value: shared });
      Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data), configurable: true });
    });
    const page = await context.newPage();
    try {
      const [event] = await listEvents('?q=Random%20Play');
      await page.goto(`/event/${event.id}`);
      await page.getByRole('button', { name: 'Compartilhar' }).click();
      await poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([
        { title: event.title, text: event.title, url: `${app.baseUrl}/event/${event.id}` },
      ]);
      expect(await page.getByRole('menuitem', { name: /WhatsApp/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('serves the Open Graph tags in the HTML itself, without JavaScript', async () => {
    const [summary] = await listEvents('?q=Techno%20All%20Night');
    const response = await fetch(`${app.baseUrl}/event/${summary.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const tag = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1];
    expect(html).toContain(`<title>${summary.title} - Next Level</title>`);
    expect(tag('og:title')).toBe(summary.title);
    expect(tag('og:description')).toContain('A partir de R$');
    expect(tag('og:url')).toBe(`${app.baseUrl}/event/${summary.id}`);
    // Chat apps do not show SVG: the preview is the JPEG render of the event's artwork.
    expect(summary.imageUrl).toMatch(/^\/images\/events\/[a-z0-9-]+\.svg$/);
    expect(tag('og:image')).toBe(
      `${app.baseUrl}${summary.imageUrl!.replace('/images/events/', '/images/share/events/').replace(/\.svg$/, '.jpg')}`,
    );
    const image = await fetch(tag('og:image')!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);

    const unknown = await fetch(`${app.baseUrl}/event/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    const plain = await unknown.text();
    expect(plain).not.toContain('og:title');
    expect(plain).toContain('<div id="root">');
    expect(plain).not.toContain('id="initial-data"');
  });
});

describe.each([
  ['light', 'phone', phone],
  ['light', 'desktop', desktop],
  ['dark', 'phone', phone],
  ['dark', 'desktop', desktop],
] as const)('accessibility in %s mode on a %s', (theme, _name, size) => {
  it('has no axe violations on the events list, its filters and calendar, the brand pages and an event page', async () => {
    const [event] = await listEvents('?q=Techno%20All%20Night');
    const context = await browser.newContext({
      ...size,
      baseURL: app.baseUrl,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      colorScheme: theme,
    });
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const page = await context.newPage();
    const violations = async (label: string) =>
      (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()).violations.map(
        (v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    try {
      for (const path of [
        '/events',
        '/events?city=Itaja%C3%AD&price=50-100',
        '/events?q=nada-por-aqui',
        '/events/next-level',
        '/events/ay-yo',
        '/events/kxp',
        `/event/${event.id}`,
      ]) {
        await page.goto(path);
        await poll(() => page.getByText('Carregando eventos...').count()).toBe(0);
        await poll(() => page.locator('main h1').count()).toBe(1);
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        expect(await violations(path)).toEqual([]);
      }
      // The open calendar of the day filter too.
      await page.goto('/events');
      await page.getByRole('button', { name: /^Filtros/ }).click();
      await page.getByRole('button', { name: /^Data/ }).click();
      await poll(() => page.getByRole('dialog', { name: 'Escolher data' }).isVisible()).toBe(true);
      expect(await violations('calendar')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
