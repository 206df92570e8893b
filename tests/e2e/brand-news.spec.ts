import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saoPauloToday } from '../../src/shared/dates';
import { createEvent } from '../../src/server/services/catalog/create-event';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes, settleTransitions } from '../support/axe';
import { createBuyer, poll, signInWithForm } from '../support/people';
import { eventInputSchema } from '../../src/shared/schemas/admin-events';
import { systemActor } from '../../src/server/services/audit/record-audit';

// docs/rules/notifications.md 'Brand news': news of a followed brand, only for those who opted in. As a
// fan would: 'Seguir' on the brand page, the choice shown in /settings, and the next event of
// the brand arriving on the bell without a reload.

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

// With SCREENSHOT_DIR set, the brand page and the settings are saved to be looked at.
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

const bell = (page: Page) => page.getByRole('button', { name: /^Notificações/ });

async function shoot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await settleTransitions(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`) });
  }
}

describe('brand news on a phone', () => {
  it('Seguir on a brand page opts in; the next event of the brand rings the bell live and opens its page', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    const fan = await createBuyer(app, { fullName: 'Yuna Park Oliveira', emailPrefix: 'fa-ayyo' });
    const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live', { timeout: 20_000 });
    await signInWithForm(page, fan.email, fan.password, '/events/ay-yo');
    await live;

    await page.getByRole('button', { name: 'Seguir AY-YO' }).click();
    await poll(() => page.getByRole('button', { name: 'Seguindo AY-YO' }).isVisible()).toBe(true);
    await poll(() => page.getByText('Você está seguindo AY-YO').isVisible()).toBe(true);
    await shoot(page, 'brand-page-following');

    await page.goto('/settings');
    const brandNews = page.getByRole('switch', { name: 'Novidades das marcas' });
    await poll(() => brandNews.getAttribute('aria-checked')).toBe('true');
    const followed = page.getByRole('group', { name: 'Marcas que você segue' });
    expect(await followed.getByRole('button', { name: 'AY-YO' }).getAttribute('aria-pressed')).toBe('true');
    expect(await followed.getByRole('button', { name: 'KXP' }).getAttribute('aria-pressed')).toBe('false');
    await followed.getByRole('button', { name: 'KXP' }).click();
    await poll(() => followed.getByRole('button', { name: 'KXP' }).getAttribute('aria-pressed')).toBe('true');
    await followed.scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, 'settings with brand news');
    await shoot(page, 'settings-brand-news');

    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações');
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    const { id } = await createEvent(
      app.deps.db,
      eventInputSchema.parse({
        title: 'Noite de K-Pop Dance Cover',
        description: 'Batalha de covers com DJ convidado.',
        date: saoPauloToday(new Date(Date.now() + 25 * 86_400_000)),
        startTime: '19:00',
        endTime: '23:00',
        location: 'Galpão AY-YO',
        fullAddress: 'Rua Augusta, 1500 - Consolação',
        city: 'São Paulo',
        capacity: 300,
        category: 'AyYo Events',
        imageUrl: null,
        isPublished: true,
        sectors: [{ name: 'Pista', description: null, priceCentavos: 6000, remaining: 300 }],
      }),
      systemActor,
    );
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações (1 não lida)');
    expect(loads).toEqual([]);
    await bell(page).click();
    const item = page
      .getByRole('dialog', { name: 'Notificações' })
      .getByRole('listitem')
      .filter({ hasText: 'AY-YO anunciou: Noite de K-Pop Dance Cover' });
    await poll(() => item.isVisible()).toBe(true);
    expect(await item.textContent()).toContain('às 19:00 · Galpão AY-YO');
    await item
      .getByRole('button', { name: /AY-YO anunciou/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/event/${id}`);

    // Unfollowing on the brand page stops the news.
    await page.goto('/events/ay-yo');
    await page.getByRole('button', { name: 'Seguindo AY-YO' }).click();
    await poll(() => page.getByRole('button', { name: 'Seguir AY-YO' }).isVisible()).toBe(true);
    await context.close();
  });

  it('signed out, Seguir asks to sign in and changes nothing', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    await page.goto('/events/kxp');
    await page.getByRole('button', { name: 'Seguir KXP' }).click();
    await poll(() => page.getByText('Faça login para seguir marcas').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Entrar' }).last().click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/events/kxp');
    await context.close();
  });
});
