import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { createBuyer, poll, signInWithForm } from '../support/people';

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

/** The reset link of the newest e-mail to `email` (the .eml is quoted-printable). */
function resetLinkIn(mail: string): string {
  const decoded = mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const link = /(http:\/\/localhost:\d+\/api\/auth\/reset-password\/[^\s"<>]+)/.exec(decoded)?.[1];
  if (!link) throw new Error('no reset link in the e-mail');
  return link;
}

describe.each([
  ['phone 390x844', phone],
  ['desktop 1280x800', desktop],
] as const)('password reset on %s', (_label, size) => {
  it('a person who forgot the password gets a link by e-mail, sets a new one and signs in with it', async () => {
    const buyer = await createBuyer(app, { fullName: 'Marina Costa Ribeiro', emailPrefix: 'senha' });
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueceu sua senha?' }).click();
    await poll(() => page.getByRole('heading', { name: 'Esqueceu sua senha?' }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, '/auth recuperar senha');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await poll(() => page.getByText('Informe seu e-mail').isVisible()).toBe(true);
    await page.getByLabel('E-mail').fill(buyer.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await poll(() => page.getByText('Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha.').isVisible()).toBe(
      true,
    );

    let mail: string | null = null;
    await poll(() => (mail = app.lastMailTo(buyer.email))).not.toBeNull();
    // Still signed in on this phone with the old password when the link is opened here.
    const signedIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: buyer.email, password: buyer.password },
      headers: { origin: app.baseUrl },
    });
    expect(signedIn.status()).toBe(200);
    await page.goto(resetLinkIn(mail!));
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
    await poll(() => page.getByRole('heading', { name: 'Criar nova senha' }).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, '/reset-password');

    await page.getByLabel('Nova senha', { exact: true }).fill('minha-nova-senha-9');
    await page.getByLabel('Confirmar nova senha').fill('outra-coisa-123');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await poll(() => page.getByText('As senhas não coincidem').isVisible()).toBe(true);
    await page.getByLabel('Confirmar nova senha').fill('minha-nova-senha-9');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await poll(() => page.getByText('Senha alterada! Entre com a nova senha.').isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/auth');
    // That session ended with the reset: the login form stays, nobody is signed in.
    await poll(() => page.getByRole('button', { name: 'Esqueceu sua senha?' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');

    await signInWithForm(page, buyer.email, 'minha-nova-senha-9', '/tickets');
    await poll(() => page.getByText('Nenhum ingresso encontrado').isVisible()).toBe(true);
    await context.close();
  });

  it('refuses a used or broken link and points back to the login', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    await page.goto('/api/auth/reset-password/nao-existe?callbackURL=%2Freset-password');
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.get('error') === 'INVALID_TOKEN');
    await poll(() => page.getByText('Este link para criar uma nova senha é inválido ou expirou.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Ir para o login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await context.close();
  });
});
