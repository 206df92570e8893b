import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { brands, events, orderItems, orders, ticketLots, sectors } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { listAdminEvents } from '../../src/server/services/catalog/list-admin-events';
import { adminEventFilters, type AdminEventSummary } from '../../src/shared/schemas/admin-events';
import { adminEventState, adminEventStateLabel } from '../../src/shared/event-state';
import { openDoorNow } from '../support/door';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: { cookie: string };
let buyerUser: { cookie: string };
let validator: { cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  buyerUser = await server.signUpAs(['user']);
  validator = await server.signUpAs(['validator']);
  await server.deps.db
    .insert(brands)
    .values([
      { slug: 'next-level', name: 'Next Level', tagline: '', description: '', accentColor: '#7c3aed' },
      { slug: 'ay-yo', name: 'AY-YO', tagline: '', description: '', accentColor: '#db2777' },
      { slug: 'kxp', name: 'KXP', tagline: '', description: '', accentColor: '#0f766e' },
    ])
    .onConflictDoNothing();
});
afterAll(async () => {
  await server?.stop();
});

function daysFromToday(days: number): string {
  return saoPauloToday(new Date(Date.now() + days * 86_400_000));
}

function validEvent(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Noite de Teste Admin',
    category: 'KXP Events',
    description: 'Uma noite de teste.',
    date: daysFromToday(20),
    startTime: '20:00',
    endTime: '23:30',
    location: 'Casa de Testes',
    fullAddress: 'Rua dos Testes, 100 - Centro',
    city: 'Itajaí',
    capacity: null,
    imageUrl: null,
    isPublished: true,
    // These tests sell at full price to one buyer: no meia reserve, no limit per CPF.
    meiaEntrada: false,
    maxTicketsPerCpf: null,
    sectors: [
      { name: 'Ingresso Geral', description: null, priceCentavos: 8000, remaining: 100 },
      { name: 'VIP', description: 'Área exclusiva', priceCentavos: 25050, remaining: 20 },
    ],
    ...overrides,
  };
}

function request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function countEvents() {
  const [{ value }] = await server.deps.db.select({ value: count() }).from(events);
  return Number(value);
}

async function createViaApi(overrides: Record<string, unknown> = {}) {
  const response = await request('POST', '/api/admin/events', admin.cookie, validEvent(overrides));
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; sectors: { id: string; name: string; remaining: number; priceCentavos: number }[] };
}

/** A buyer's order paid with the sandbox PIX; returns its id. */
async function buy(eventId: string, items: { sectorId: string; quantity: number }[], who = buyerUser.cookie, name = buyer.name) {
  const placed = await request('POST', '/api/orders', who, {
    eventId,
    items,
    buyer: { ...buyer, name },
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(placed.statusCode).toBe(201);
  const paid = await request('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, who, {});
  expect(paid.json().status).toBe('completed');
  return placed.json().id as string;
}

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----teste${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(cookie: string | null, fileName: string, contentType: string, bytes: Buffer, folder = 'events') {
  const body = multipart(fileName, contentType, bytes);
  return server.app.inject({
    method: 'POST',
    url: `/api/admin/uploads/${folder}`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('who may use the admin event routes', () => {
  it('refuses anonymous (401), buyers (403) and door staff (403) on every route', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [
      { name: 'A', priceCentavos: 1000, remaining: 5 },
      { name: 'B', priceCentavos: 1000, remaining: 5 },
    ]);
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events', validEvent()],
      ['GET', `/api/admin/events/${event.id}`],
      ['PUT', `/api/admin/events/${event.id}`, validEvent()],
      ['DELETE', `/api/admin/events/${event.id}/sectors/${type.id}`],
      ['GET', `/api/admin/events/${event.id}/buyers`],
      ['GET', `/api/admin/events/${event.id}/buyers.csv`],
      ['GET', `/api/admin/events/${event.id}/cancel-preview`],
    ];
    const before = await countEvents();
    for (const [method, url, payload] of routes) {
      expect((await request(method, url, null, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      const asBuyer = await request(method, url, buyerUser.cookie, payload);
      expect(asBuyer.statusCode, `${method} ${url} buyer`).toBe(403);
      expect(asBuyer.json().message).toBe('Você não tem permissão para esta ação.');
      expect((await request(method, url, validator.cookie, payload)).statusCode, `${method} ${url} validator`).toBe(403);
    }
    expect((await upload(null, 'a.png', 'image/png', PNG)).statusCode).toBe(401);
    expect((await upload(buyerUser.cookie, 'a.png', 'image/png', PNG)).statusCode).toBe(403);
    expect((await upload(validator.cookie, 'a.png', 'image/png', PNG)).statusCode).toBe(403);

    // Nothing changed: no event created, the ticket type is still there, its event unchanged.
    expect(await countEvents()).toBe(before);
    const [still] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(still).toBeDefined();
    const [same] = await server.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(same.title).toBe('Evento de Teste');
  });
});

describe('creating an event', () => {
  it('creates the event and its ticket types in centavos, with the brand of the category', async () => {
    const created = await createViaApi({ capacity: 300 });
    const [row] = await server.deps.db.select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({
      title: 'Noite de Teste Admin',
      category: 'KXP Events',
      brandSlug: 'kxp',
      city: 'Itajaí',
      capacity: 300,
      fullAddress: 'Rua dos Testes, 100 - Centro',
      isPublished: true,
    });
    expect(row.startTime).toBe('20:00:00');
    const types = await server.deps.db
      .select({
        name: sectors.name,
        priceCentavos: ticketLots.priceCentavos,
        remaining: sectors.remaining,
        description: sectors.description,
      })
      .from(sectors)
      .innerJoin(ticketLots, eq(ticketLots.sectorId, sectors.id))
      .where(eq(sectors.eventId, created.id))
      .orderBy(sectors.sortOrder);
    expect(types.map((t) => [t.name, t.priceCentavos, t.remaining, t.description])).toEqual([
      ['Ingresso Geral', 8000, 100, null],
      ['VIP', 25050, 20, 'Área exclusiva'],
    ]);
  });

  it('stores an empty capacity as null (unlimited) and sets the brand for each category', async () => {
    for (const [category, brand] of [
      ['AyYo Events', 'ay-yo'],
      ['Next Level Events', 'next-level'],
    ] as const) {
      const created = await createViaApi({ category, capacity: null });
      const [row] = await server.deps.db.select().from(events).where(eq(events.id, created.id));
      expect(row.capacity).toBeNull();
      expect(row.brandSlug).toBe(brand);
    }
  });

  it('shows a published event on the public list and page, and never a draft', async () => {
    const published = await createViaApi({ title: 'Publicado Visível XYZ' });
    const draft = await createViaApi({ title: 'Rascunho Secreto XYZ', isPublished: false });
    const list = (await request('GET', '/api/events?q=XYZ', null)).json().events.map((e: { title: string }) => e.title);
    expect(list).toEqual(['Publicado Visível XYZ']);
    expect((await request('GET', `/api/events/${published.id}`, null)).statusCode).toBe(200);
    expect((await request('GET', `/api/events/${draft.id}`, null)).statusCode).toBe(404);
    // The admin still sees the draft.
    const adminList = (await request('GET', '/api/admin/events?q=XYZ', admin.cookie)).json().events;
    expect(adminList.map((e: { title: string; isPublished: boolean }) => [e.title, e.isPublished])).toEqual([
      ['Rascunho Secreto XYZ', false],
      ['Publicado Visível XYZ', true],
    ]);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a blank title', { title: '   ' }, 'title', 'Título do evento é obrigatório'],
    ['a missing title', { title: undefined }, 'title', 'Título do evento é obrigatório'],
    ['a blank category', { category: '' }, 'category', 'Marca é obrigatória'],
    ['an unknown category', { category: 'Outra Coisa' }, 'category', 'Marca inválida'],
    ['a blank date', { date: '' }, 'date', 'Data do evento é obrigatória'],
    ['a date that does not exist', { date: '2025-02-30' }, 'date', 'Data inválida'],
    ['a blank start time', { startTime: '' }, 'startTime', 'Horário de início é obrigatório'],
    ['a malformed start time', { startTime: '25:00' }, 'startTime', 'Horário inválido'],
    ['a blank location', { location: '' }, 'location', 'Local do evento é obrigatório'],
    ['a zero capacity', { capacity: 0 }, 'capacity', 'Capacidade deve ser um número inteiro maior que zero'],
    ['a script image address', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Imagem inválida'],
    ['no ticket type', { sectors: [] }, 'sectors', 'Adicione pelo menos um tipo de ingresso'],
    [
      'a ticket type without a name',
      { sectors: [{ name: '', priceCentavos: 1000, remaining: 10 }] },
      'sectors.0.name',
      'Nome do ingresso é obrigatório',
    ],
    [
      'a negative price',
      {
        sectors: [
          { name: 'Pista', priceCentavos: 1000, remaining: 1 },
          { name: 'VIP', priceCentavos: -1, remaining: 10 },
        ],
      },
      'sectors.1.lots.0.priceCentavos',
      'Preço deve ser um valor válido',
    ],
    [
      'a missing price',
      { sectors: [{ name: 'Pista', remaining: 10 }] },
      'sectors.0.lots.0.priceCentavos',
      'Preço deve ser um valor válido',
    ],
    [
      'a fractional price',
      { sectors: [{ name: 'Pista', priceCentavos: 10.5, remaining: 10 }] },
      'sectors.0.lots.0.priceCentavos',
      'Preço deve ser um valor válido',
    ],
    [
      'a negative stock',
      { sectors: [{ name: 'Pista', priceCentavos: 1000, remaining: -1 }] },
      'sectors.0.lots.0.remaining',
      'Quantidade deve ser um número inteiro de 0 a 1.000.000',
    ],
  ];
  for (const [what, overrides, field, message] of refusals) {
    it(`refuses ${what} with '${message}' on ${field} and creates nothing`, async () => {
      const before = await countEvents();
      const response = await request('POST', '/api/admin/events', admin.cookie, validEvent(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message, details: { field } });
      expect(await countEvents()).toBe(before);
    });
  }

  it('leaves no event behind when its ticket types cannot be stored', async () => {
    // A database that refuses one ticket type name stands in for any failure after the event insert.
    await server.deps.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_test_ticket_type() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Falha Proposital' THEN RAISE EXCEPTION 'recusado pelo teste'; END IF;
        RETURN NEW;
      END $$`);
    await server.deps.db.execute(sql`
      CREATE TRIGGER refuse_test_ticket_type BEFORE INSERT ON ticket_types
      FOR EACH ROW EXECUTE FUNCTION refuse_test_ticket_type()`);
    try {
      const before = await countEvents();
      const response = await request(
        'POST',
        '/api/admin/events',
        admin.cookie,
        validEvent({
          title: 'Evento Pela Metade',
          sectors: [
            { name: 'Pista', priceCentavos: 1000, remaining: 10 },
            { name: 'Falha Proposital', priceCentavos: 1000, remaining: 10 },
          ],
        }),
      );
      expect(response.statusCode).toBe(500);
      expect(await countEvents()).toBe(before);
      const halves = await server.deps.db.select().from(events).where(eq(events.title, 'Evento Pela Metade'));
      expect(halves).toHaveLength(0);
    } finally {
      await server.deps.db.execute(sql`DROP TRIGGER refuse_test_ticket_type ON ticket_types`);
      await server.deps.db.execute(sql`DROP FUNCTION refuse_test_ticket_type()`);
    }
  });
});

describe('the admin events list', () => {
  it('counts units and revenue of completed orders only, and says Ativo or Finalizado', async () => {
    const created = await createViaApi({ title: 'Festa Contável Única' });
    const [geral, vip] = created.sectors;
    await buy(created.id, [
      { sectorId: geral.id, quantity: 2 },
      { sectorId: vip.id, quantity: 1 },
    ]);
    await buy(created.id, [{ sectorId: geral.id, quantity: 1 }]);
    // An unpaid order counts for nothing.
    const pending = await request('POST', '/api/orders', buyerUser.cookie, {
      eventId: created.id,
      items: [{ sectorId: vip.id, quantity: 3 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(pending.statusCode).toBe(201);

    const rows = (await request('GET', '/api/admin/events?q=Contável Única', admin.cookie)).json().events;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: created.id, ticketsSold: 4, revenueCentavos: 3 * 8000 + 25050, status: 'active' });

    const past = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }], {
      daysAhead: -3,
      title: 'Evento Que Já Passou',
    });
    const today = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }], {
      daysAhead: 0,
      title: 'Evento De Hoje Mesmo',
    });
    // On now (started an hour ago, ends in three), so it is Ativo at any hour the test runs.
    await openDoorNow(server, today.event.id);
    const all = (await request('GET', '/api/admin/events', admin.cookie)).json().events as { id: string; status: string }[];
    expect(all.find((e) => e.id === past.event.id)?.status).toBe('finished');
    expect(all.find((e) => e.id === today.event.id)?.status).toBe('active');
  });

  it('puts each event in the one state its badge names, the same word as the filter that lists it', async () => {
    const sector = [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }];
    const upcoming = await createEvent(server, sector, { title: 'Estado Publicado' });
    const over = await createEvent(server, sector, { daysAhead: -4, title: 'Estado Encerrado' });
    const draft = await createEvent(server, sector, { title: 'Estado Rascunho' });
    await server.deps.db.update(events).set({ isPublished: false }).where(eq(events.id, draft.event.id));
    const called = await createEvent(server, sector, { title: 'Estado Cancelado' });
    expect((await request('POST', `/api/admin/events/${called.event.id}/cancel`, admin.cookie, { reason: 'Chuva forte' })).statusCode).toBe(
      200,
    );
    const expected = {
      [upcoming.event.id]: 'published',
      [over.event.id]: 'past',
      [draft.event.id]: 'draft',
      [called.event.id]: 'cancelled',
    } as const;
    for (const filter of adminEventFilters) {
      const rows = (await request('GET', `/api/admin/events?q=Estado&status=${filter}`, admin.cookie)).json().events as AdminEventSummary[];
      expect(rows.length, filter).toBeGreaterThan(0);
      for (const row of rows) expect(adminEventState(row), `${row.title} under ${filter}`).toBe(filter);
      for (const [id, state] of Object.entries(expected)) expect(rows.some((row) => row.id === id)).toBe(state === filter);
    }
    expect(adminEventStateLabel).toEqual({ published: 'Publicado', draft: 'Rascunho', past: 'Encerrado', cancelled: 'Cancelado' });
  });

  it('keeps a night past midnight Ativo until its end, under published and not past', async () => {
    const made = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }], { title: 'Noite Admin Madrugada' });
    await server.deps.db.update(events).set({ date: '2026-11-26', startTime: '23:00', endTime: null }).where(eq(events.id, made.event.id));
    const statusAt = async (iso: string, filter?: 'published' | 'past') =>
      (await listAdminEvents(server.deps.db, { q: 'Noite Admin Madrugada', status: filter }, new Date(iso))).map((e) => e.status);
    // 00:30 in São Paulo the next day: on, 6 hours from its start; 05:00: over.
    expect(await statusAt('2026-11-27T03:30:00Z')).toEqual(['active']);
    expect(await statusAt('2026-11-27T03:30:00Z', 'published')).toEqual(['active']);
    expect(await statusAt('2026-11-27T03:30:00Z', 'past')).toEqual([]);
    expect(await statusAt('2026-11-27T08:00:00Z')).toEqual(['finished']);
    expect(await statusAt('2026-11-27T08:00:00Z', 'published')).toEqual([]);
    expect(await statusAt('2026-11-27T08:00:00Z', 'past')).toEqual(['finished']);
  });

  it('searches title or location without minding case or accents, newest first', async () => {
    await createViaApi({ title: 'Pagode do Teste Ímpar', location: 'Quadra Qualquer' });
    await createViaApi({ title: 'Outro Show', location: 'Galpão Ímpar' });
    const titles = async (q: string) =>
      (await request('GET', `/api/admin/events?q=${encodeURIComponent(q)}`, admin.cookie))
        .json()
        .events.map((e: { title: string }) => e.title);
    expect(await titles('impar')).toEqual(['Outro Show', 'Pagode do Teste Ímpar']);
    expect(await titles('GALPAO')).toEqual(['Outro Show']);
    expect(await titles('100%_nada')).toEqual([]);
  });
});

describe('editing an event', () => {
  it('loads the form with times as HH:mm and units sold per ticket type', async () => {
    const created = await createViaApi();
    await buy(created.id, [{ sectorId: created.sectors[1].id, quantity: 2 }]);
    const detail = (await request('GET', `/api/admin/events/${created.id}`, admin.cookie)).json();
    expect(detail).toMatchObject({ startTime: '20:00', endTime: '23:30', category: 'KXP Events', isPublished: true, status: 'active' });
    expect(
      detail.sectors.map((t: { name: string; soldCount: number; hasOrders: boolean; remaining: number }) => [
        t.name,
        t.soldCount,
        t.hasOrders,
        t.remaining,
      ]),
    ).toEqual([
      ['Ingresso Geral', 0, false, 100],
      ['VIP', 2, true, 18],
    ]);
  });

  it("answers 'Evento não encontrado' for an id that does not exist", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-id']) {
      const response = await request('GET', `/api/admin/events/${id}`, admin.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Evento não encontrado');
      expect((await request('PUT', `/api/admin/events/${id}`, admin.cookie, validEvent())).statusCode).toBe(404);
    }
  });

  it('changes the event, adds a sector and a lot, refuses a new price on a lot with sales, and the next lot applies only to later orders', async () => {
    const created = await createViaApi();
    const [geral, vip] = created.sectors;
    const firstOrder = await buy(created.id, [{ sectorId: geral.id, quantity: 1 }]);
    const lotOne = (await request('GET', `/api/admin/events/${created.id}`, admin.cookie)).json().sectors[0].lots[0].id as string;

    const repriced = await request(
      'PUT',
      `/api/admin/events/${created.id}`,
      admin.cookie,
      validEvent({
        sectors: [
          { id: geral.id, name: 'Ingresso Geral', lots: [{ id: lotOne, priceCentavos: 9900, remaining: 99, previousRemaining: 99 }] },
        ],
      }),
    );
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json()).toMatchObject({ code: 'lot_has_sales', details: { field: 'sectors.0.lots.0.priceCentavos' } });

    const response = await request(
      'PUT',
      `/api/admin/events/${created.id}`,
      admin.cookie,
      validEvent({
        title: 'Noite Editada',
        category: 'AyYo Events',
        city: 'Florianópolis',
        isPublished: false,
        sectors: [
          // The 1st lot closes (0 left), the 2nd opens at R$ 99,00.
          {
            id: geral.id,
            name: 'Geral',
            description: null,
            lots: [
              { id: lotOne, priceCentavos: 8000, remaining: 0, previousRemaining: 99 },
              { priceCentavos: 9900, remaining: 99 },
            ],
          },
          { id: vip.id, name: 'VIP', description: 'Área exclusiva', priceCentavos: 25050, remaining: 20, previousRemaining: 20 },
          { name: 'Camarote', description: 'Vista do palco', priceCentavos: 40000, remaining: 30 },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Noite Editada', brandSlug: 'ay-yo', city: 'Florianópolis', isPublished: false });
    expect(
      response
        .json()
        .sectors.map((t: { name: string; lots: { name: string; priceCentavos: number; remaining: number; sold: number }[] }) => [
          t.name,
          t.lots.map((l) => [l.name, l.priceCentavos, l.remaining, l.sold]),
        ]),
    ).toEqual([
      [
        'Geral',
        [
          ['1º lote', 8000, 0, 1],
          ['2º lote', 9900, 99, 0],
        ],
      ],
      ['VIP', [['1º lote', 25050, 20, 0]]],
      ['Camarote', [['1º lote', 40000, 30, 0]]],
    ]);
    // The order already made keeps the price paid and its total.
    const [item] = await server.deps.db.select().from(orderItems).where(eq(orderItems.orderId, firstOrder));
    expect(item.unitPriceCentavos).toBe(8000);
    const [order] = await server.deps.db.select().from(orders).where(eq(orders.id, firstOrder));
    expect(order.totalCentavos).toBe(8000);

    // A draft is not on sale.
    const onDraft = await request('POST', '/api/orders', buyerUser.cookie, {
      eventId: created.id,
      items: [{ sectorId: geral.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(onDraft.statusCode).toBe(404);
    // Published again (the sectors as the form shows them), the next order pays the new lot's price.
    type Shown = { id: string; name: string; lots: { id: string; priceCentavos: number; remaining: number }[] };
    const shown = (await request('GET', `/api/admin/events/${created.id}`, admin.cookie)).json().sectors as Shown[];
    const republished = await request(
      'PUT',
      `/api/admin/events/${created.id}`,
      admin.cookie,
      validEvent({
        title: 'Noite Editada',
        category: 'AyYo Events',
        sectors: shown.map((t) => ({
          id: t.id,
          name: t.name,
          lots: t.lots.map((l) => ({ id: l.id, priceCentavos: l.priceCentavos, remaining: l.remaining })),
        })),
      }),
    );
    expect(republished.statusCode).toBe(200);
    const second = await buy(created.id, [{ sectorId: geral.id, quantity: 1 }]);
    const [secondItem] = await server.deps.db.select().from(orderItems).where(eq(orderItems.orderId, second));
    expect(secondItem.unitPriceCentavos).toBe(9900);
  });

  it('moves stock by the difference from what the admin saw, so sales made meanwhile stay sold', async () => {
    const created = await createViaApi();
    const [geral, vip] = created.sectors;
    // The form loaded with 100 left; meanwhile 3 are sold.
    await buy(created.id, [{ sectorId: geral.id, quantity: 3 }]);
    const save = (remaining: number) =>
      request(
        'PUT',
        `/api/admin/events/${created.id}`,
        admin.cookie,
        validEvent({
          sectors: [
            { id: geral.id, name: 'Ingresso Geral', priceCentavos: 8000, remaining, previousRemaining: 100 },
            { id: vip.id, name: 'VIP', priceCentavos: 25050, remaining: 20, previousRemaining: 20 },
          ],
        }),
      );
    expect((await save(150)).statusCode).toBe(200);
    const stock = async () => (await server.deps.db.select().from(sectors).where(eq(sectors.id, geral.id)))[0].remaining;
    expect(await stock()).toBe(147);

    // Seen 100 again (stale), set to 1: 147 + (1 - 100) = 48.
    expect((await save(1)).statusCode).toBe(200);
    expect(await stock()).toBe(48);
  });

  it('refuses a stock change that would go below zero because of sales, and changes nothing', async () => {
    const created = await createViaApi();
    const [geral, vip] = created.sectors;
    await buy(created.id, [{ sectorId: geral.id, quantity: 3 }]);
    const response = await request(
      'PUT',
      `/api/admin/events/${created.id}`,
      admin.cookie,
      validEvent({
        title: 'Não Deve Mudar',
        sectors: [
          { id: geral.id, name: 'Ingresso Geral', priceCentavos: 8000, remaining: 1, previousRemaining: 5 },
          { id: vip.id, name: 'VIP', priceCentavos: 25050, remaining: 20, previousRemaining: 20 },
        ],
      }),
    );
    // 97 + (1 - 5) = 93 is fine; 93 + (0 - 100) is not.
    expect(response.statusCode).toBe(200);
    const refused = await request(
      'PUT',
      `/api/admin/events/${created.id}`,
      admin.cookie,
      validEvent({
        title: 'Não Deve Mudar 2',
        sectors: [
          { id: geral.id, name: 'Ingresso Geral', priceCentavos: 8000, remaining: 0, previousRemaining: 100 },
          { id: vip.id, name: 'VIP', priceCentavos: 25050, remaining: 20, previousRemaining: 20 },
        ],
      }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', details: { field: 'sectors.0.lots.0.remaining' } });
    expect(refused.json().message).toMatch(/abaixo de zero/);
    const [row] = await server.deps.db.select().from(events).where(eq(events.id, created.id));
    expect(row.title).toBe('Não Deve Mudar');
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, geral.id));
    expect(stock.remaining).toBe(93);
  });

  it('refuses a ticket type id of another event and the same validation messages as create', async () => {
    const created = await createViaApi();
    const other = await createViaApi();
    const foreign = await request(
      'PUT',
      `/api/admin/events/${created.id}`,
      admin.cookie,
      validEvent({
        sectors: [{ id: other.sectors[0].id, name: 'Intrusa', priceCentavos: 1, remaining: 1 }],
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'ticket_type_not_found', details: { field: 'sectors.0.id' } });
    const [untouched] = await server.deps.db.select().from(sectors).where(eq(sectors.id, other.sectors[0].id));
    expect(untouched.name).toBe('Ingresso Geral');

    const blank = await request('PUT', `/api/admin/events/${created.id}`, admin.cookie, validEvent({ location: '' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Local do evento é obrigatório', details: { field: 'location' } });
  });
});

describe('removing a ticket type', () => {
  it('removes a ticket type nobody bought', async () => {
    const created = await createViaApi();
    const response = await request('DELETE', `/api/admin/events/${created.id}/sectors/${created.sectors[1].id}`, admin.cookie);
    expect(response.statusCode).toBe(200);
    const left = await server.deps.db.select().from(sectors).where(eq(sectors.eventId, created.id));
    expect(left.map((t) => t.name)).toEqual(['Ingresso Geral']);
  });

  it('refuses to remove a ticket type that has orders, even unpaid ones', async () => {
    const created = await createViaApi();
    const [geral, vip] = created.sectors;
    await buy(created.id, [{ sectorId: geral.id, quantity: 1 }]);
    const pending = await request('POST', '/api/orders', buyerUser.cookie, {
      eventId: created.id,
      items: [{ sectorId: vip.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(pending.statusCode).toBe(201);
    for (const type of [geral, vip]) {
      const response = await request('DELETE', `/api/admin/events/${created.id}/sectors/${type.id}`, admin.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'ticket_type_has_orders',
        message: 'Este ingresso já tem pedidos e não pode ser removido. Para encerrar as vendas, deixe a quantidade disponível em 0.',
      });
    }
    const left = await server.deps.db.select().from(sectors).where(eq(sectors.eventId, created.id));
    expect(left).toHaveLength(2);
  });

  it('refuses to remove the last ticket type of an event', async () => {
    const created = await createViaApi({ sectors: [{ name: 'Única', priceCentavos: 1000, remaining: 10 }] });
    const response = await request('DELETE', `/api/admin/events/${created.id}/sectors/${created.sectors[0].id}`, admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('O evento precisa de pelo menos um tipo de ingresso.');
  });

  it('refuses a ticket type of another event', async () => {
    const created = await createViaApi();
    const other = await createViaApi();
    const response = await request('DELETE', `/api/admin/events/${created.id}/sectors/${other.sectors[1].id}`, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ticket_type_not_found');
    const still = await server.deps.db.select().from(sectors).where(eq(sectors.eventId, other.id));
    expect(still).toHaveLength(2);
  });
});

describe('the buyers list', () => {
  it('lists completed orders with name, phone, units, amount and date', async () => {
    const created = await createViaApi({ title: 'Festa dos Compradores' });
    const [geral, vip] = created.sectors;
    await buy(created.id, [{ sectorId: geral.id, quantity: 2 }], buyerUser.cookie, 'Joana D\'Arc; "Jojo"');
    await buy(created.id, [{ sectorId: vip.id, quantity: 1 }], buyerUser.cookie, '=HYPERLINK("http://mal")');
    await request('POST', '/api/orders', buyerUser.cookie, {
      eventId: created.id,
      items: [{ sectorId: vip.id, quantity: 1 }],
      buyer: { ...buyer, name: 'Pendente' },
      paymentMethod: 'pix',
      installments: 1,
    });

    const list = (await request('GET', `/api/admin/events/${created.id}/buyers`, admin.cookie)).json().buyers;
    expect(
      list.map((b: { name: string; tickets: number; amountCentavos: number; phone: string }) => [
        b.name,
        b.tickets,
        b.amountCentavos,
        b.phone,
      ]),
    ).toEqual([
      ['=HYPERLINK("http://mal")', 1, 25050, '47991234567'],
      ['Joana D\'Arc; "Jojo"', 2, 16000, '47991234567'],
    ]);
    expect(list[0].paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('exports a CSV Excel in pt-BR opens: BOM, semicolons, reais with a comma, safe cells', async () => {
    const created = await createViaApi({ title: 'Noite Coreana: Edição São João!' });
    await buy(created.id, [{ sectorId: created.sectors[1].id, quantity: 2 }], buyerUser.cookie, 'Joana D\'Arc; "Jojo"');
    await buy(created.id, [{ sectorId: created.sectors[0].id, quantity: 1 }], buyerUser.cookie, '=SOMA(A1)');

    const response = await request('GET', `/api/admin/events/${created.id}/buyers.csv`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="compradores-noite-coreana-edicao-sao-joao.csv"');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    // The first columns as they always were; each order's money after them.
    expect(lines[0]).toBe(
      'Nome;E-mail;Telefone;Ingressos;Valor (R$);Data do pagamento;Setor;Lote;Categoria;Preço unitário (R$);Subtotal (R$);Desconto (R$);Taxa de serviço (R$);Taxa absorvida (R$);Reembolsado (R$);Canal;Pagamento',
    );
    expect(lines[1]).toMatch(
      /^'=SOMA\(A1\);ana@exemplo\.com\.br;\(47\) 99123-4567;1;80,00;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Ingresso Geral;1º lote;Inteira;80,00;80,00;0,00;0,00;0,00;0,00;Online;PIX$/,
    );
    expect(lines[2]).toMatch(
      /^"Joana D'Arc; ""Jojo""";ana@exemplo\.com\.br;\(47\) 99123-4567;2;501,00;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};VIP;1º lote;Inteira;250,50;501,00;0,00;0,00;0,00;0,00;Online;PIX$/,
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('answers 404 for the buyers of an event that does not exist', async () => {
    const response = await request('GET', '/api/admin/events/00000000-0000-4000-8000-000000000000/buyers.csv', admin.cookie);
    expect(response.statusCode).toBe(404);
  });
});

describe('image uploads', () => {
  it('stores a PNG under uploads/events with a random name and serves it', async () => {
    const response = await upload(admin.cookie, 'foto do evento.png', 'image/png', PNG);
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/uploads\/events\/[0-9a-f-]{36}\.png$/);
    const onDisk = join(server.dataDir, url);
    expect(readFileSync(onDisk).equals(PNG)).toBe(true);
    const served = await server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('knows JPEG and WebP by their bytes, whatever the browser claimed', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40)]);
    const asJpeg = await upload(admin.cookie, 'x.bin', 'application/octet-stream', jpeg, 'news');
    expect(asJpeg.json().url).toMatch(/^\/uploads\/news\/.+\.jpg$/);
    const asWebp = await upload(admin.cookie, 'x.png', 'image/png', webp, 'banners');
    expect(asWebp.json().url).toMatch(/^\/uploads\/banners\/.+\.webp$/);
  });

  it('refuses a file that is not JPEG, PNG or WebP, even named .png, and stores nothing', async () => {
    for (const [name, type, bytes] of [
      ['falso.png', 'image/png', Buffer.from('isto não é uma imagem')],
      ['desenho.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['anim.gif', 'image/gif', Buffer.from('GIF89a......')],
      ['vazio.png', 'image/png', Buffer.alloc(0)],
    ] as const) {
      const response = await upload(admin.cookie, name, type, bytes);
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'image_invalid',
        message: 'Formato inválido. Por favor, selecione uma imagem JPG, PNG ou WebP.',
      });
    }
  });

  it('accepts 5 MB and refuses a byte more', async () => {
    const limit = 5 * 1024 * 1024;
    const exact = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]);
    expect((await upload(admin.cookie, 'grande.png', 'image/png', exact)).statusCode).toBe(201);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length + 1)]);
    const response = await upload(admin.cookie, 'grande-demais.png', 'image/png', tooBig);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Arquivo muito grande. A imagem deve ter no máximo 5MB.');
  });

  it('refuses an unknown folder and a request without a file', async () => {
    expect((await upload(admin.cookie, 'a.png', 'image/png', PNG, 'avatars')).statusCode).toBe(404);
    const notMultipart = await request('POST', '/api/admin/uploads/events', admin.cookie, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('has the uploads folder from the start, so /uploads is served', () => {
    expect(existsSync(join(server.dataDir, 'uploads', 'events'))).toBe(true);
  });
});

describe('a change of date, time or venue', () => {
  it('opens the withdrawal, fee included, for 7 days to the buyers who paid before it; another edit opens nothing', async () => {
    const created = await createViaApi({ serviceFeeBasisPoints: 1000 });
    const orderId = await buy(created.id, [{ sectorId: created.sectors[0].id, quantity: 1 }]);
    const paidAt = new Date(Date.now() - 10 * 86_400_000);
    await server.deps.db.update(orders).set({ completedAt: paidAt, createdAt: paidAt }).where(eq(orders.id, orderId));
    const offered = async () =>
      (await request('GET', '/api/refunds/eligible', buyerUser.cookie))
        .json()
        .orders.find((o: { orderId: string }) => o.orderId === orderId) as {
        amountCentavos: number;
        keptFeeCentavos: number;
        withdrawalDeadline: string | null;
      };
    // The same sectors and lots, as the form sends them back.
    const current = (await request('GET', `/api/admin/events/${created.id}`, admin.cookie)).json() as {
      sectors: {
        id: string;
        name: string;
        description: string | null;
        lots: { id: string; priceCentavos: number; remaining: number }[];
      }[];
    };
    const sameSectors = current.sectors.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      lots: t.lots.map((l) => ({ id: l.id, priceCentavos: l.priceCentavos, remaining: l.remaining, previousRemaining: l.remaining })),
    }));
    const edit = (overrides: Record<string, unknown>) =>
      request(
        'PUT',
        `/api/admin/events/${created.id}`,
        admin.cookie,
        validEvent({ serviceFeeBasisPoints: 1000, sectors: sameSectors, ...overrides }),
      );

    expect(await offered()).toMatchObject({ amountCentavos: 8000, keptFeeCentavos: 800, withdrawalDeadline: null });
    expect((await edit({ title: 'Noite de Teste Renomeada' })).statusCode).toBe(200);
    expect((await server.deps.db.select().from(events).where(eq(events.id, created.id)))[0].changedAt).toBeNull();
    expect((await offered()).withdrawalDeadline).toBeNull();

    expect((await edit({ title: 'Noite de Teste Renomeada', location: 'Galpão Novo' })).statusCode).toBe(200);
    const [changed] = await server.deps.db.select().from(events).where(eq(events.id, created.id));
    expect(changed.changedAt).not.toBeNull();
    expect(await offered()).toMatchObject({
      amountCentavos: 8800,
      keptFeeCentavos: 0,
      withdrawalDeadline: new Date(changed.changedAt!.getTime() + 7 * 86_400_000).toISOString(),
    });
    const withdrawn = await request('POST', '/api/refunds/withdraw', buyerUser.cookie, { orderId });
    expect(withdrawn.statusCode).toBe(201);
    expect(withdrawn.json()).toMatchObject({ amountCentavos: 8800, status: 'processed' });
  });
});

describe('the service fee after sales began', () => {
  it('refuses to change the fee, or to stop returning it, once the event has orders; returning it may be turned on', async () => {
    const created = await createViaApi({ serviceFeeBasisPoints: 1000 });
    await buy(created.id, [{ sectorId: created.sectors[0].id, quantity: 1 }]);
    const current = (await request('GET', `/api/admin/events/${created.id}`, admin.cookie)).json() as {
      sectors: {
        id: string;
        name: string;
        description: string | null;
        lots: { id: string; priceCentavos: number; remaining: number }[];
      }[];
    };
    const sameSectors = current.sectors.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      lots: t.lots.map((l) => ({ id: l.id, priceCentavos: l.priceCentavos, remaining: l.remaining, previousRemaining: l.remaining })),
    }));
    const edit = (overrides: Record<string, unknown>) =>
      request(
        'PUT',
        `/api/admin/events/${created.id}`,
        admin.cookie,
        validEvent({ serviceFeeBasisPoints: 1000, sectors: sameSectors, ...overrides }),
      );

    const raised = await edit({ serviceFeeBasisPoints: 1500 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({
      code: 'fee_has_sales',
      message: 'A taxa de serviço não pode mudar depois que as vendas começaram.',
    });
    expect((await edit({ serviceFeeRefundable: true })).json()).toMatchObject({ serviceFeeBasisPoints: 1000, serviceFeeRefundable: true });
    expect((await edit({ serviceFeeRefundable: false })).json()).toMatchObject({ code: 'fee_has_sales' });
    const [stored] = await server.deps.db.select().from(events).where(eq(events.id, created.id));
    expect([stored.serviceFeeBasisPoints, stored.serviceFeeRefundable]).toEqual([1000, true]);
  });
});
