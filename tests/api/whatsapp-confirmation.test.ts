import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, tickets, userNotificationSettings } from '../../src/server/db/schema';
import { recipientTag } from '../../src/server/lib/local-outbox';
import { runDueJobs } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// A WhatsApp number is confirmed by a code sent to it before any other message goes there: the
// code is the one message an unconfirmed number receives (services/profile/whatsapp-confirmation.ts,
// domain/whatsapp-confirmation.ts). The sender writes to DATA_DIR/outbox, as without the Cloud API.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<TestServer['signUpAs']>>;

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

const CONFIRM = '/api/me/notification-settings/whatsapp/confirm';
const NEW_CODE = '/api/me/notification-settings/whatsapp/code';

/** A mobile number of Itajaí no other test uses: its mask '(47) 9xxxx-xxxx' and E.164. */
function newNumber() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { masked: `(47) 9${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+55479${digits}` };
}

/** Saves the settings with WhatsApp on (or off) and `number`. */
function saveWhatsapp(person: Person, number: string | null, on = true) {
  return call('PUT', '/api/me/notification-settings', person.cookie, {
    emailNotifications: true,
    pushNotifications: false,
    whatsappNotifications: on,
    whatsappNumber: number,
    geolocationEnabled: false,
  });
}

/** Every WhatsApp text written to `e164` so far, oldest first (the outbox files carry a hash of the number). */
function whatsappTo(e164: string): string[] {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith(`${recipientTag(e164)}.whatsapp.txt`))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

const CODE_TEXT = /Seu código de confirmação do WhatsApp é (\d{6})\. Ele vale por 10 minutos\./;

/** Runs the due jobs, then reads the newest code sent to `e164`. */
async function codeSentTo(e164: string): Promise<string> {
  await runDueJobs(server.deps);
  const code = whatsappTo(e164)
    .map((text) => CODE_TEXT.exec(text)?.[1])
    .filter(Boolean)
    .at(-1);
  expect(code, `no code sent to ${e164}`).toMatch(/^\d{6}$/);
  return code!;
}

/** A code that is not `code` (the next number, wrapping). */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1e6).padStart(6, '0');
}

async function settingsRow(userId: string) {
  const [row] = await server.deps.db.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, userId));
  return row;
}

/** As if the last code had been asked for `ms` earlier: the one-a-minute limit has passed. */
async function askedEarlier(userId: string, ms: number) {
  const row = await settingsRow(userId);
  await server.deps.db
    .update(userNotificationSettings)
    .set({ whatsappCodeRequestedAt: new Date(row.whatsappCodeRequestedAt!.getTime() - ms) })
    .where(eq(userNotificationSettings.userId, userId));
}

/** `person` buys one ticket of a new event and pays by PIX: the purchase notice goes out on WhatsApp too when allowed. */
async function buyOne(person: Person, title: string) {
  const {
    event,
    sectors: [sector],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }], { title });
  const placed = await call('POST', '/api/orders', person.cookie, {
    eventId: event.id,
    items: [{ sectorId: sector.id, quantity: 1 }],
    buyer: { ...buyer, email: person.email },
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  expect((await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, person.cookie)).json().status).toBe('completed');
  const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, placed.json().id));
  return ticket;
}

/** `from` buys a ticket and transfers it to `to`'s e-mail: `to` is told in the app, by push and WhatsApp as allowed. */
async function transferTo(from: Person, to: Person, title: string) {
  const ticket = await buyOne(from, title);
  const sent = await call('POST', `/api/tickets/${ticket.id}/transfers`, from.cookie, { toName: 'Beatriz Souza', toEmail: to.email });
  expect(sent.statusCode, sent.body).toBe(201);
}

describe('confirming the WhatsApp number', () => {
  it('sends a 6-digit code to a saved number and nothing else until it is confirmed; then purchases and transfers go there', async () => {
    const bia = await server.signUpAs();
    const ana = await server.signUpAs();
    const number = newNumber();

    const saved = await saveWhatsapp(bia, number.masked);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      whatsappNotifications: true,
      whatsappNumber: number.masked,
      whatsappConfirmed: false,
      whatsappCodeSent: true,
    });
    const code = await codeSentTo(number.e164);
    expect(whatsappTo(number.e164)).toHaveLength(1);
    // Only a keyed hash is kept, in the row and nowhere else: the job drew the code when it sent it.
    const row = await settingsRow(bia.userId);
    expect(row.whatsappCodeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.whatsappCodeHash).not.toContain(code);
    expect(JSON.stringify(await server.deps.db.select().from(outbox))).not.toContain(code);
    expect(row.whatsappCodeExpiresAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row.whatsappCodeExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    // A purchase and a transfer before the confirmation: in the app only, no WhatsApp to the number.
    await buyOne(bia, 'Festa Antes da Confirmação');
    await transferTo(ana, bia, 'Show Transferido Antes');
    await runDueJobs(server.deps);
    expect(whatsappTo(number.e164)).toHaveLength(1);
    const titles = (await call('GET', '/api/notifications', bia.cookie)).json().notifications.map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Compra confirmada!', 'Você recebeu um ingresso']));
    // The skipped deliveries are done, not retried.
    const pendingWhatsapp = (await server.deps.db.select().from(outbox).where(eq(outbox.kind, 'notification_whatsapp'))).filter(
      (job) => job.doneAt === null,
    );
    expect(pendingWhatsapp).toEqual([]);

    const confirmed = await call('POST', CONFIRM, bia.cookie, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ whatsappConfirmed: true, whatsappCodeSent: false, whatsappNumber: number.masked });
    expect((await call('GET', '/api/me/notification-settings', bia.cookie)).json().whatsappConfirmed).toBe(true);
    expect(await settingsRow(bia.userId)).toMatchObject({
      whatsappVerifiedNumber: number.e164,
      whatsappCodeHash: null,
      whatsappCodeExpiresAt: null,
    });

    await buyOne(bia, 'Festa Depois da Confirmação');
    await transferTo(ana, bia, 'Show Transferido Depois');
    await runDueJobs(server.deps);
    const texts = whatsappTo(number.e164);
    expect(texts).toHaveLength(3);
    expect(texts.some((text) => text.includes('*Compra confirmada!*') && text.includes('Festa Depois da Confirmação'))).toBe(true);
    expect(texts.some((text) => text.includes('*Você recebeu um ingresso*') && text.includes('Show Transferido Depois'))).toBe(true);
    expect(texts.join('\n')).not.toMatch(/Antes/);
  });

  it('refuses a wrong code with 400 and counts it; after 5 even the right code is refused until a new code is asked for', async () => {
    const person = await server.signUpAs();
    const number = newNumber();
    await saveWhatsapp(person, number.masked);
    const code = await codeSentTo(number.e164);

    const wrong = await call('POST', CONFIRM, person.cookie, { code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'whatsapp_code_invalid',
      message: 'Código incorreto. Você ainda tem 4 tentativas.',
      details: { field: 'code', attemptsLeft: 4 },
    });
    expect((await settingsRow(person.userId)).whatsappCodeAttempts).toBe(1);

    // Malformed input: 400 in pt-BR, not counted, nothing changed.
    for (const payload of [{ code: '12ab56' }, { code: '12345' }, {}, { code: 123456 }]) {
      const bad = await call('POST', CONFIRM, person.cookie, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    }
    expect((await call('POST', CONFIRM, person.cookie, { code: '12ab56' })).json()).toMatchObject({
      message: 'O código tem 6 números',
      details: { field: 'code' },
    });
    expect((await settingsRow(person.userId)).whatsappCodeAttempts).toBe(1);

    for (const left of [3, 2, 1]) {
      expect((await call('POST', CONFIRM, person.cookie, { code: otherCode(code) })).json().details.attemptsLeft).toBe(left);
    }
    const fifth = await call('POST', CONFIRM, person.cookie, { code: otherCode(code) });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe('Código incorreto. Você errou 5 vezes: peça um novo código.');

    const spent = await call('POST', CONFIRM, person.cookie, { code });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toMatchObject({
      code: 'whatsapp_code_exhausted',
      message: 'Muitas tentativas com código errado. Peça um novo código.',
    });
    expect((await settingsRow(person.userId)).whatsappCodeAttempts).toBe(5);
    expect((await call('GET', '/api/me/notification-settings', person.cookie)).json()).toMatchObject({
      whatsappConfirmed: false,
      whatsappCodeSent: false,
    });

    // One code a minute: asked again at once, refused with the wait.
    const tooSoon = await call('POST', NEW_CODE, person.cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      code: 'whatsapp_code_too_soon',
      message: expect.stringMatching(/^Aguarde \d+ segundos? para pedir outro código\.$/),
    });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

    await askedEarlier(person.userId, 61_000);
    const again = await call('POST', NEW_CODE, person.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ whatsappConfirmed: false, whatsappCodeSent: true });
    const newCode = await codeSentTo(number.e164);
    expect(whatsappTo(number.e164)).toHaveLength(2);
    expect((await settingsRow(person.userId)).whatsappCodeAttempts).toBe(0);
    if (newCode !== code) expect((await call('POST', CONFIRM, person.cookie, { code })).json().code).toBe('whatsapp_code_invalid');
    const confirmed = await call('POST', CONFIRM, person.cookie, { code: newCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().whatsappConfirmed).toBe(true);

    // Confirmed: no code to confirm, none to ask for.
    expect((await call('POST', NEW_CODE, person.cookie)).json()).toMatchObject({
      code: 'whatsapp_already_confirmed',
      message: 'Este número de WhatsApp já está confirmado.',
    });
    expect((await call('POST', CONFIRM, person.cookie, { code: newCode })).statusCode).toBe(409);
  });

  it('refuses a code past its 10 minutes, uncounted, and a new one then confirms', async () => {
    const person = await server.signUpAs();
    const number = newNumber();
    await saveWhatsapp(person, number.masked);
    const code = await codeSentTo(number.e164);
    // Ten minutes later.
    await server.deps.db
      .update(userNotificationSettings)
      .set({ whatsappCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(userNotificationSettings.userId, person.userId));

    const expired = await call('POST', CONFIRM, person.cookie, { code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'whatsapp_code_expired',
      message: 'Este código expirou. Peça um novo código.',
      details: { field: 'code' },
    });
    expect(await settingsRow(person.userId)).toMatchObject({ whatsappCodeAttempts: 0, whatsappVerifiedAt: null });
    expect((await call('GET', '/api/me/notification-settings', person.cookie)).json()).toMatchObject({
      whatsappConfirmed: false,
      whatsappCodeSent: false,
    });

    await askedEarlier(person.userId, 61_000);
    expect((await call('POST', NEW_CODE, person.cookie)).statusCode).toBe(200);
    const confirmed = await call('POST', CONFIRM, person.cookie, { code: await codeSentTo(number.e164) });
    expect(confirmed.json().whatsappConfirmed).toBe(true);
  });

  it('un-confirms a changed number: nothing goes to the old one nor the new one until the new one is confirmed', async () => {
    const person = await server.signUpAs();
    const first = newNumber();
    const second = newNumber();
    await saveWhatsapp(person, first.masked);
    expect((await call('POST', CONFIRM, person.cookie, { code: await codeSentTo(first.e164) })).json().whatsappConfirmed).toBe(true);

    // The same number typed otherwise is no change; switching WhatsApp off and on keeps it confirmed.
    expect((await saveWhatsapp(person, first.e164)).json().whatsappConfirmed).toBe(true);
    expect((await saveWhatsapp(person, first.masked, false)).json().whatsappConfirmed).toBe(true);
    expect((await saveWhatsapp(person, first.masked)).json()).toMatchObject({ whatsappConfirmed: true, whatsappCodeSent: false });
    await runDueJobs(server.deps);
    expect(whatsappTo(first.e164)).toHaveLength(1);

    // Changed within the minute of the last code: unconfirmed, its code waits for 'Reenviar código'.
    const changed = await saveWhatsapp(person, second.masked);
    expect(changed.json()).toMatchObject({ whatsappNumber: second.masked, whatsappConfirmed: false, whatsappCodeSent: false });
    expect(await settingsRow(person.userId)).toMatchObject({
      whatsappNumber: second.e164,
      whatsappVerifiedNumber: null,
      whatsappVerifiedAt: null,
    });
    await buyOne(person, 'Festa do Número Trocado');
    await runDueJobs(server.deps);
    expect(whatsappTo(first.e164)).toHaveLength(1);
    expect(whatsappTo(second.e164)).toEqual([]);
    expect((await call('POST', NEW_CODE, person.cookie)).statusCode).toBe(429);

    await askedEarlier(person.userId, 61_000);
    expect((await call('POST', NEW_CODE, person.cookie)).json().whatsappCodeSent).toBe(true);
    const code = await codeSentTo(second.e164);
    expect(whatsappTo(second.e164)).toHaveLength(1);
    // Back to the first number: unconfirmed again, a code to it (a minute has passed).
    await askedEarlier(person.userId, 61_000);
    expect((await saveWhatsapp(person, first.masked)).json()).toMatchObject({ whatsappConfirmed: false, whatsappCodeSent: true });
    // The second number's code confirms nothing now: it was for that number.
    expect((await call('POST', CONFIRM, person.cookie, { code })).json().code).toBe('whatsapp_code_on_its_way');
    const firstCode = await codeSentTo(first.e164);
    expect((await call('POST', CONFIRM, person.cookie, { code: firstCode === code ? otherCode(code) : code })).json().code).toBe(
      'whatsapp_code_invalid',
    );
    expect((await call('POST', CONFIRM, person.cookie, { code: firstCode })).json().whatsappConfirmed).toBe(true);

    await buyOne(person, 'Festa Depois da Troca');
    await runDueJobs(server.deps);
    expect(whatsappTo(first.e164).filter((text) => text.includes('Compra confirmada!'))).toHaveLength(1);
    expect(whatsappTo(first.e164).join('\n')).not.toContain('Festa do Número Trocado');
    expect(whatsappTo(second.e164)).toHaveLength(1);
  });

  it('treats a number saved before confirmation existed as unconfirmed: nothing is sent to it until its owner asks for a code and types it', async () => {
    const person = await server.signUpAs();
    const number = newNumber();
    // A row as the migration leaves it: WhatsApp on with a number, the confirmation columns empty.
    await server.deps.db
      .insert(userNotificationSettings)
      .values({ userId: person.userId, whatsappNotifications: true, whatsappNumber: number.e164 });
    expect((await call('GET', '/api/me/notification-settings', person.cookie)).json()).toMatchObject({
      whatsappNotifications: true,
      whatsappNumber: number.masked,
      whatsappConfirmed: false,
      whatsappCodeSent: false,
    });
    await buyOne(person, 'Festa de Quem Já Tinha Número');
    await runDueJobs(server.deps);
    expect(whatsappTo(number.e164)).toEqual([]);
    // No code asked for yet.
    expect((await call('POST', CONFIRM, person.cookie, { code: '123456' })).json()).toMatchObject({ code: 'whatsapp_code_missing' });

    expect((await call('POST', NEW_CODE, person.cookie)).json().whatsappCodeSent).toBe(true);
    const confirmed = await call('POST', CONFIRM, person.cookie, { code: await codeSentTo(number.e164) });
    expect(confirmed.json().whatsappConfirmed).toBe(true);
  });

  it('needs a session, and WhatsApp on with a number', async () => {
    expect((await call('POST', CONFIRM, null, { code: '123456' })).statusCode).toBe(401);
    expect((await call('POST', NEW_CODE, null)).statusCode).toBe(401);
    const person = await server.signUpAs();
    const off = await call('POST', NEW_CODE, person.cookie);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'whatsapp_number_missing',
      message: 'Ative as notificações por WhatsApp e salve o seu número antes de confirmá-lo.',
    });
    expect((await call('POST', CONFIRM, person.cookie, { code: '123456' })).json().code).toBe('whatsapp_number_missing');
    // Switched off while a code is pending: the code is not sent, and cannot confirm.
    const number = newNumber();
    await saveWhatsapp(person, number.masked);
    await saveWhatsapp(person, number.masked, false);
    await runDueJobs(server.deps);
    expect(whatsappTo(number.e164)).toEqual([]);
    expect((await call('POST', CONFIRM, person.cookie, { code: '123456' })).json().code).toBe('whatsapp_number_missing');
  });
});
