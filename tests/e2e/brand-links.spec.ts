import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';

// docs/rules/content.md 'Brand pages': the admin sets a brand's social links in 'Marcas' on a
// phone, and the brand page shows them as buttons named for the network and the brand.

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

const at360 = { ...phone, viewport: { width: 360, height: 740 } };

async function signedIn(account: { email: string; password: string }, path: string) {
  const context = await newContext(browser, at360, app.baseUrl);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: app.baseUrl },
  });
  expect(response.status()).toBe(200);
  await page.goto(path);
  return { context, page };
}

/** How far the page scrolls sideways at `width` px: 0 when everything fits. */
async function sidewaysAt(page: Page, width: number) {
  const original = page.viewportSize();
  await page.setViewportSize({ width, height: 640 });
  await page.waitForTimeout(150);
  const extra = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  if (original) await page.setViewportSize(original);
  return extra;
}

describe("a brand's social links", () => {
  it("'Marcas' refuses an Instagram address on another host or over http, and saves an https one", async () => {
    const visitor = await newContext(browser, at360, app.baseUrl);
    const brandPage = await visitor.newPage();
    await brandPage.goto('/events/next-level');
    await poll(() => brandPage.getByRole('heading', { level: 1, name: 'Next Level' }).isVisible()).toBe(true);
    await poll(() => brandPage.getByRole('button', { name: 'Seguir Next Level' }).isVisible()).toBe(true);
    // No link yet: nothing is shown.
    expect(await brandPage.getByRole('list', { name: 'Redes sociais da Next Level' }).count()).toBe(0);

    const { context, page } = await signedIn(demoAccount(app, 'admin'), '/admin/brands');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Marcas' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Editar Next Level' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Next Level' });
    await poll(() => dialog.isVisible()).toBe(true);
    const instagram = dialog.getByRole('textbox', { name: 'Instagram', exact: true });
    expect(await instagram.getAttribute('placeholder')).toBe('https://instagram.com/sua-marca');

    // An http address, or one on another host, is refused under its field with the network's name.
    await instagram.fill('http://instagram.com/nextlevel');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => dialog.getByText('Informe um endereço do Instagram (https://instagram.com/...)').isVisible()).toBe(true);
    expect(await instagram.getAttribute('aria-invalid')).toBe('true');
    await instagram.fill('https://tiktok.com/@nextlevel');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => dialog.getByText('Informe um endereço do Instagram (https://instagram.com/...)').isVisible()).toBe(true);
    await instagram.scrollIntoViewIfNeeded();
    await shoot(page, 'brand-links-dialog-error');

    await instagram.fill('https://instagram.com/nextlevel');
    await dialog.getByRole('textbox', { name: 'YouTube', exact: true }).fill('https://youtube.com/@nextlevel');
    await dialog.getByRole('textbox', { name: 'Site', exact: true }).fill('https://nextlevel.com.br');
    await expectNoAxeViolationsInBothThemes(page, "brand dialog's social links");
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => page.getByText('Marca atualizada com sucesso!').isVisible()).toBe(true);
    await poll(() => dialog.isVisible()).toBe(false);

    // Opened again, the dialog shows what was saved.
    await page.getByRole('button', { name: 'Editar Next Level' }).click();
    await poll(() => dialog.getByRole('textbox', { name: 'Instagram', exact: true }).inputValue()).toBe('https://instagram.com/nextlevel');
    await context.close();
    await visitor.close();
  }, 300_000);

  it('the brand page shows the saved links as named buttons that open in a new tab, in the order saved', async () => {
    const visitor = await newContext(browser, at360, app.baseUrl);
    const brandPage = await visitor.newPage();
    await brandPage.goto('/events/next-level');
    const links = brandPage.getByRole('list', { name: 'Redes sociais da Next Level' });
    await poll(() => links.isVisible()).toBe(true);
    const link = links.getByRole('link', { name: 'Instagram da Next Level', exact: true });
    expect(await link.getAttribute('href')).toBe('https://instagram.com/nextlevel');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    // In the order the form lists the networks.
    const names = await links.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')));
    expect(names).toEqual(['Instagram da Next Level', 'YouTube da Next Level', 'Site da Next Level']);
    expect(await links.getByRole('link', { name: 'Site da Next Level' }).getAttribute('href')).toBe('https://nextlevel.com.br/');

    await expectNoAxeViolationsInBothThemes(brandPage, 'brand page with social links');
    expect(await sidewaysAt(brandPage, 320)).toBe(0);
    await shoot(brandPage, 'brand-links-page');
    await visitor.close();
  }, 300_000);

  it('shows every network at 320 px without scrolling sideways', async () => {
    const { context, page } = await signedIn(demoAccount(app, 'admin'), '/events/kxp');
    const saved = await page.request.put('/api/admin/brands/kxp', {
      headers: { origin: app.baseUrl },
      data: {
        name: 'KXP',
        tagline: 'Experiências coreanas',
        description: 'A KXP cria experiências de imersão na cultura coreana.',
        coverUrl: null,
        logoUrl: null,
        figures: null,
        socialLinks: [
          { network: 'instagram', url: 'https://instagram.com/kxp' },
          { network: 'tiktok', url: 'https://tiktok.com/@kxp' },
          { network: 'youtube', url: 'https://youtube.com/@kxp' },
          { network: 'spotify', url: 'https://open.spotify.com/user/kxp' },
          { network: 'x', url: 'https://x.com/kxp' },
          { network: 'facebook', url: 'https://facebook.com/kxp' },
          { network: 'website', url: 'https://kxp.com.br' },
        ],
      },
    });
    expect(saved.status()).toBe(200);
    await page.reload();
    const links = page.getByRole('list', { name: 'Redes sociais da KXP' });
    await poll(() => links.getByRole('link').count()).toBe(7);
    expect(await links.getByRole('link', { name: 'TikTok da KXP' }).getAttribute('href')).toBe('https://tiktok.com/@kxp');
    await expectNoAxeViolationsInBothThemes(page, 'brand page with every network');
    expect(await sidewaysAt(page, 320)).toBe(0);
    await shoot(page, 'brand-links-every-network');
    await context.close();
  }, 300_000);
});
