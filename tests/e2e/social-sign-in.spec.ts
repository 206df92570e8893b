import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { accounts, users } from '../../src/server/db/schema';
import { launchBrowser, newContext, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { freePort } from '../support/free-port';
import { poll } from '../support/people';
import { shoot } from '../support/screenshots';

// 'Continuar com Google' for real: the app reads a local OpenID Connect server's discovery document
// (oauth2-mock-server, standing in for accounts.google.com), the browser goes to its authorization
// page, which answers at once as a signed-in Google user, and comes back through the app's callback.

const CLIENT_ID = 'next-level-web';

let google: OAuth2Server;
let app: RunningApp;
let browser: Browser;
/** The Google user the local provider signs in next (the claims of its next ID token). */
let person: { sub: string; email: string; name: string; email_verified: boolean };

beforeAll(async () => {
  google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(await freePort(), '127.0.0.1');
  google.service.on(Events.BeforeTokenSigning, (token) => {
    if (token.payload.aud === CLIENT_ID) Object.assign(token.payload, person);
  });
  app = await startApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'segredo-do-cliente',
    GOOGLE_DISCOVERY_URL: `${google.issuer.url}/.well-known/openid-configuration`,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await google?.stop();
});

/** The smallest phone the product is checked on. */
const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };

function newPerson(name: string) {
  const id = randomUUID().slice(0, 8);
  person = { sub: `google-${id}`, email: `${name.split(' ')[0].toLowerCase()}.${id}@gmail.com`, name, email_verified: true };
  return person;
}

async function openEvent(page: Page, search: string) {
  await page.goto('/events');
  await page.getByPlaceholder('Buscar eventos...').fill(search);
  await page.waitForURL((url) => url.searchParams.get('q') === search);
  const results = page.getByRole('link', { name: /^Ver detalhes:/ });
  await poll(() => results.count()).toBe(1);
  await results.click();
  await page.waitForURL(/\/event\//);
}

describe('sign-in with Google', () => {
  it('shows only the providers that are on, with the terms line, and signs a new person in from the Google account', async () => {
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    const google = newPerson('Marina Costa Albuquerque');

    await page.goto('/auth');
    const googleButton = page.getByRole('button', { name: 'Continuar com Google' });
    await poll(() => googleButton.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continuar com Facebook' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continuar com Apple' }).count()).toBe(0);
    expect(await page.getByText('Ao continuar, você aceita os Termos de uso e a Política de privacidade.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Termos de uso' }).getAttribute('href')).toBe('/terms-of-service');
    expect(await page.getByRole('link', { name: 'Política de privacidade' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolationsInBothThemes(page, 'auth with Google');
    await shoot(page, 'auth-social');

    await googleButton.click();
    await page.waitForURL((url) => url.origin === app.baseUrl && url.pathname === '/', { timeout: 20_000 });

    await page.goto('/profile');
    await poll(() => page.getByRole('heading', { name: 'Marina Costa Albuquerque' }).isVisible()).toBe(true);
    await poll(() => page.getByText('Conta verificada').isVisible()).toBe(true);
    const [account] = await app.deps.db.select().from(users).where(eq(users.email, google.email));
    expect(account).toMatchObject({ name: 'Marina Costa Albuquerque', emailVerified: true });
    expect(
      (await app.deps.db.select().from(accounts).where(eq(accounts.userId, account.id))).map((a) => [a.providerId, a.accountId]),
    ).toEqual([['google', google.sub]]);
    await context.close();
  });

  it('brings a signed-out buyer back to the checkout with the same tickets', async () => {
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    const google = newPerson('Thiago Ribeiro Lopes');

    await openEvent(page, 'Techno All Night');
    const eventPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Aumentar quantidade de Pista (Inteira)' }).click();
    await page.getByRole('button', { name: 'Aumentar quantidade de Pista (Inteira)' }).click();
    await page.getByRole('button', { name: /^Comprar 2 ingresso/ }).click();

    await page.waitForURL((url) => url.pathname === '/auth');
    await poll(() => page.getByText('Seus ingressos escolhidos estão guardados.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Continuar com Google' }).click();

    await page.waitForURL((url) => url.pathname === eventPath && !url.searchParams.has('comprar'), { timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Finalizar Pagamento' });
    await poll(() => dialog.isVisible()).toBe(true);
    await poll(() => dialog.getByRole('list', { name: 'Ingressos do pedido' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^2 x Pista/),
    ]);
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe(google.email);
    await shoot(page, 'checkout-after-google');
    await context.close();
  });

  it('explains on /auth why Google could not sign in, and keeps the way back to the purchase', async () => {
    const context = await newContext(browser, smallPhone, app.baseUrl);
    const page = await context.newPage();
    // Someone typed this address at sign-up and never confirmed it: Google may not walk into that account.
    const google = newPerson('Carla Menezes');
    await app.deps.db
      .insert(users)
      .values({ id: randomUUID().replace(/-/g, ''), name: 'Quem Digitou', email: google.email, emailVerified: false });

    await page.goto('/auth?redirect=%2Ftickets');
    await page.getByRole('button', { name: 'Continuar com Google' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.has('error'), { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/tickets');
    const alert = page.getByRole('alert').filter({ hasText: 'Já existe uma conta com este e-mail.' });
    await poll(() => alert.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolationsInBothThemes(page, 'auth after a refused Google sign-in');
    await shoot(page, 'auth-social-refused');
    await context.close();
  });
});
