import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { userRoles } from '../../src/server/db/schema';
import { createBuyer, poll, signInWithForm } from '../support/people';
import { shoot } from '../support/screenshots';

// A pre-sale code cannot be guessed from the event page: past a few wrong codes the field says how
// long to wait, and the page keeps showing the event as it was.

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

const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function tryCode(page: Page, code: string) {
  await page.getByLabel('Código de acesso').fill(code);
  await page.getByRole('button', { name: 'Aplicar' }).click();
}

describe('the access code field on the event page', () => {
  it('says a wrong code is wrong, then, past 20 from one address, when to try again, keeping the event on screen', async () => {
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    await page.goto('/events?q=K-Pop%20Night');
    await page
      .getByRole('link', { name: /^Ver detalhes:/ })
      .first()
      .click();
    await page.waitForURL(/\/event\//);
    const eventId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Tem um código de acesso?' }).click();

    await tryCode(page, 'chute01');
    await poll(() => page.getByText('Código de acesso inválido para este evento').isVisible()).toBe(true);
    expect(await page.getByText('Setor de pré-venda liberado.').count()).toBe(0);

    // Someone guessing from the same address: 19 more wrong codes.
    const statuses = await page.evaluate(async (id) => {
      const answers: number[] = [];
      for (let n = 0; n < 19; n++) answers.push((await fetch(`/api/events/${id}?codigo=CHUTE${100 + n}`)).status);
      return answers;
    }, eventId);
    expect(statuses).toEqual(Array(19).fill(200));

    await tryCode(page, 'AYYOFA-7K2Q');
    await poll(() => page.getByText(/^Muitos códigos de acesso errados\. Tente de novo em \d+ segundos?\.$/).isVisible()).toBe(true);
    expect(await page.getByText('Setor de pré-venda liberado.').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await shoot(page, 'access-code-throttled');
    await context.close();

    // The back office sees the 20 failures beside the event's pre-sale code.
    const admin = await createBuyer(app, { fullName: 'Alice Admin', emailPrefix: 'admin-codigos' });
    await app.deps.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    const office = await newContext(browser, smallPhone, app.baseUrl);
    const adminPage = await office.newPage();
    await signInWithForm(adminPage, admin.email, admin.password, '/admin/coupons');
    // The phone shows the list as cards (the table is there for wider screens).
    const failures = adminPage.getByText('20 tentativas erradas de código nas últimas 24 h · 20 em 7 dias').filter({ visible: true });
    await poll(() => failures.count()).toBe(1);
    await failures.scrollIntoViewIfNeeded();
    await noSidewaysScroll(adminPage);
    await shoot(adminPage, 'admin-coupons-failed-codes');
    await office.close();
  });
});
