import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { saoPauloToday } from '../../src/shared/dates';
import { notifications, outbox } from '../../src/server/db/schema';
import { runWorkerOnce } from '../../src/server/worker';
import { startTestServer, type TestServer } from '../support/test-server';

// docs/rules/notifications.md 'Brand news': news of a followed brand reaches, as a 'promotion'
// notification, only the users who opted in ('Novidades das marcas' in /settings or 'Seguir'
// on a brand page), once per event, when it is first published.

let server: TestServer;
let admin: { userId: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  // The three brands come with every server start (ensureBrands).
  admin = await server.signUpAs(['admin']);
});
afterAll(async () => {
  await server?.stop();
});

function request(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const baseSettings = {
  emailNotifications: true,
  pushNotifications: false,
  whatsappNotifications: false,
  whatsappNumber: null,
  geolocationEnabled: false,
};

function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: `Noite ${Math.random().toString(36).slice(2, 8)}`,
    category: 'KXP Events',
    description: 'Uma noite coreana.',
    date: saoPauloToday(new Date(Date.now() + 20 * 86_400_000)),
    startTime: '20:00',
    endTime: '23:30',
    location: 'Casa KXP',
    fullAddress: 'Rua dos Testes, 100 - Centro',
    city: 'Itajaí',
    capacity: null,
    imageUrl: null,
    isPublished: true,
    sectors: [{ name: 'Ingresso Geral', description: null, priceCentavos: 8000, remaining: 100 }],
    ...overrides,
  };
}

async function follower(brandNewsNotifications: boolean, followedBrands: string[]) {
  const person = await server.signUpAs();
  const saved = await request('PUT', '/api/me/notification-settings', person.cookie, {
    ...baseSettings,
    brandNewsNotifications,
    followedBrands,
  });
  expect(saved.statusCode).toBe(200);
  return person;
}

async function promotionsOf(userIds: string[], eventId: string) {
  return server.deps.db
    .select()
    .from(notifications)
    .where(
      and(inArray(notifications.userId, userIds), eq(notifications.type, 'promotion'), eq(notifications.actionUrl, `/event/${eventId}`)),
    );
}

describe('brand news settings', () => {
  it('start off with no brand followed, keep the brands in order without repeats, and stay as they are when left out', async () => {
    const person = await server.signUpAs();
    const initial = (await request('GET', '/api/me/notification-settings', person.cookie)).json();
    expect(initial).toMatchObject({ brandNewsNotifications: false, followedBrands: [] });

    const saved = await request('PUT', '/api/me/notification-settings', person.cookie, {
      ...baseSettings,
      brandNewsNotifications: true,
      followedBrands: ['kxp', 'next-level', 'kxp'],
    });
    expect(saved.json()).toMatchObject({ brandNewsNotifications: true, followedBrands: ['next-level', 'kxp'] });

    // An older client saving only the five first settings changes nothing of the brand news.
    const older = await request('PUT', '/api/me/notification-settings', person.cookie, { ...baseSettings, emailNotifications: false });
    expect(older.json()).toMatchObject({ emailNotifications: false, brandNewsNotifications: true, followedBrands: ['next-level', 'kxp'] });

    const fewer = await request('PUT', '/api/me/notification-settings', person.cookie, { ...baseSettings, followedBrands: ['ay-yo'] });
    expect(fewer.json().followedBrands).toEqual(['ay-yo']);
    const none = await request('PUT', '/api/me/notification-settings', person.cookie, { ...baseSettings, followedBrands: [] });
    expect(none.json().followedBrands).toEqual([]);
  });

  it('refuse an unknown brand with a pt-BR message and change nothing', async () => {
    const person = await follower(true, ['ay-yo']);
    const refused = await request('PUT', '/api/me/notification-settings', person.cookie, { ...baseSettings, followedBrands: ['sympla'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Marca inválida');
    expect((await request('GET', '/api/me/notification-settings', person.cookie)).json().followedBrands).toEqual(['ay-yo']);
    expect((await request('PUT', '/api/me/notification-settings', null, { ...baseSettings, followedBrands: [] })).statusCode).toBe(401);
  });
});

describe('a new event of a followed brand', () => {
  it('is not sent on any channel to a fan who opted out after it was queued', async () => {
    const fan = await follower(true, ['kxp']);
    const event = (await request('POST', '/api/admin/events', admin.cookie, eventBody())).json();
    expect(await promotionsOf([fan.userId], event.id)).toHaveLength(1);
    await request('PUT', '/api/me/notification-settings', fan.cookie, { ...baseSettings, brandNewsNotifications: false });
    server.sentMail.length = 0;
    await runWorkerOnce(server.deps);
    expect(server.sentMail.filter((mail) => mail.to === fan.email)).toEqual([]);
  });

  it('reaches only the followers who opted in, once, on every channel queue, and the e-mail goes out', async () => {
    const fan = await follower(true, ['kxp']);
    const optedOut = await follower(false, ['kxp']);
    const otherBrand = await follower(true, ['ay-yo']);
    const everyone = [fan.userId, optedOut.userId, otherBrand.userId];

    const created = await request('POST', '/api/admin/events', admin.cookie, eventBody({ title: 'Noite de Soju' }));
    expect(created.statusCode).toBe(201);
    const event = created.json();
    const told = await promotionsOf(everyone, event.id);
    expect(told.map((n) => n.userId)).toEqual([fan.userId]);
    expect(told[0]).toMatchObject({ type: 'promotion', title: 'KXP anunciou: Noite de Soju', read: false });
    expect(told[0].message).toContain('às 20:00 · Casa KXP');
    const queued = await server.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.payload, { notificationId: told[0].id }));
    expect(queued.map((job) => job.kind).sort()).toEqual(['notification_email', 'notification_push', 'notification_whatsapp']);

    server.sentMail.length = 0;
    await runWorkerOnce(server.deps);
    const sent = server.sentMail.filter((mail) => mail.subject === 'KXP anunciou: Noite de Soju');
    expect(sent.map((mail) => mail.to)).toEqual([fan.email]);
    expect(sent[0].text).toContain("Para não receber novidades das marcas, desligue 'Novidades das marcas'");

    // Editing it does not announce it again.
    const edited = await request(
      'PUT',
      `/api/admin/events/${event.id}`,
      admin.cookie,
      eventBody({
        title: 'Noite de Soju',
        location: 'Outra Casa',
        sectors: event.sectors.map((t: object) => ({ ...t, description: null })),
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await promotionsOf(everyone, event.id)).toHaveLength(1);
  });

  it('is announced when first published, not while a draft, and never twice after unpublishing', async () => {
    const fan = await follower(true, ['next-level']);
    const body = eventBody({ category: 'Next Level Events', isPublished: false });
    const draft = (await request('POST', '/api/admin/events', admin.cookie, body)).json();
    expect(await promotionsOf([fan.userId], draft.id)).toHaveLength(0);

    const types = () => draft.sectors.map((t: object) => ({ ...t, description: null }));
    for (const isPublished of [true, false, true]) {
      const saved = await request('PUT', `/api/admin/events/${draft.id}`, admin.cookie, { ...body, isPublished, sectors: types() });
      expect(saved.statusCode).toBe(200);
    }
    const told = await promotionsOf([fan.userId], draft.id);
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(`Next Level anunciou: ${body.title}`);
  });

  it('is not announced when it is already past', async () => {
    const fan = await follower(true, ['ay-yo']);
    const past = await request(
      'POST',
      '/api/admin/events',
      admin.cookie,
      eventBody({
        category: 'AyYo Events',
        date: saoPauloToday(new Date(Date.now() - 3 * 86_400_000)),
      }),
    );
    expect(past.statusCode).toBe(201);
    expect(await promotionsOf([fan.userId], past.json().id)).toHaveLength(0);
  });
});
