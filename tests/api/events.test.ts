import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { brands, events } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config';
import { buildApp } from '../../src/server/http/app';
import { renderAppShell } from '../../src/server/http/app-shell';
import { listEvents } from '../../src/server/services/catalog/list-events';
import type { EventSummary } from '../../src/shared/schemas/events';
import { HOME_HERO_IMAGE } from '../../src/shared/home-hero';
import { createEvent, insertSector, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

const DAY_MS = 86_400_000;
const saoPauloDay = (offsetDays: number, from = Date.now()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(from + offsetDays * DAY_MS));

interface EventSeed {
  key: string;
  title: string;
  brandSlug?: 'next-level' | 'ay-yo' | 'kxp' | null;
  category: string;
  city: string | null;
  location: string;
  daysAhead: number;
  startTime?: string;
  endTime?: string | null;
  prices: { priceCentavos: number; remaining: number }[];
  isPublished?: boolean;
}

// One catalogue for the filter tests. Other tests of this file add events too, so every
// assertion looks only at these ids.
const seeds: EventSeed[] = [
  {
    key: 'warehouse',
    title: 'Warehouse Techno',
    brandSlug: 'next-level',
    category: 'Next Level Events',
    city: 'São Paulo',
    location: 'Audio Club',
    daysAhead: 10,
    prices: [
      { priceCentavos: 8000, remaining: 10 },
      { priceCentavos: 10000, remaining: 10 },
    ],
  },
  {
    key: 'kpopFree',
    title: 'Festa K-Pop de Graça',
    brandSlug: null,
    category: 'K-Pop Festival',
    city: 'Rio de Janeiro',
    location: 'Circo Voador',
    daysAhead: 20,
    prices: [{ priceCentavos: 0, remaining: 5 }],
  },
  {
    key: 'hanbok',
    title: 'Hanbok e Chá',
    brandSlug: 'kxp',
    category: 'KXP Events',
    city: 'Itajaí',
    location: 'Casa da Cultura',
    daysAhead: 20,
    prices: [{ priceCentavos: 5000, remaining: 5 }],
  },
  {
    key: 'kimchi',
    title: 'Oficina de Kimchi',
    brandSlug: null,
    category: 'Korean Food Experience',
    city: null,
    location: 'Centro de Eventos de Itajaí',
    daysAhead: 30,
    prices: [{ priceCentavos: 20000, remaining: 5 }],
  },
  {
    key: 'idols',
    title: 'Idol Night',
    brandSlug: 'ay-yo',
    category: 'AyYo Events',
    city: 'São Paulo',
    location: 'Vibra',
    daysAhead: 40,
    prices: [{ priceCentavos: 20001, remaining: 5 }],
  },
  {
    key: 'openAir',
    title: 'Open Air Açaí Sessions',
    brandSlug: 'next-level',
    category: 'Next Level Events',
    city: 'Rio de Janeiro',
    location: 'Marina da Glória',
    daysAhead: 50,
    prices: [
      { priceCentavos: 3000, remaining: 0 },
      { priceCentavos: 15000, remaining: 5 },
    ],
  },
  {
    key: 'asian',
    title: 'Asia Pop Con',
    brandSlug: null,
    category: 'Asian Pop Culture',
    city: 'Rio de Janeiro',
    location: 'SulAmérica',
    daysAhead: 60,
    prices: [{ priceCentavos: 7000, remaining: 5 }],
  },
  {
    key: 'club',
    title: 'Club Night',
    brandSlug: null,
    category: 'next level club',
    city: 'São Paulo',
    location: 'D-Edge',
    daysAhead: 70,
    prices: [{ priceCentavos: 10001, remaining: 5 }],
  },
  {
    key: 'soldOut',
    title: 'Noite Esgotada',
    brandSlug: 'kxp',
    category: 'KXP Events',
    city: 'São Paulo',
    location: 'Bom Retiro',
    daysAhead: 80,
    prices: [
      { priceCentavos: 4000, remaining: 0 },
      { priceCentavos: 9000, remaining: 0 },
    ],
  },
  {
    key: 'past',
    title: 'Warehouse Passado',
    brandSlug: 'next-level',
    category: 'Next Level Events',
    city: 'São Paulo',
    location: 'Audio Club',
    daysAhead: -5,
    prices: [{ priceCentavos: 9000, remaining: 5 }],
  },
  {
    key: 'hidden',
    title: 'Rascunho Oculto',
    brandSlug: 'next-level',
    category: 'Next Level Events',
    city: 'São Paulo',
    location: 'Audio Club',
    daysAhead: 12,
    prices: [{ priceCentavos: 0, remaining: 5 }],
    isPublished: false,
  },
];
type Key = (typeof seeds)[number]['key'];
const ids = new Map<Key, string>();
const keyById = new Map<string, Key>();
const dates = new Map<Key, string>();

async function insertEvent(seed: EventSeed): Promise<string> {
  const [event] = await server.deps.db
    .insert(events)
    .values({
      title: seed.title,
      brandSlug: seed.brandSlug ?? null,
      category: seed.category,
      city: seed.city,
      location: seed.location,
      date: saoPauloDay(seed.daysAhead),
      startTime: seed.startTime ?? '20:00',
      endTime: seed.endTime === undefined ? '23:00' : seed.endTime,
      isPublished: seed.isPublished ?? true,
    })
    .returning();
  for (const [i, p] of seed.prices.entries()) await insertSector(server.deps.db, event.id, { name: `Tipo ${i + 1}`, sortOrder: i, ...p });
  return event.id;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.deps.db
    .insert(brands)
    .values([
      {
        slug: 'next-level',
        name: 'Next Level',
        tagline: 'Música eletrônica',
        description: 'Techno e house.',
        accentColor: '#7c3aed',
        sortOrder: 1,
      },
      {
        slug: 'ay-yo',
        name: 'AY-YO',
        tagline: 'K-Pop e cultura asiática',
        description: 'Festas de K-Pop.',
        accentColor: '#db2777',
        sortOrder: 2,
      },
      {
        slug: 'kxp',
        name: 'KXP',
        tagline: 'Experiências coreanas',
        description: 'Gastronomia, hanbok e oficinas.',
        accentColor: '#0f766e',
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();
  for (const seed of seeds) {
    const id = await insertEvent(seed);
    ids.set(seed.key, id);
    keyById.set(id, seed.key);
    dates.set(seed.key, saoPauloDay(seed.daysAhead));
  }
});
afterAll(async () => {
  await server?.stop();
});

async function list(search: string, cookie?: string): Promise<EventSummary[]> {
  const response = await server.app.inject({ method: 'GET', url: `/api/events${search}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events;
}

/** Keys of this file's catalogue in the answer, in answer order. */
async function keys(search: string, cookie?: string): Promise<Key[]> {
  return (await list(search, cookie)).map((e) => keyById.get(e.id)).filter((k): k is Key => k !== undefined);
}

const sorted = (values: Key[]) => [...values].sort();

describe('GET /api/events filters', () => {
  it('lists every published event soonest first, with the real lowest price, and never a draft', async () => {
    const all = await keys('');
    expect(all).toEqual(
      ['past', 'warehouse', 'kpopFree', 'hanbok', 'kimchi', 'idols', 'openAir', 'asian', 'club', 'soldOut'].filter((k) => all.includes(k)),
    );
    expect(all).toHaveLength(10);
    expect(all).not.toContain('hidden');
    const byKey = new Map((await list('')).map((e) => [keyById.get(e.id), e]));
    expect(byKey.get('warehouse')).toMatchObject({ lowestPriceCentavos: 8000, isSoldOut: false, isPast: false });
    expect(byKey.get('kpopFree')).toMatchObject({ lowestPriceCentavos: 0 });
    // The cheapest type is sold out: the card starts at the cheapest one still on sale.
    expect(byKey.get('openAir')).toMatchObject({ lowestPriceCentavos: 15000, isSoldOut: false });
    expect(byKey.get('soldOut')).toMatchObject({ lowestPriceCentavos: 4000, isSoldOut: true });
    expect(byKey.get('past')).toMatchObject({ isPast: true });
  });

  it('starts a card at the lowest paid price when a free courtesy type sits beside paid ones; Gratuito only when all are free', async () => {
    const mixed = await createEvent(server, [
      { name: 'Cortesia', priceCentavos: 0, remaining: 10 },
      { name: 'Pista', priceCentavos: 6000, remaining: 10 },
    ]);
    const free = await createEvent(server, [{ name: 'Entrada', priceCentavos: 0, remaining: 10 }]);
    const detail = (id: string) => server.app.inject({ method: 'GET', url: `/api/events/${id}` }).then((r) => r.json());
    expect((await detail(mixed.event.id)).lowestPriceCentavos).toBe(6000);
    expect((await detail(free.event.id)).lowestPriceCentavos).toBe(0);
    await server.deps.db.delete(events).where(inArray(events.id, [mixed.event.id, free.event.id]));
  });

  it('searches title, location and city without minding case or accents', async () => {
    expect(await keys('?q=ACAI')).toEqual(['openAir']);
    expect(await keys('?q=circo')).toEqual(['kpopFree']);
    expect(sorted(await keys('?q=itajai'))).toEqual(['hanbok', 'kimchi']);
    expect(await keys('?q=inexistente-xyz')).toEqual([]);
    expect(await keys('?q=100%25')).toEqual([]);
  });

  it("finds the K-Pop events as 'kpop', 'k pop', 'K-Pop', 'k-pop' or 'K–POP', and a city written without its space", async () => {
    for (const q of ['kpop', 'k pop', 'K-Pop', 'k-pop', 'K–POP', ' KPOP ']) {
      expect(await keys(`?q=${encodeURIComponent(q)}`), q).toEqual(['kpopFree']);
    }
    expect(await keys(`?q=${encodeURIComponent('de graca')}`)).toEqual(['kpopFree']);
    expect(sorted(await keys('?q=riodejaneiro'))).toEqual(sorted(await keys(`?q=${encodeURIComponent('Rio de Janeiro')}`)));
    expect(await keys('?q=riodejaneiro')).toContain('kpopFree');
    expect(sorted(await keys(`?q=${encodeURIComponent('Itaja-í')}`))).toEqual(['hanbok', 'kimchi']);
  });

  it('filters by brand, also through the category words of the brand pages', async () => {
    expect(sorted(await keys('?brand=ay-yo'))).toEqual(['asian', 'idols', 'kpopFree']);
    expect(sorted(await keys('?brand=kxp'))).toEqual(['hanbok', 'kimchi', 'soldOut']);
    expect(sorted(await keys('?brand=next-level'))).toEqual(['club', 'openAir', 'past', 'warehouse']);
  });

  it('filters by calendar day', async () => {
    expect(sorted(await keys(`?date=${dates.get('kpopFree')}`))).toEqual(['hanbok', 'kpopFree']);
    expect(await keys(`?date=${dates.get('past')}`)).toEqual(['past']);
  });

  it('filters by city, on the location when the city is unknown, without minding accents', async () => {
    expect(sorted(await keys('?city=Itaja%C3%AD'))).toEqual(['hanbok', 'kimchi']);
    expect(sorted(await keys('?city=itajai'))).toEqual(['hanbok', 'kimchi']);
    expect(sorted(await keys('?city=Rio%20de%20Janeiro'))).toEqual(['asian', 'kpopFree', 'openAir']);
    expect(sorted(await keys('?city=S%C3%A3o%20Paulo'))).toEqual(['club', 'idols', 'past', 'soldOut', 'warehouse']);
  });

  it('filters by the price buckets as their labels read', async () => {
    expect(await keys('?price=free')).toEqual(['kpopFree']);
    // 'Até R$ 50' includes free events and R$ 50,00 itself.
    expect(sorted(await keys('?price=up-to-50'))).toEqual(['hanbok', 'kpopFree', 'soldOut']);
    // 'R$ 50 a R$ 100' includes both R$ 50,00 and R$ 100,00.
    expect(sorted(await keys('?price=50-100'))).toEqual(['asian', 'hanbok', 'past', 'warehouse']);
    expect(sorted(await keys('?price=100-200'))).toEqual(['club', 'kimchi', 'openAir']);
    // 'Acima de R$ 200' starts after R$ 200,00.
    expect(await keys('?price=above-200')).toEqual(['idols']);
  });

  it('combines filters', async () => {
    expect(await keys('?brand=ay-yo&city=Rio%20de%20Janeiro&price=free')).toEqual(['kpopFree']);
    expect(await keys(`?brand=kxp&date=${dates.get('hanbok')}`)).toEqual(['hanbok']);
    expect(await keys(`?q=warehouse&price=50-100&upcoming=1`)).toEqual(['warehouse']);
    expect(await keys('?city=S%C3%A3o%20Paulo&price=above-200&brand=ay-yo')).toEqual(['idols']);
    expect(await keys('?city=Itaja%C3%AD&price=above-200')).toEqual([]);
  });

  it('keeps only upcoming events with upcoming=1, including one later today but not one that already ended today', async () => {
    expect(await keys('?upcoming=1')).not.toContain('past');
    const today = saoPauloDay(0);
    const [ended, later] = await server.deps.db
      .insert(events)
      .values([
        {
          title: 'Manhã Encerrada',
          category: 'KXP Events',
          city: 'Itajaí',
          location: 'Casa',
          date: today,
          startTime: '08:00',
          endTime: '09:00',
        },
        {
          title: 'Noite de Hoje',
          category: 'KXP Events',
          city: 'Itajaí',
          location: 'Casa',
          date: today,
          startTime: '21:00',
          endTime: '23:00',
        },
      ])
      .returning();
    // Noon in São Paulo today, whatever time the test runs.
    const noon = new Date(`${today}T15:00:00Z`);
    const upcoming = (await listEvents(server.deps.db, { upcoming: '1' }, null, noon)).map((e) => e.id);
    expect(upcoming).toContain(later.id);
    expect(upcoming).not.toContain(ended.id);
    const all = (await listEvents(server.deps.db, {}, null, noon)).map((e) => e.id);
    expect(all).toContain(ended.id);
  });

  it('keeps a night that began yesterday at 23:00 without an end time upcoming at 00:30, until 05:00', async () => {
    const [night] = await server.deps.db
      .insert(events)
      .values({
        title: 'Madrugada Sem Fim',
        category: 'KXP Events',
        city: 'Itajaí',
        location: 'Casa',
        date: '2026-11-26',
        startTime: '23:00',
        endTime: null,
      })
      .returning();
    const listedAt = async (iso: string) =>
      (await listEvents(server.deps.db, { upcoming: '1', q: 'Madrugada Sem Fim' }, null, new Date(iso))).map((e) => [e.id, e.isPast]);
    expect(await listedAt('2026-11-27T03:30:00Z')).toEqual([[night.id, false]]); // 00:30 in São Paulo
    expect(await listedAt('2026-11-27T08:00:00Z')).toEqual([]); // 05:00
  });

  it('answers an impossible filter with a pt-BR message and status 400', async () => {
    for (const [search, field, message] of [
      ['?date=2025-02-30', 'date', 'Data inválida.'],
      ['?date=amanha', 'date', 'Data inválida.'],
      ['?price=barato', 'price', 'Faixa de preço inválida.'],
      ['?brand=outra', 'brand', 'Marca inválida.'],
      ['?limit=0', 'limit', 'Limite inválido: use de 1 a 100.'],
    ] as const) {
      const response = await server.app.inject({ method: 'GET', url: `/api/events${search}` });
      expect(response.statusCode, search).toBe(400);
      expect(response.json()).toEqual({ code: 'validation_failed', message, details: { field } });
    }
  });
});

describe('favourites', () => {
  it('lists no favourites for a visitor who is not signed in, and refuses to save one', async () => {
    expect(await keys('?favorites=1')).toEqual([]);
    const response = await server.app.inject({ method: 'PUT', url: `/api/favorites/${ids.get('warehouse')}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('keeps each person their own favourites, combines them with other filters, and removes them', async () => {
    const ana = await server.signUpAs();
    const bruno = await server.signUpAs();
    for (const key of ['warehouse', 'hanbok'] as const) {
      const response = await server.app.inject({ method: 'PUT', url: `/api/favorites/${ids.get(key)}`, headers: { cookie: ana.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ eventId: ids.get(key), isFavorite: true });
    }
    // Saving twice is harmless.
    expect(
      (await server.app.inject({ method: 'PUT', url: `/api/favorites/${ids.get('hanbok')}`, headers: { cookie: ana.cookie } })).statusCode,
    ).toBe(200);

    expect(sorted(await keys('?favorites=1', ana.cookie))).toEqual(['hanbok', 'warehouse']);
    expect(await keys('?favorites=1&brand=kxp', ana.cookie)).toEqual(['hanbok']);
    expect(await keys('?favorites=1&price=50-100&city=S%C3%A3o%20Paulo', ana.cookie)).toEqual(['warehouse']);
    expect(await keys('?favorites=1', bruno.cookie)).toEqual([]);
    const favorites = await server.app.inject({ method: 'GET', url: '/api/favorites', headers: { cookie: ana.cookie } });
    expect(sorted(favorites.json().eventIds.map((id: string) => keyById.get(id)))).toEqual(['hanbok', 'warehouse']);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/favorites/${ids.get('warehouse')}`,
      headers: { cookie: ana.cookie },
    });
    expect(removed.json()).toEqual({ eventId: ids.get('warehouse'), isFavorite: false });
    expect(await keys('?favorites=1', ana.cookie)).toEqual(['hanbok']);
  });

  it('refuses to favourite an event that does not exist', async () => {
    const { cookie } = await server.signUpAs();
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/favorites/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Evento não encontrado');
  });
});

describe('GET /api/events/:id/calendar.ics', () => {
  it('returns an RFC 5545 calendar of the event, ending the next day when it crosses midnight', async () => {
    const [event] = await server.deps.db
      .insert(events)
      .values({
        title: 'Noite Coreana: Soju, K-BBQ & Música',
        description: 'Jantar; degustação, música ao vivo.\nMaiores de 18.',
        category: 'KXP Events',
        city: 'São Paulo',
        location: 'Espaço KXP',
        fullAddress: 'Rua Prates, 512 - Bom Retiro, São Paulo - SP',
        date: '2030-03-15',
        startTime: '22:00',
        endTime: '02:00',
      })
      .returning();
    const response = await server.app.inject({ method: 'GET', url: `/api/events/${event.id}/calendar.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="noite-coreana-soju-k-bbq-musica.ics"');
    const ics = response.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`UID:${event.id}@localhost\r\n`);
    expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(unfolded).toContain('\r\nDTSTART:20300316T010000Z\r\n');
    expect(unfolded).toContain('\r\nDTEND:20300316T050000Z\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Noite Coreana: Soju\\, K-BBQ & Música\r\n');
    expect(unfolded).toContain('\r\nLOCATION:Espaço KXP\\, Rua Prates\\, 512 - Bom Retiro\\, São Paulo - SP\r\n');
    expect(unfolded).toContain(
      '\r\nDESCRIPTION:Jantar\\; degustação\\, música ao vivo.\\nMaiores de 18.\\n\\nIngressos e detalhes: http://localhost:3999/event/',
    );
    expect(unfolded).toContain(`\r\nURL:http://localhost:3999/event/${event.id}\r\n`);
  });

  it('answers 404 for an unknown or malformed event id, and for an unpublished event', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-existe', ids.get('hidden')]) {
      const response = await server.app.inject({ method: 'GET', url: `/api/events/${id}/calendar.ics` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'event_not_found', message: 'Evento não encontrado' });
    }
  });
});

describe('page meta for shared links', () => {
  const themeScript = "document.documentElement.classList.add('dark')";
  const indexHtml = [
    '<!doctype html><html lang="pt-BR"><head>',
    '<meta name="description" content="Ingressos e eventos." />',
    '<title>Next Level - Ingressos e eventos</title>',
    `<script>${themeScript}</script>`,
    '<!--app-head-->',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  const publicUrl = 'https://ingressos.exemplo.com.br';
  let dataDir: string;
  let distDir: string;
  let web: FastifyInstance;
  let eventId: string;
  const config = () => loadConfig({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', PORT: '3999', PUBLIC_URL: publicUrl });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nl-events-shell-'));
    distDir = mkdtempSync(join(tmpdir(), 'nl-events-dist-'));
    writeFileSync(join(distDir, 'index.html'), indexHtml);
    // The JPEG render of the demo artwork that link previews use instead of the SVG.
    mkdirSync(join(distDir, 'images/share/events'), { recursive: true });
    writeFileSync(join(distDir, 'images/share/events/ay-yo-kpop-night-itajai.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    mkdirSync(join(distDir, 'images/share/banners'), { recursive: true });
    for (const banner of ['next-level-warehouse', 'ay-yo-temporada', 'kxp-festival-rio']) {
      writeFileSync(join(distDir, `images/share/banners/${banner}.jpg`), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    }
    const [event] = await server.deps.db
      .insert(events)
      .values({
        title: 'K-Pop "Night" <Especial> & Amigos',
        description: 'Uma noite inteira de K-Pop com DJs, ativações e concurso de cover. '.repeat(6),
        category: 'AyYo Events',
        brandSlug: null,
        city: 'Itajaí',
        location: 'Centro de Eventos',
        date: '2030-03-16',
        startTime: '20:00',
        endTime: '23:00',
        imageUrl: '/images/events/ay-yo-kpop-night-itajai.svg',
      })
      .returning();
    await insertSector(server.deps.db, event.id, { name: 'Pista', priceCentavos: 5500, remaining: 10 });
    eventId = event.id;
    web = await buildApp({
      config: config(),
      deps: server.deps,
      auth: server.auth,
      logger: pino({ level: 'silent' }),
      distDir,
      rateLimit: false,
      live: server.live,
      trustedOrigins: [],
    });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  });

  const meta = (html: string, attr: 'property' | 'name', key: string) =>
    new RegExp(`<meta ${attr}="${key.replace(/:/g, '\\:')}" content="([^"]*)" />`).exec(html)?.[1];

  it('serves an event page with its own title, description and Open Graph tags, escaped, with absolute URLs', async () => {
    const response = await web.inject({ method: 'GET', url: `/event/${eventId}?utm_source=whatsapp` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>K-Pop &quot;Night&quot; &lt;Especial&gt; &amp; Amigos - Next Level</title>');
    expect(html).not.toContain('<!--app-head-->');
    expect(meta(html, 'property', 'og:title')).toBe('K-Pop &quot;Night&quot; &lt;Especial&gt; &amp; Amigos');
    const description = meta(html, 'property', 'og:description')!;
    expect(description).toMatch(
      /^Sábado, 16 de março de 2030, 20:00 · Centro de Eventos, Itajaí · A partir de R\$\s55,00\. Uma noite inteira de K-Pop/,
    );
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
    expect(meta(html, 'name', 'description')).toBe(description);
    expect(meta(html, 'property', 'og:url')).toBe(`${publicUrl}/event/${eventId}`);
    expect(meta(html, 'property', 'og:image')).toBe(`${publicUrl}/images/share/events/ay-yo-kpop-night-itajai.jpg`);
    expect(meta(html, 'property', 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'property', 'og:image:width')).toBe('1200');
    expect(meta(html, 'property', 'og:image:height')).toBe('675');
    expect(meta(html, 'property', 'og:locale')).toBe('pt_BR');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/event/${eventId}" />`);
    expect(html).toContain('<div id="root"></div>');
  });

  it('carries the event as initial data, script-safe, and preloads its picture', async () => {
    const response = await web.inject({ method: 'GET', url: `/event/${eventId}` });
    const block = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>\s*<\/body>/.exec(response.body)?.[1];
    expect(block).toBeDefined();
    // The title holds '<Especial>': nothing inside the block may open or close a tag.
    expect(block).not.toContain('<');
    const initial = JSON.parse(block!) as { event: unknown };
    const api = await web.inject({ method: 'GET', url: `/api/events/${eventId}` });
    expect(initial.event).toEqual(api.json());
    expect(response.body).toContain(
      '<link rel="preload" as="image" href="/images/events/ay-yo-kpop-night-itajai.svg" fetchpriority="high" />',
    );
  });

  it('preloads the carousel picture on the home page, allows the inline theme script by hash, 404s missing assets', async () => {
    const home = await web.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<link rel="preload" as="image" href="${HOME_HERO_IMAGE}" fetchpriority="high" />`);
    expect(home.body).not.toContain('initial-data');
    const hash = createHash('sha256').update(themeScript).digest('base64');
    // Profile photos and event pictures given as https:// addresses are shown; scripts stay same-origin.
    expect(home.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:");
    expect(home.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
    for (const url of ['/assets/index-missing.js', '/.vite/manifest.json']) {
      const missing = await web.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toContain('application/json');
    }
  });

  it('answers 404 with the plain shell for an unknown or malformed event id', async () => {
    for (const url of ['/event/00000000-0000-4000-8000-000000000000', '/event/nao-existe', `/event/${ids.get('hidden')}`]) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe(indexHtml);
    }
  });

  it('describes a brand page and leaves other pages with the plain shell', async () => {
    const brand = await web.inject({ method: 'GET', url: '/events/kxp' });
    expect(brand.statusCode).toBe(200);
    expect(brand.body).toContain('<title>KXP - Next Level</title>');
    expect(meta(brand.body, 'property', 'og:title')).toBe('Eventos KXP');
    const [kxp] = await server.deps.db.select().from(brands).where(eq(brands.slug, 'kxp'));
    const description = meta(brand.body, 'property', 'og:description')!;
    expect(description.startsWith(`${kxp.tagline}. ${kxp.description.slice(0, 40)}`)).toBe(true);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(meta(brand.body, 'property', 'og:url')).toBe(`${publicUrl}/events/kxp`);
    for (const url of ['/events/outra-marca', '/tickets']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
    }
  });

  it('gives an event without a picture of its own its brand banner as the preview picture', async () => {
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 3000, remaining: 5 }], { title: 'Sem imagem' });
    const page = await renderAppShell({ indexHtml, distDir, manifest: null }, `/event/${event.id}`, server.deps, config());
    expect(meta(page.body, 'property', 'og:image')).toBe(`${publicUrl}/images/share/banners/next-level-warehouse.jpg`);
    expect(meta(page.body, 'property', 'og:image:type')).toBe('image/jpeg');
  });

  it('renders the shell directly: Gratuito or Esgotado in the description, no image tag without any JPEG to show', async () => {
    const shell = (id: string) => renderAppShell({ indexHtml, distDir, manifest: null }, `/event/${id}`, server.deps, config());
    const free = await shell(ids.get('kpopFree')!);
    expect(free.status).toBe(200);
    expect(meta(free.body, 'property', 'og:description')).toMatch(/, 20:00 · Circo Voador, Rio de Janeiro · Gratuito\.$/);
    // No picture of its own: its brand's banner.
    expect(meta(free.body, 'property', 'og:image')).toMatch(/\/images\/share\/banners\/[a-z-]+\.jpg$/);
    const soldOut = await shell(ids.get('soldOut')!);
    expect(meta(soldOut.body, 'property', 'og:description')).toContain(' · Esgotado.');
    // A placeholder-less index.html still gets the tags, before </head>.
    const bare = await renderAppShell(
      { indexHtml: '<html><head><title>x</title></head><body></body></html>', distDir: null, manifest: null },
      `/event/${eventId}`,
      server.deps,
      config(),
    );
    expect(bare.body).toMatch(/<meta property="og:title" content="[^"]+" \/>[\s\S]*<\/head><body>/);
    // Without a JPEG render, an SVG picture is left out: chat apps would not show it.
    expect(bare.body).not.toContain('og:image');
    expect(meta(bare.body, 'name', 'twitter:card')).toBe('summary');
  });
});
