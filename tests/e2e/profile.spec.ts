import { createECDH, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { events, orders, profiles, pushSubscriptions, tickets, users } from '../../src/server/db/schema';
import { checkInTicket } from '../../src/server/services/door/check-in-ticket';
import { launchBrowser, newContext, phone, desktop } from '../support/browser';
import { openDoorNow } from '../support/door';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, poll } from '../support/people';
import { createEvent } from '../support/test-server';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { recipientTag } from '../../src/server/lib/local-outbox';

// The signed-in person's own pages (docs/screens.md 'Profile', 'Profile edit', 'Settings' and
// 'Legal and data pages'; docs/rules/accounts-and-data.md 'Accounts and data'), driven as a person would, at phone and
// desktop sizes.

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

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const sizes = [
  ['phone 390x844', phone],
  ['desktop 1280x800', desktop],
] as const;

/** The WhatsApp files the app wrote to its local outbox for `e164` (named by a hash of the number), oldest first. */
function whatsappFilesTo(e164: string): string[] {
  const dir = join(app.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith(`${recipientTag(e164)}.whatsapp.txt`))
    .sort();
}

/** The confirmation code in the newest WhatsApp file for `e164` not among `known`; null: none yet. */
function newestWhatsappCode(e164: string, known: string[]): string | null {
  const fresh = whatsappFilesTo(e164).filter((name) => !known.includes(name));
  if (fresh.length === 0) return null;
  const text = readFileSync(join(app.dataDir, 'outbox', fresh[fresh.length - 1]), 'utf8');
  return /Seu código de confirmação do WhatsApp é (\d{6})\./.exec(text)?.[1] ?? null;
}

/** Signs the page's browser context in through the API (the sign-in form is the journey's test). */
async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: app.baseUrl } });
  expect(response.status()).toBe(200);
}

/** One paid order of `quantity` tickets at R$ 95,00 for a new event rated 4.5, and one of its tickets used at the door. */
async function attendAnEvent(page: Page, quantity: number): Promise<void> {
  const {
    event,
    sectors: [type],
  } = await createEvent(app, [{ name: 'Pista', priceCentavos: 9500, remaining: 20 }], {
    title: 'Festival do Perfil',
  });
  await app.deps.db.update(events).set({ rating: 4.5 }).where(eq(events.id, event.id));
  const placed = await page.request.post('/api/orders', {
    data: {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity }],
      buyer: { name: 'Helena Duarte Prado', email: 'helena@exemplo.com.br', phone: '(47) 99123-4567', cpf: '529.982.247-25' },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const paid = await page.request.post(`/api/orders/${order.id}/simulate-pix-payment`, { data: {} });
  expect((await paid.json()).status).toBe('completed');
  const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  const [door] = await app.deps.db
    .select()
    .from(users)
    .where(eq(users.email, app.createdAccounts.find((a) => a.roles.includes('admin'))!.email));
  await openDoorNow(app, event.id);
  const result = await checkInTicket(app.deps, { code: ticket.code, eventId: event.id, validatorId: door.id }, { opensMinutesBefore: 240 });
  expect(result.accepted).toBe(true);
}

/**
 * Headless Chromium cannot make a real push subscription (no push service), so PushManager gets a
 * stand-in subscription with real P-256 keys, as in push.spec.ts; the permission, the service
 * worker's registration, the POST to the server and the saved setting stay the app's.
 */
async function giveBrowserPushService(context: BrowserContext) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const device = {
    endpoint: `https://fcm.googleapis.com/fcm/send/perfil-${randomBytes(4).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  await context.addInitScript(({ endpoint, p256dh, auth }) => {
    let current: unknown = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer).slice().buffer;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      current = subscription;
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return current as PushSubscription | null;
    };
  }, device);
  return device;
}

async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

describe.each(sizes)('own pages on %s', (_label, size) => {
  it('the profile shows the statistics; editing saves the phone and goes back to the profile', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Helena Duarte Prado', emailPrefix: 'perfil' });
    await signIn(page, buyer.email, buyer.password);
    await attendAnEvent(page, 2);

    await page.goto('/profile');
    await poll(() => page.getByRole('heading', { name: 'Helena Duarte Prado' }).isVisible()).toBe(true);
    await poll(() => page.getByText(/^Membro desde [a-zç]+ de \d{4}$/).isVisible()).toBe(true);
    await poll(() => page.getByText('Não informado').isVisible()).toBe(true);
    await poll(() => page.getByText('Conta verificada').isVisible()).toBe(true);
    const stats = page.getByRole('region', { name: 'Estatísticas' });
    await poll(() => stats.getByText('Eventos frequentados').isVisible()).toBe(true);
    await poll(async () => (await stats.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Eventos frequentados ?1 ?Total gasto ?R\$ 190,00 ?Ingressos e taxas, já sem os reembolsos ?Avaliação média ?4,5/,
    );
    await expectNoAxeViolationsInBothThemes(page, '/profile');

    await page.getByRole('link', { name: 'Editar perfil' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/edit');
    const phoneField = page.getByLabel('Telefone');
    await poll(() => phoneField.isVisible()).toBe(true);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(buyer.email);
    expect(await page.getByLabel('E-mail').getAttribute('readonly')).not.toBeNull();
    await poll(() => page.getByText('O e-mail não pode ser alterado').isVisible()).toBe(true);
    expect(await phoneField.getAttribute('placeholder')).toBe('(11) 99999-9999');
    await expectNoAxeViolationsInBothThemes(page, '/profile/edit');

    // The picture: a file that is not an image is refused before sending; a PNG is stored at once.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não sou uma imagem') });
    await poll(() => page.getByText('Formato inválido').isVisible()).toBe(true);
    await poll(() => page.getByText('Por favor, selecione uma imagem JPG, PNG ou WebP.').isVisible()).toBe(true);
    await picker.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await poll(() => page.getByText('Foto atualizada! 📸').isVisible()).toBe(true);
    await poll(() => page.getByLabel('URL do avatar').inputValue()).toMatch(new RegExp(`^/uploads/avatars/${buyer.id}-[0-9a-f]+\\.png$`));

    // A phone that is not Brazilian is refused on the form, with the server's words.
    await phoneField.fill('2012');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => page.getByText('Telefone inválido').isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/profile\/edit$/);

    await phoneField.fill('21987654321');
    expect(await phoneField.inputValue()).toBe('(21) 98765-4321');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await poll(() => page.getByText('Perfil atualizado').isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/profile');
    await poll(() => page.getByText('(21) 98765-4321').isVisible()).toBe(true);
    const picture = page.getByRole('img', { name: 'Foto de Helena Duarte Prado' });
    await poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    const [stored] = await app.deps.db.select().from(profiles).where(eq(profiles.id, buyer.id));
    expect(stored.phone).toBe('(21) 98765-4321');
    await context.close();
  });

  it('settings: the dark-mode switch works and survives a reload; notification toggles are saved', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const device = await giveBrowserPushService(context);
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Helena Duarte Prado', emailPrefix: 'perfil' });
    await signIn(page, buyer.email, buyer.password);
    await page.goto('/settings');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Configurações' }).isVisible()).toBe(true);
    await poll(() => page.getByText('Português (Brasil)').isVisible()).toBe(true);
    for (const name of ['Política de privacidade', 'Termos de uso', 'Gerenciar meus dados']) {
      await poll(() => page.locator('main').getByRole('link', { name }).isVisible()).toBe(true);
    }
    const emailSwitch = page.getByRole('switch', { name: 'Notificações por e-mail' });
    await poll(() => emailSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Notificações push' }).getAttribute('aria-checked')).toBe('false');
    await expectNoAxeViolationsInBothThemes(page, '/settings');

    expect(await isDark(page)).toBe(false);
    await page.getByRole('radio', { name: 'Escuro' }).check({ force: true });
    await poll(() => isDark(page)).toBe(true);
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.reload();
    await poll(() => page.getByRole('heading', { level: 1, name: 'Configurações' }).isVisible()).toBe(true);
    expect(await isDark(page)).toBe(true);
    expect(await page.getByRole('radio', { name: 'Escuro' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Claro' }).check({ force: true });
    await poll(() => isDark(page)).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
    // 'Automático' follows the device.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('radio', { name: 'Automático (segue o aparelho)' }).check({ force: true });
    await poll(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await poll(() => isDark(page)).toBe(false);

    await emailSwitch.click();
    await poll(() => page.getByText('Configurações atualizadas com sucesso!').isVisible()).toBe(true);
    await poll(() => emailSwitch.getAttribute('aria-checked')).toBe('false');

    await context.grantPermissions(['notifications', 'geolocation'], { origin: app.baseUrl });
    await context.setGeolocation({ latitude: -26.9078, longitude: -48.6619 });
    // The service worker installs and takes control (precaching the app): up to 30 s on a busy machine.
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 30_000).toBe(true);
    await page.getByRole('switch', { name: 'Notificações push' }).click();
    await poll(() => page.getByText('Notificações ativadas!').isVisible()).toBe(true);
    await poll(async () =>
      (await app.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, buyer.id))).map((s) => s.endpoint),
    ).toEqual([device.endpoint]);
    await page.getByRole('switch', { name: 'Localização' }).click();
    await poll(() => page.getByText('Localização ativada!').isVisible()).toBe(true);

    await page.getByRole('switch', { name: 'Notificações por WhatsApp' }).click();
    const number = page.getByLabel('Número do WhatsApp');
    await poll(() => number.isVisible()).toBe(true);
    await number.fill('47991234567');
    const codesBefore = whatsappFilesTo('+5547991234567');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await poll(() => page.getByRole('switch', { name: 'Notificações por WhatsApp' }).getAttribute('aria-checked')).toBe('true');

    // The number is confirmed with the code the app sent to it before any message goes there.
    await poll(() => page.getByText('Enviamos um código por WhatsApp para +55 47 99123-4567.', { exact: false }).isVisible()).toBe(true);
    const codeField = page.getByLabel('Código de confirmação');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    // The shots start at the number field, so the code block below it is on screen.
    const whatsappBlock = page.getByLabel('Número do WhatsApp');
    if (size === phone) await shoot(page, 'settings-whatsapp-code', { region: whatsappBlock });
    // The worker writes the code to the local outbox (no WhatsApp API here): read it as the phone would.
    await poll(() => newestWhatsappCode('+5547991234567', codesBefore)).toMatch(/^\d{6}$/);
    const code = newestWhatsappCode('+5547991234567', codesBefore)!;
    await codeField.fill(String((Number(code) + 1) % 1e6).padStart(6, '0'));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await poll(() => page.getByText('Código incorreto. Você ainda tem 4 tentativas.').isVisible()).toBe(true);
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolationsInBothThemes(page, '/settings with the WhatsApp code');
    if (size === phone) await shoot(page, 'settings-whatsapp-code-wrong', { region: whatsappBlock });
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await poll(() => page.getByText('Número confirmado', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Código de confirmação').count()).toBe(0);
    if (size === phone) await shoot(page, 'settings-whatsapp-confirmed', { region: whatsappBlock });

    await page.reload();
    await poll(() => page.getByRole('switch', { name: 'Localização' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Notificações por e-mail' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: 'Notificações push' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Número do WhatsApp').inputValue()).toBe('(47) 99123-4567');
    expect(await page.getByText('Número confirmado', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('data management downloads a JSON with the user’s data, and deleting the account signs out', async () => {
    const context = await newContext(browser, size, app.baseUrl);
    const page = await context.newPage();
    const buyer = await createBuyer(app, { fullName: 'Helena Duarte Prado', emailPrefix: 'perfil' });
    await signIn(page, buyer.email, buyer.password);
    await attendAnEvent(page, 1);

    await page.goto('/data-management');
    await poll(() => page.getByText(buyer.email).isVisible()).toBe(true);
    await poll(() => page.getByText(/^\d{1,2} de [a-zç]+ de \d{4}$/).isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, '/data-management');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Solicitar download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^meus-dados-next-level-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.account.email).toBe(buyer.email);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].tickets[0].code).toEqual(expect.any(String));
    await poll(() => page.getByText('Download iniciado').isVisible()).toBe(true);

    // Phone: from the profile's 'Excluir conta'; desktop: from data management's button.
    if (size === phone) {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Excluir conta' }).click();
    } else {
      await page.getByRole('button', { name: 'Excluir conta permanentemente' }).click();
    }
    const dialog = page.getByRole('alertdialog', { name: 'Tem certeza?' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    expect(await app.deps.db.select().from(users).where(eq(users.id, buyer.id))).toHaveLength(1);

    await page.getByRole('button', { name: size === phone ? 'Excluir conta' : 'Excluir conta permanentemente' }).click();
    await dialog.getByRole('button', { name: 'Sim, excluir conta' }).click();
    await poll(() => page.getByText('Conta excluída').isVisible()).toBe(true);
    await poll(() => page.getByText('Seus dados foram removidos.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    const me = await (await page.request.get('/api/me')).json();
    expect(me.user).toBeNull();
    expect(await app.deps.db.select().from(users).where(eq(users.id, buyer.id))).toEqual([]);
    const kept = await app.deps.db.select().from(orders).where(eq(orders.buyerName, 'Conta excluída'));
    expect(kept.length).toBeGreaterThan(0);

    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    await context.close();
  });
});
