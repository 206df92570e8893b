import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, desktop, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll } from '../support/people';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { createEvent } from '../support/test-server';
import { events } from '../../src/server/db/schema';

// 'Marcas' in the back office and each brand's figures on the home, the brand page, the site's
// footer with the company, the meia-entrada policy, the admin events list's filters and order,
// and who receives a PIX.

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

async function signedIn(size: typeof phone | typeof desktop, account: { email: string; password: string }, path: string) {
  const context = await newContext(browser, size, app.baseUrl);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: app.baseUrl },
  });
  expect(response.status()).toBe(200);
  await page.goto(path);
  return { context, page };
}

const at320 = { ...phone, viewport: { width: 320, height: 640 } };

/** With SCREENSHOT_DIR set, also the 320 px phone the shared `shoot` leaves out (light and dark). */
async function shoot320(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const original = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}/${name}-320x640-${theme}.png` });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  if (original) await page.setViewportSize(original);
}

async function fitsWidth(page: Page, width: number) {
  return page.evaluate((w) => document.scrollingElement!.scrollWidth <= w, width);
}

/** Every figure box of the visible home slide lies inside its slide, its text inside its box. */
async function figuresFit(page: Page) {
  return page.evaluate(() => {
    const slide = document.querySelector('[aria-roledescription="slide"][data-active="true"]')!;
    const box = slide.getBoundingClientRect();
    return [...slide.querySelectorAll('ul li')].every((li) => {
      const r = li.getBoundingClientRect();
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && li.scrollWidth <= li.clientWidth + 0.5;
    });
  });
}

describe("the brands' figures", () => {
  let admin: { context: BrowserContext; page: Page };

  it("'Marcas' edits a brand's figures and the home shows them on its slide", async () => {
    admin = await signedIn(desktop, demoAccount(app, 'admin'), '/admin/brands');
    const { page } = admin;
    await poll(() => page.getByRole('heading', { level: 1, name: 'Marcas' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { name: 'AY-YO' }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, '/admin/brands');
    await shoot(page, 'admin-brands');

    await page.getByRole('button', { name: 'Editar AY-YO' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar AY-YO' });
    await poll(() => dialog.isVisible()).toBe(true);
    // The default figures until the brand sets its own (docs/rules/content.md 'Brand figures').
    expect(await dialog.getByRole('textbox', { name: 'Número 3', exact: true }).inputValue()).toBe('100k+');
    expect(await dialog.getByRole('textbox', { name: 'O que conta (3)', exact: true }).inputValue()).toBe('Participantes');
    await expectNoAxeViolationsInBothThemes(page, 'brand dialog');

    // The field stops at 8 characters (what fits the box); left empty, the form says what is missing.
    await dialog.getByRole('textbox', { name: 'Número 3', exact: true }).fill('1.000.000+');
    expect(await dialog.getByRole('textbox', { name: 'Número 3', exact: true }).inputValue()).toBe('1.000.00');
    await dialog.getByRole('textbox', { name: 'Número 3', exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => dialog.getByText('Informe o número').isVisible()).toBe(true);

    await dialog.getByRole('textbox', { name: 'Número 3', exact: true }).fill('40 mil');
    await dialog.getByRole('textbox', { name: 'O que conta (3)', exact: true }).fill('Fãs no Brasil');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => page.getByText('Marca atualizada com sucesso!').isVisible()).toBe(true);
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => page.getByText('Fãs no Brasil').isVisible()).toBe(true);

    // From 640 px the home shows AY-YO's own figures on its slide, each inside its box; a brand
    // that set none shows none (no placeholder figures, docs/rules/content.md 'Brand figures').
    const visitor = await newContext(browser, { viewport: { width: 640, height: 800 } }, app.baseUrl);
    const home = await visitor.newPage();
    await home.goto('/');
    const carousel = home.getByRole('region', { name: 'Nossas marcas' });
    await poll(() => carousel.isVisible()).toBe(true);
    await home.getByRole('button', { name: 'Pausar apresentação' }).click();
    await poll(() => home.getByRole('group', { name: '1 de 3: Next Level' }).getByRole('heading', { name: 'Next Level' }).isVisible()).toBe(
      true,
    );
    expect(await home.getByRole('group', { name: '1 de 3: Next Level' }).getByText('Participantes').count()).toBe(0);
    await home.getByRole('button', { name: 'Ir para o slide 2' }).click();
    const ayYo = home.getByRole('group', { name: '2 de 3: AY-YO' });
    await poll(() => ayYo.getByText('Fãs no Brasil').isVisible()).toBe(true);
    expect(await ayYo.getByText('40 mil').isVisible()).toBe(true);
    await home.waitForTimeout(600);
    expect(await figuresFit(home)).toBe(true);
    expect(await fitsWidth(home, 640)).toBe(true);
    // A phone's slide keeps to its title and links, so the first events show on the first screen.
    await home.setViewportSize({ width: 320, height: 640 });
    await poll(() => ayYo.getByText('Fãs no Brasil').isVisible()).toBe(false);
    expect(await fitsWidth(home, 320)).toBe(true);
    await home.setViewportSize({ width: 640, height: 800 });
    const showFigures = () =>
      ayYo
        .locator('ul')
        .first()
        .evaluate((list) => list.scrollIntoView({ block: 'center' }));
    await showFigures();
    await shoot(home, 'home-brand-figures');
    await visitor.close();
  });

  it('filters the events list by brand and state and sorts it by date', async () => {
    admin ??= await signedIn(desktop, demoAccount(app, 'admin'), '/admin/events');
    const { page } = admin;
    await page.goto('/admin/events');
    const table = page.getByRole('table', { name: 'Lista de eventos' });
    await poll(() => table.getByRole('row').count()).toBeGreaterThan(3);

    await page.getByLabel('Marca').selectOption({ label: 'KXP' });
    await poll(() => page.url()).toContain('marca=kxp');
    // Each row reads its brand's name; the stored category ('KXP Events') is never shown.
    await poll(() => table.getByText('AY-YO', { exact: true }).count()).toBe(0);
    await poll(() => table.getByText('KXP', { exact: true }).count()).toBeGreaterThan(0);
    expect(await table.getByText('Next Level', { exact: true }).count()).toBe(0);
    expect(await table.getByText(/Next Level Events|AyYo Events|KXP Events/).count()).toBe(0);

    await page.getByLabel('Situação').selectOption({ label: 'Cancelado' });
    await poll(() => page.getByText('Nenhum evento com esses filtros.').isVisible()).toBe(true);

    // Changed one right after the other, both filters stay.
    await page.getByLabel('Marca').selectOption({ label: 'Todas as marcas' });
    await page.getByLabel('Situação').selectOption({ label: 'Publicado' });
    await poll(() => page.url()).toMatch(/situacao=published/);
    expect(page.url()).not.toContain('marca=');
    await page.getByLabel('Ordenar por').selectOption({ label: 'Data mais próxima' });
    await poll(() => page.url()).toContain('ordem=date');
    const dates = async () => {
      const listed = await app.deps.db.select({ title: events.title, date: events.date }).from(events);
      const titles = await table.locator('tbody tr td:first-child .font-semibold').allTextContents();
      return titles.map((title) => listed.find((event) => event.title === title)?.date ?? '');
    };
    const isSorted = (shown: string[]) => shown.length > 1 && shown.every((date, index) => index === 0 || shown[index - 1] <= date);
    await poll(async () => isSorted(await dates()))
      .toBe(true)
      .catch(async (error: unknown) => {
        throw new Error(`not sorted by date: ${JSON.stringify(await dates())} ${page.url()}`, { cause: error });
      });
    await expectNoAxeViolationsInBothThemes(page, '/admin/events filtered');
    await shoot(page, 'admin-events-filtered');
    await page.reload();
    await poll(() => page.getByLabel('Ordenar por').inputValue()).toBe('date');
    expect(await page.getByLabel('Situação').inputValue()).toBe('published');
  });

  afterAll(async () => {
    await admin?.context.close();
  });
});

describe('the brand page', () => {
  it('shows the description and the followers, and following counts one more', async () => {
    const buyer = await createBuyer(app, { fullName: 'Camila Teixeira Rocha', emailPrefix: 'segue.marca' });
    const { context, page } = await signedIn(at320, buyer, '/events/kxp');
    await poll(() => page.getByRole('heading', { level: 1, name: 'KXP' }).isVisible()).toBe(true);
    // No '0 seguidores' in public: the count shows once someone follows.
    await poll(() => page.getByRole('button', { name: 'Seguir KXP' }).isVisible()).toBe(true);
    expect(await page.getByText('0 seguidores').count()).toBe(0);
    await page.getByRole('button', { name: 'Seguir KXP' }).click();
    await poll(() => page.getByText('1 seguidor', { exact: true }).isVisible()).toBe(true);
    expect(await fitsWidth(page, 320)).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, '/events/kxp');
    await shoot(page, 'brand-page');
    await shoot320(page, 'brand-page');
    await page.getByRole('button', { name: 'Seguindo KXP' }).click();
    await poll(() => page.getByText('1 seguidor', { exact: true }).count()).toBe(0);
    expect(await page.getByText('0 seguidores').count()).toBe(0);
    await context.close();
  });
});

describe("the site's footer", () => {
  it('names the company with its CNPJ and e-mail and links the policies, meia-entrada included', async () => {
    const context = await newContext(browser, phone, app.baseUrl);
    const page = await context.newPage();
    for (const path of ['/', '/events', '/events/ay-yo']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await poll(() => footer.getByText('Next Level Eventos (demonstração)').isVisible()).toBe(true);
      expect(await footer.getByText('CNPJ 00.000.000/0000-00').isVisible()).toBe(true);
      expect(await footer.getByRole('link', { name: 'contato@nextlevel.com.br' }).getAttribute('href')).toBe(
        'mailto:contato@nextlevel.com.br',
      );
      expect(await footer.getByRole('link', { name: 'Termos de uso' }).getAttribute('href')).toBe('/terms-of-service');
      expect(await footer.getByRole('link', { name: 'Política de privacidade' }).getAttribute('href')).toBe('/privacy-policy');
    }
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shoot320(page, 'footer');
    if (process.env.SCREENSHOT_DIR) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/footer-desktop.png` });
      await page.setViewportSize(phone.viewport);
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de meia-entrada' }).click();
    await page.waitForURL((url) => url.pathname === '/meia-entrada');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Política de meia-entrada' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Reserva de 40%' }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, '/meia-entrada');
    await shoot(page, 'meia-entrada');
    await context.close();
  });
});

describe('the PIX screen', () => {
  it('says who receives the money', async () => {
    const { event } = await createEvent(app, [{ name: 'Pista', priceCentavos: 6000, remaining: 20 }], { title: 'Noite do recebedor' });
    const buyer = await createBuyer(app, { fullName: 'Renato Alves Costa', emailPrefix: 'recebedor' });
    const { context, page } = await signedIn(phone, buyer, `/event/${event.id}`);
    await page
      .getByRole('button', { name: /^Aumentar quantidade de/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
    const checkout = page.getByRole('dialog', { name: 'Finalizar pagamento' });
    await poll(() => checkout.isVisible()).toBe(true);
    await checkout.getByLabel('Telefone').fill('47991234567');
    await checkout.getByLabel('CPF').fill('52998224725');
    await checkout.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => checkout.locator('#pix-copia-e-cola').inputValue()).toMatch(/^000201/);
    const receiver = checkout.locator('p', { hasText: /^Recebedor:/ });
    await poll(() => receiver.isVisible()).toBe(true);
    expect(await receiver.textContent()).toBe('Recebedor: Next Level Eventos (demonstração) · CNPJ 00.000.000/0000-00');
    await expectNoAxeViolationsInBothThemes(page, 'PIX with its receiver');
    await checkout.locator('p', { hasText: /^Recebedor:/ }).scrollIntoViewIfNeeded();
    await shoot(page, 'pix-receiver');
    await shoot320(page, 'pix-receiver');
    await context.close();
  });
});
