import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import {
  accounts,
  events,
  notifications,
  orders,
  profiles,
  pushSubscriptions,
  refunds,
  sessions,
  sectors,
  tickets,
  userFavorites,
  userNotificationSettings,
  userRoles,
  users,
} from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { runWorkerOnce } from '../../src/server/worker';
import { DELETED_REFUND_REASON } from '../../src/server/services/profile/delete-account';
import { createMailer } from '../../src/server/mail/mailer';
import { formatCpf, isValidCpf } from '../../src/shared/cpf';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { scanAtItsDoor } from '../support/door';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A multipart/form-data body with one file in the field 'file'. */
function avatarUpload(cookie: string | null, bytes: Buffer, fileName = 'foto.png', type = 'image/png') {
  const boundary = '----perfil-teste';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

function avatarFiles(): string[] {
  const dir = join(server.dataDir, 'uploads', 'avatars');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** Places an order for `quantity` units of a new event's only ticket type; pays it unless `pay` is false. */
async function buy(cookie: string, options: { priceCentavos: number; quantity: number; pay?: boolean; rating?: number | null }) {
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: options.priceCentavos, remaining: 20 }]);
  if (options.rating !== undefined) await server.deps.db.update(events).set({ rating: options.rating }).where(eq(events.id, event.id));
  const placed = await call('POST', '/api/orders', cookie, {
    eventId: event.id,
    items: [{ sectorId: type.id, quantity: options.quantity }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json().id as string;
  if (options.pay !== false) {
    const paid = await call('POST', `/api/orders/${orderId}/simulate-pix-payment`, cookie, {});
    expect(paid.json().status).toBe('completed');
  }
  return { orderId, eventId: event.id, sectorId: type.id };
}

async function ticketCodes(orderId: string): Promise<string[]> {
  const rows = await server.deps.db.select({ code: tickets.code }).from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.id);
  return rows.map((r) => r.code);
}

async function checkIn(validatorCookie: string, code: string) {
  const response = await scanAtItsDoor(server, validatorCookie, code);
  expect(response.statusCode).toBe(200);
  return response.json() as { accepted: boolean };
}

/** A valid CPF drawn at random (check digits by the Receita Federal's modulo 11 rule), so no other test's data holds it. */
function randomCpf(): string {
  const checkDigit = (digits: number[]) => {
    const sum = digits.reduce((total, digit, i) => total + digit * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  for (;;) {
    const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    const first = checkDigit(base);
    const cpf = formatCpf([...base, first, checkDigit([...base, first])].join(''));
    if (isValidCpf(cpf)) return cpf;
  }
}

/** A person whose every datum is found nowhere else: name, e-mail, mobile phone, CPF, two holder names and a refund reason. */
function distinctivePerson() {
  const tag = Math.random().toString(36).slice(2, 10);
  const digit = () => Math.floor(Math.random() * 10);
  const subscriber = Array.from({ length: 8 }, digit).join('');
  return {
    name: `Genoveva ${tag} Quintanilha`,
    email: `genoveva.${tag}@exemplo.com.br`,
    phone: `(47) 9${subscriber.slice(0, 4)}-${subscriber.slice(4)}`,
    phoneDigits: `479${subscriber}`,
    cpf: randomCpf(),
    holderNames: [`Teodoro ${tag} Saraiva`, `Iolanda ${tag} Prates`],
    refundReason: `Cirurgia marcada ${tag} no dia do show`,
    pushEndpoint: `https://fcm.googleapis.com/fcm/send/${tag}:APA91bH${tag}`,
  };
}

/**
 * Every text, varchar, json(b) and array column of every table of the public schema
 * (information_schema.columns) holding one of `needles`, case-insensitively: 'table.column: needle'.
 */
async function columnsHolding(needles: string[]): Promise<string[]> {
  const { db } = server.deps;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT c.table_name, c.column_name
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
        ORDER BY c.table_name, c.column_name`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const list = sql.join(
    needles.map((needle) => sql`${needle}`),
    sql`, `,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await queryRows<{ needle: string }>(
      db,
      sql`SELECT needle FROM unnest(ARRAY[${list}]::text[]) AS needle
          WHERE EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE strpos(lower(${sql.identifier(column)}::text), lower(needle)) > 0)`,
    );
    found.push(...rows.map((row) => `${table}.${column}: ${row.needle}`));
  }
  return found;
}

describe('the own-data routes need a signed-in user', () => {
  it('answers 401 to every route without a session', async () => {
    const responses = [
      await call('GET', '/api/me/profile', null),
      await call('PUT', '/api/me/profile', null, { fullName: 'Alguém', phone: null, avatarUrl: null }),
      await call('GET', '/api/me/stats', null),
      await avatarUpload(null, PNG),
      await call('GET', '/api/me/notification-settings', null),
      await call('PUT', '/api/me/notification-settings', null, {
        emailNotifications: false,
        pushNotifications: false,
        whatsappNotifications: false,
        whatsappNumber: null,
        geolocationEnabled: false,
      }),
      await call('GET', '/api/me/export', null),
      await call('DELETE', '/api/me', null),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
    expect(avatarFiles()).toEqual([]);
  });
});

describe('profile', () => {
  it('shows the account with its verified state and creates a missing profile named after the e-mail', async () => {
    const { cookie, email, userId } = await server.signUpAs();
    const first = await call('GET', '/api/me/profile', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: userId, email, emailVerified: true, fullName: 'Pessoa Teste', phone: null, avatarUrl: null });
    expect(new Date(first.json().createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await server.deps.db.delete(profiles).where(eq(profiles.id, userId));
    await server.deps.db.update(users).set({ name: '' }).where(eq(users.id, userId));
    const recreated = await call('GET', '/api/me/profile', cookie);
    expect(recreated.json().fullName).toBe(email);
    const [stored] = await server.deps.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(stored.fullName).toBe(email);
  });

  it('saves name, masked phone and avatar address, never the e-mail', async () => {
    const { cookie, email, userId } = await server.signUpAs();
    const response = await call('PUT', '/api/me/profile', cookie, {
      fullName: '  Carla Menezes Rocha ',
      phone: '47991234567',
      avatarUrl: 'https://exemplo.com.br/carla.png',
      email: 'outro@exemplo.com.br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email,
      fullName: 'Carla Menezes Rocha',
      phone: '(47) 99123-4567',
      avatarUrl: 'https://exemplo.com.br/carla.png',
    });
    const [user] = await server.deps.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email, name: 'Carla Menezes Rocha' });

    const cleared = await call('PUT', '/api/me/profile', cookie, { fullName: '', phone: '', avatarUrl: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ fullName: email, phone: null, avatarUrl: null });
  });

  it('refuses an invalid phone or avatar address with a pt-BR message and changes nothing', async () => {
    const { cookie, userId } = await server.signUpAs();
    await call('PUT', '/api/me/profile', cookie, { fullName: 'Davi Lopes', phone: '(11) 98765-4321', avatarUrl: null });
    const before = await server.deps.db.select().from(profiles).where(eq(profiles.id, userId));

    const badPhone = await call('PUT', '/api/me/profile', cookie, { fullName: 'Outro Nome', phone: '(20) 1234', avatarUrl: null });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({ code: 'validation_failed', message: 'Telefone inválido', details: { field: 'phone' } });

    const badAvatar = await call('PUT', '/api/me/profile', cookie, {
      fullName: 'Outro Nome',
      phone: null,
      avatarUrl: 'javascript:alert(1)',
    });
    expect(badAvatar.statusCode).toBe(400);
    expect(badAvatar.json().details.field).toBe('avatarUrl');
    expect(badAvatar.json().message).toMatch(/^URL do avatar inválida/);

    const tooLong = await call('PUT', '/api/me/profile', cookie, { fullName: 'x'.repeat(121), phone: null, avatarUrl: null });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details.field).toBe('fullName');

    expect(await server.deps.db.select().from(profiles).where(eq(profiles.id, userId))).toEqual(before);
  });
});

describe('avatar upload', () => {
  it('stores a picture under the user id, points the profile at it and removes the previous one', async () => {
    const { cookie, userId } = await server.signUpAs();
    const first = await avatarUpload(cookie, PNG);
    expect(first.statusCode).toBe(201);
    const firstUrl = first.json().avatarUrl as string;
    expect(firstUrl).toMatch(new RegExp(`^/uploads/avatars/${userId}-[0-9a-f]+\\.png$`));
    expect(avatarFiles()).toContain(firstUrl.split('/').pop());

    // The type comes from the bytes: a JPEG named .png is stored as .jpg.
    const second = await avatarUpload(cookie, JPEG, 'foto.png', 'image/png');
    expect(second.statusCode).toBe(201);
    const secondUrl = second.json().avatarUrl as string;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect(avatarFiles()).toContain(secondUrl.split('/').pop());
    expect(avatarFiles()).not.toContain(firstUrl.split('/').pop());
    const profile = await call('GET', '/api/me/profile', cookie);
    expect(profile.json().avatarUrl).toBe(secondUrl);

    // Replacing the address by hand also removes the stored file.
    await call('PUT', '/api/me/profile', cookie, { fullName: 'Pessoa Teste', phone: null, avatarUrl: 'https://exemplo.com.br/a.png' });
    expect(avatarFiles()).not.toContain(secondUrl.split('/').pop());
  });

  it('refuses a file that is not JPEG, PNG or WebP, whatever it claims to be', async () => {
    const { cookie, userId } = await server.signUpAs();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await avatarUpload(cookie, svg, 'foto.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'image_invalid',
      message: 'Formato inválido. Por favor, selecione uma imagem JPG, PNG ou WebP.',
    });
    expect(avatarFiles().filter((f) => f.startsWith(userId))).toEqual([]);
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile.avatarUrl).toBeNull();
  });

  it('refuses a picture above 5 MB', async () => {
    const { cookie, userId } = await server.signUpAs();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const response = await avatarUpload(cookie, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'image_too_large', message: 'Arquivo muito grande. A imagem deve ter no máximo 5MB.' });
    expect(avatarFiles().filter((f) => f.startsWith(userId))).toEqual([]);
  });
});

describe('statistics', () => {
  it('counts a new user as 0 events, R$ 0,00 and no rating', async () => {
    const { cookie } = await server.signUpAs();
    const response = await call('GET', '/api/me/stats', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ eventsAttended: 0, totalSpentCentavos: 0, averageRating: null });
  });

  it('counts distinct events entered, completed orders only, and the mean rating of the events entered', async () => {
    const { cookie } = await server.signUpAs();
    const other = await server.signUpAs();
    const { cookie: door } = await server.signUpAs(['validator']);

    const a = await buy(cookie, { priceCentavos: 8000, quantity: 2, rating: 4.5 }); // R$ 160,00, both tickets used
    const b = await buy(cookie, { priceCentavos: 5000, quantity: 1, rating: 3 }); // R$ 50,00, used
    const c = await buy(cookie, { priceCentavos: 12000, quantity: 1, rating: null }); // R$ 120,00, used, no rating
    await buy(cookie, { priceCentavos: 9900, quantity: 1, rating: 1 }); // R$ 99,00, paid, never entered
    await buy(cookie, { priceCentavos: 3000, quantity: 1, pay: false }); // pending: not spent
    const someoneElse = await buy(other.cookie, { priceCentavos: 7000, quantity: 1, rating: 5 });

    for (const code of await ticketCodes(a.orderId)) expect((await checkIn(door, code)).accepted).toBe(true);
    const [bCode] = await ticketCodes(b.orderId);
    expect((await checkIn(door, bCode)).accepted).toBe(true);
    expect((await checkIn(door, bCode)).accepted).toBe(false); // a refused second scan changes nothing
    const [cCode] = await ticketCodes(c.orderId);
    expect((await checkIn(door, cCode)).accepted).toBe(true);
    const [otherCode] = await ticketCodes(someoneElse.orderId);
    expect((await checkIn(door, otherCode)).accepted).toBe(true);

    const response = await call('GET', '/api/me/stats', cookie);
    expect(response.json()).toEqual({ eventsAttended: 3, totalSpentCentavos: 16000 + 5000 + 12000 + 9900, averageRating: 3.8 });
  });
});

describe('notification settings', () => {
  const saved = {
    emailNotifications: false,
    pushNotifications: true,
    whatsappNotifications: true,
    whatsappNumber: '11987654321',
    geolocationEnabled: true,
    brandNewsNotifications: true,
    followedBrands: [],
  };

  it('starts with e-mail on and everything else off', async () => {
    const { cookie } = await server.signUpAs();
    const response = await call('GET', '/api/me/notification-settings', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      emailNotifications: true,
      pushNotifications: false,
      whatsappNotifications: false,
      whatsappNumber: null,
      whatsappConfirmed: false,
      whatsappCodeSent: false,
      geolocationEnabled: false,
      brandNewsNotifications: false,
      followedBrands: [],
    });
  });

  it('saves every setting, the WhatsApp number masked, and reads them back', async () => {
    const { cookie, userId } = await server.signUpAs();
    const response = await call('PUT', '/api/me/notification-settings', cookie, saved);
    expect(response.statusCode).toBe(200);
    // The number is not confirmed yet: a code was sent to it (whatsapp-confirmation.test.ts).
    const expected = { ...saved, whatsappNumber: '(11) 98765-4321', whatsappConfirmed: false, whatsappCodeSent: true };
    expect(response.json()).toEqual(expected);
    expect((await call('GET', '/api/me/notification-settings', cookie)).json()).toEqual(expected);
    const rows = await server.deps.db.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, userId));
    expect(rows).toHaveLength(1);

    const again = await call('PUT', '/api/me/notification-settings', cookie, {
      ...saved,
      whatsappNotifications: false,
      pushNotifications: false,
    });
    expect(again.json()).toMatchObject({ whatsappNotifications: false, pushNotifications: false, whatsappNumber: '(11) 98765-4321' });
  });

  it('refuses WhatsApp without a valid number and changes nothing', async () => {
    const { cookie } = await server.signUpAs();
    const missing = await call('PUT', '/api/me/notification-settings', cookie, { ...saved, whatsappNumber: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Informe o número do WhatsApp', details: { field: 'whatsappNumber' } });
    const invalid = await call('PUT', '/api/me/notification-settings', cookie, { ...saved, whatsappNumber: '123' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Número de WhatsApp inválido');
    const notBoolean = await call('PUT', '/api/me/notification-settings', cookie, { ...saved, pushNotifications: 'sim' });
    expect(notBoolean.statusCode).toBe(400);
    expect((await call('GET', '/api/me/notification-settings', cookie)).json().emailNotifications).toBe(true);
  });
});

describe('data export', () => {
  it('downloads the user’s own data as a JSON file, ticket codes included, nobody else’s', async () => {
    const { cookie, email, userId } = await server.signUpAs();
    const other = await server.signUpAs();
    const paid = await buy(cookie, { priceCentavos: 8000, quantity: 2 });
    await buy(other.cookie, { priceCentavos: 8000, quantity: 1 });
    await server.deps.db.insert(userFavorites).values({ userId, eventId: paid.eventId });
    await server.deps.db.insert(notifications).values({ userId, type: 'event', title: 'Seu evento é amanhã', message: 'Chegue cedo.' });
    await call('PUT', '/api/me/notification-settings', cookie, {
      emailNotifications: true,
      pushNotifications: false,
      whatsappNotifications: false,
      whatsappNumber: null,
      geolocationEnabled: true,
    });
    const refund = await call('POST', '/api/refunds', cookie, { orderId: paid.orderId, reason: 'Não vou poder ir' });
    expect(refund.statusCode).toBe(201);

    const response = await call('GET', '/api/me/export', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados-next-level-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data.account).toMatchObject({ id: userId, email, emailVerified: true });
    expect(data.profile).toMatchObject({ fullName: 'Pessoa Teste' });
    expect(data.roles).toEqual(['user']);
    expect(data.notificationSettings).toMatchObject({ geolocationEnabled: true, emailNotifications: true });
    expect(data.favorites).toEqual([expect.objectContaining({ eventId: paid.eventId, eventTitle: 'Evento de Teste' })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      id: paid.orderId,
      status: 'completed',
      totalCentavos: 16000,
      buyer: { name: buyer.name, email: buyer.email },
      items: [{ sectorName: 'Pista', quantity: 2, unitPriceCentavos: 8000 }],
    });
    expect(data.orders[0].tickets.map((t: { code: string }) => t.code).sort()).toEqual((await ticketCodes(paid.orderId)).sort());
    expect(data.refunds).toEqual([expect.objectContaining({ orderId: paid.orderId, amountCentavos: 16000, status: 'pending' })]);
    expect(data.notifications).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Seu evento é amanhã', read: false })]));
    const ownNotifications = await server.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(data.notifications).toHaveLength(ownNotifications.length);
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toMatch(/password|senha-de-teste/i);
  });
  it('includes the holder names of the tickets, the push subscriptions, the signed-in devices and the login methods, never their keys', async () => {
    const { cookie, userId } = await server.signUpAs();
    const p256dh = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const auth = 'tBHItJI5svbpez7KI4CCXg';
    const subscribed = await server.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131' },
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-da-ana:APA91b', keys: { p256dh, auth } },
    });
    expect(subscribed.statusCode).toBe(204);
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }]);
    const placed = await call('POST', '/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2, holderNames: ['Clara Nunes Vieira', 'Otávio Mendes'] }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode).toBe(201);
    expect((await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, cookie, {})).json().status).toBe('completed');

    const response = await call('GET', '/api/me/export', cookie);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    const [order] = data.orders;
    expect(order.items).toEqual([
      expect.objectContaining({ sectorName: 'Pista', quantity: 2, holderNames: ['Clara Nunes Vieira', 'Otávio Mendes'] }),
    ]);
    expect(order.tickets.map((t: { holderName: string | null }) => t.holderName).sort()).toEqual(['Clara Nunes Vieira', 'Otávio Mendes']);
    const [subscription] = await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    expect(data.pushSubscriptions).toEqual([
      {
        endpointHost: 'fcm.googleapis.com',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
        createdAt: subscription.createdAt.toISOString(),
      },
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ createdAt: expect.any(String), expiresAt: expect.any(String) })]);
    expect(data.logins).toEqual([expect.objectContaining({ provider: 'credential', createdAt: expect.any(String) })]);
    const [session] = await server.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
    for (const secret of [p256dh, auth, 'dispositivo-da-ana', session.token]) expect(response.body).not.toContain(secret);
  });
});

describe('account deletion', () => {
  it('anonymises the orders, releases pending ones and removes the user; the old session stops working', async () => {
    const { cookie, email, userId } = await server.signUpAs();
    const paid = await buy(cookie, { priceCentavos: 8000, quantity: 2 });
    const pending = await buy(cookie, { priceCentavos: 3000, quantity: 3, pay: false });
    const [stockBefore] = await server.deps.db.select().from(sectors).where(eq(sectors.id, pending.sectorId));
    expect(stockBefore.remaining).toBe(17);
    await server.deps.db.insert(userFavorites).values({ userId, eventId: paid.eventId });
    await server.deps.db.insert(notifications).values({ userId, type: 'event', title: 'Olá', message: 'Mensagem' });
    await call('PUT', '/api/me/notification-settings', cookie, {
      emailNotifications: true,
      pushNotifications: true,
      whatsappNotifications: false,
      whatsappNumber: null,
      geolocationEnabled: false,
    });
    const avatar = await avatarUpload(cookie, PNG);
    const avatarName = (avatar.json().avatarUrl as string).split('/').pop();
    expect(avatarFiles()).toContain(avatarName);

    const response = await call('DELETE', '/api/me', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });

    const { db } = server.deps;
    const kept = await db
      .select()
      .from(orders)
      .where(inArray(orders.id, [paid.orderId, pending.orderId]));
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      expect(order).toMatchObject({ userId: null, buyerName: 'Conta excluída', buyerPhone: '', buyerCpf: '' });
      expect(order.buyerEmail).toMatch(/^excluida-[0-9a-f]{16}@invalid$/);
    }
    const paidOrder = kept.find((o) => o.id === paid.orderId)!;
    expect(paidOrder).toMatchObject({ status: 'completed', totalCentavos: 16000 });
    expect(kept.find((o) => o.id === pending.orderId)!.status).toBe('cancelled');
    const [stockAfter] = await db.select().from(sectors).where(eq(sectors.id, pending.sectorId));
    expect(stockAfter.remaining).toBe(20);
    const issued = await db.select().from(tickets).where(eq(tickets.orderId, paid.orderId));
    expect(issued).toHaveLength(2);
    expect(issued.every((t) => t.userId === null)).toBe(true);

    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    for (const rows of [
      await db.select().from(profiles).where(eq(profiles.id, userId)),
      await db.select().from(userRoles).where(eq(userRoles.userId, userId)),
      await db.select().from(sessions).where(eq(sessions.userId, userId)),
      await db.select().from(accounts).where(eq(accounts.userId, userId)),
      await db.select().from(userFavorites).where(eq(userFavorites.userId, userId)),
      await db.select().from(notifications).where(eq(notifications.userId, userId)),
      await db.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, userId)),
    ]) {
      expect(rows).toEqual([]);
    }
    expect(avatarFiles()).not.toContain(avatarName);

    const afterwards = await call('GET', '/api/me/profile', cookie);
    expect(afterwards.statusCode).toBe(401);
    const me = await call('GET', '/api/me', cookie);
    expect(me.json().user).toBeNull();
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { email, password: 'senha-de-teste-123' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('leaves no column holding the name, e-mail, phone, CPF, holder names or refund reason of the deleted account', async () => {
    const person = distinctivePerson();
    const { cookie } = await server.signUpAs(['user'], person.email);
    expect((await call('PUT', '/api/me/profile', cookie, { fullName: person.name, phone: person.phone, avatarUrl: null })).statusCode).toBe(
      200,
    );
    expect(
      (
        await call('PUT', '/api/me/notification-settings', cookie, {
          emailNotifications: true,
          pushNotifications: true,
          whatsappNotifications: true,
          whatsappNumber: person.phone,
          geolocationEnabled: false,
        })
      ).statusCode,
    ).toBe(200);
    const subscribed = await call('POST', '/api/push/subscriptions', cookie, {
      endpoint: person.pushEndpoint,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(subscribed.statusCode).toBe(204);
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }]);
    const placed = await call('POST', '/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2, holderNames: person.holderNames }],
      buyer: { name: person.name, email: person.email, phone: person.phone, cpf: person.cpf },
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as string;
    expect((await call('POST', `/api/orders/${orderId}/simulate-pix-payment`, cookie, {})).json().status).toBe('completed');
    const [firstTicket] = await server.deps.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.orderId, orderId))
      .orderBy(tickets.id);
    const refund = await call('POST', '/api/refunds', cookie, { orderId, ticketIds: [firstTicket.id], reason: person.refundReason });
    expect(refund.statusCode).toBe(201);
    // The purchase notice goes out on the channels switched on (push not sent: no outside calls in tests).
    await runWorkerOnce({ ...server.deps, push: undefined });
    expect((await call('GET', '/api/notifications', cookie)).json().notifications.length).toBeGreaterThan(0);

    const needles = [
      person.name,
      person.email,
      person.phone,
      person.phoneDigits,
      person.cpf,
      person.cpf.replace(/\D/g, ''),
      ...person.holderNames,
      person.refundReason,
      person.pushEndpoint,
    ];
    // The scan sees each datum where the product keeps it while the account lives.
    const before = await columnsHolding(needles);
    for (const needle of needles.filter((n) => n !== person.cpf))
      expect(
        before.some((hit) => hit.endsWith(`: ${needle}`)),
        needle,
      ).toBe(true);

    expect((await call('DELETE', '/api/me', cookie)).statusCode).toBe(200);

    expect(await columnsHolding(needles)).toEqual([]);
    const [order] = await server.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'completed', totalCentavos: 16000, buyerName: 'Conta excluída', buyerPhone: '', buyerCpf: '' });
    expect(order.buyerEmail).toMatch(/^excluida-[0-9a-f]{16}@invalid$/);
    const kept = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    expect(kept.map((t) => t.holderName)).toEqual([null, null]);
    const [keptRefund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(keptRefund).toMatchObject({ userId: null, amountCentavos: 8000, status: 'pending', reason: DELETED_REFUND_REASON });
  });

  it('removes the local outbox files addressed to the deleted account, and no one else’s', async () => {
    const person = distinctivePerson();
    const { cookie } = await server.signUpAs(['user'], person.email);
    const other = await server.signUpAs();
    await call('PUT', '/api/me/notification-settings', cookie, {
      emailNotifications: true,
      pushNotifications: false,
      whatsappNotifications: true,
      whatsappNumber: person.phone,
      geolocationEnabled: false,
    });
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }]);
    const placed = await call('POST', '/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer: { name: person.name, email: person.email, phone: person.phone, cpf: person.cpf },
      paymentMethod: 'pix',
      installments: 1,
    });
    expect((await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, cookie, {})).json().status).toBe('completed');
    // Without SMTP the e-mails are .eml files in DATA_DIR/outbox, as WhatsApp without its API already is.
    const mailer = createMailer({
      from: 'Next Level <nao-responda@nextlevel.demo>',
      dataDir: server.dataDir,
      log: pino({ level: 'silent' }),
    });
    await runWorkerOnce({ ...server.deps, mailer, push: undefined });
    await mailer.send({ to: other.email, subject: 'Bem-vindo', text: 'Olá' });
    // A file written when outbox names still carried the address.
    writeFileSync(
      join(server.dataDir, 'outbox', `2025-01-01T00-00-00-000Z-${person.email}.eml`),
      `To: ${person.email}\nSubject: Antigo\n\nOlá\n`,
    );

    const outboxDir = join(server.dataDir, 'outbox');
    const needles = [person.email, person.phone, person.phoneDigits, `+55${person.phoneDigits}`];
    const filesHolding = () =>
      readdirSync(outboxDir).filter((name) => {
        const text = `${name}\n${readFileSync(join(outboxDir, name), 'utf8')}`.toLowerCase();
        return needles.some((needle) => text.includes(needle.toLowerCase()));
      });
    const written = filesHolding();
    expect(written.filter((name) => name.endsWith('.eml')).length).toBeGreaterThanOrEqual(2);
    expect(written.filter((name) => name.endsWith('.whatsapp.txt')).length).toBeGreaterThanOrEqual(1);
    // New files are named by a hash of the recipient, not the address.
    expect(readdirSync(outboxDir).filter((name) => !name.startsWith('2025-') && needles.some((needle) => name.includes(needle)))).toEqual(
      [],
    );
    const othersFile = readdirSync(outboxDir).find((name) => readFileSync(join(outboxDir, name), 'utf8').includes(other.email));
    expect(othersFile).toBeDefined();

    expect((await call('DELETE', '/api/me', cookie)).statusCode).toBe(200);

    expect(filesHolding()).toEqual([]);
    expect(readdirSync(outboxDir)).toContain(othersFile);
  });

  it('refuses to delete the last administrator, and allows it once there is another', async () => {
    const { db } = server.deps;
    const existing = await db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    expect(existing).toEqual([]);
    const first = await server.signUpAs(['admin']);

    const refused = await call('DELETE', '/api/me', first.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflict',
      message: 'Você é o único administrador. Dê o papel de administrador a outra conta antes de excluir a sua.',
    });
    expect(await db.select().from(users).where(eq(users.id, first.userId))).toHaveLength(1);
    expect((await call('GET', '/api/me/profile', first.cookie)).statusCode).toBe(200);

    const second = await server.signUpAs(['admin']);
    expect((await call('DELETE', '/api/me', first.cookie)).statusCode).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, first.userId))).toEqual([]);
    const lastOne = await call('DELETE', '/api/me', second.cookie);
    expect(lastOne.statusCode).toBe(409);
    expect(
      await db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.role, 'admin'), eq(userRoles.userId, second.userId))),
    ).toHaveLength(1);
  });
});
