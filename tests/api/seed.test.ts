import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { banners, brands, coupons, events, news, ticketLots, sectors } from '../../src/server/db/schema';
import { seedCatalog } from '../../src/server/db/seed-catalog';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const now = new Date('2025-06-15T15:00:00Z');
const today = '2025-06-15';

let database: Database;
let dbName: string | undefined;
let eventIds: string[];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    dbName = `test_seed_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  ({ eventIds } = await seedCatalog(database.db, now));
});

afterAll(async () => {
  await database?.close();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

describe('seedCatalog', () => {
  it('inserts the three brands', async () => {
    const rows = await database.db.select().from(brands).orderBy(asc(brands.sortOrder));
    expect(rows.map((b) => [b.slug, b.name, b.accentColor])).toEqual([
      ['next-level', 'Next Level', '#7c3aed'],
      ['ay-yo', 'AY-YO', '#db2777'],
      ['kxp', 'KXP', '#0f766e'],
    ]);
  });

  it('inserts events in the three cities, past and upcoming, with matching brand and category', async () => {
    const rows = await database.db.select().from(events);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((e) => e.id))).toEqual(new Set(eventIds));
    expect(new Set(rows.map((e) => e.city))).toEqual(new Set(['São Paulo', 'Rio de Janeiro', 'Itajaí']));
    expect(rows.filter((e) => e.date < today).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((e) => e.date > today).length).toBeGreaterThanOrEqual(10);
    const category = { 'next-level': 'Next Level Events', 'ay-yo': 'AyYo Events', kxp: 'KXP Events' };
    for (const e of rows) {
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.startTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(e.brandSlug).toBeTruthy();
      expect(e.category).toBe(category[e.brandSlug as keyof typeof category]);
      expect(e.location.length).toBeGreaterThan(0);
      expect(e.fullAddress).toContain(e.city!);
      expect(e.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
      if (e.rating !== null) expect(e.rating).toBeGreaterThanOrEqual(4.2);
    }
    expect(rows.some((e) => e.capacity === null)).toBe(true);
    // Dates are calendar days in America/Sao_Paulo relative to `now`: 20 days before is 2025-05-26.
    expect(rows.some((e) => e.date === '2025-05-26')).toBe(true);
  });

  it('gives every event 1 to 4 sectors, with free, sold-out and nearly sold-out upcoming events', async () => {
    const rows = await database.db.select().from(events);
    // Each sector at its first lot's price.
    const types = (
      await database.db
        .select({ type: sectors, priceCentavos: ticketLots.priceCentavos })
        .from(sectors)
        .innerJoin(ticketLots, and(eq(ticketLots.sectorId, sectors.id), eq(ticketLots.position, 1)))
    ).map((r) => ({ ...r.type, priceCentavos: r.priceCentavos }));
    const byEvent = new Map<string, (typeof types)[number][]>();
    for (const t of types) byEvent.set(t.eventId, [...(byEvent.get(t.eventId) ?? []), t]);

    const upcoming = rows.filter((e) => e.date >= today);
    const kinds = { free: 0, soldOut: 0, nearlySoldOut: 0 };
    const buckets = new Set<string>();
    for (const e of rows) {
      const list = byEvent.get(e.id) ?? [];
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(4);
      for (const t of list) {
        expect(Number.isInteger(t.priceCentavos)).toBe(true);
        expect(t.priceCentavos).toBeGreaterThanOrEqual(0);
        expect(t.remaining).toBeGreaterThanOrEqual(0);
      }
      if (!upcoming.includes(e)) continue;
      if (list.every((t) => t.priceCentavos === 0)) kinds.free++;
      if (list.every((t) => t.remaining === 0)) kinds.soldOut++;
      if (list.every((t) => t.remaining > 0 && t.remaining <= 5)) kinds.nearlySoldOut++;
      const lowest = Math.min(...list.map((t) => t.priceCentavos));
      buckets.add(lowest === 0 ? 'free' : lowest <= 5000 ? '0-50' : lowest <= 10000 ? '50-100' : lowest <= 20000 ? '100-200' : '200+');
    }
    expect(kinds).toEqual({ free: 1, soldOut: 1, nearlySoldOut: 1 });
    expect(buckets).toEqual(new Set(['free', '0-50', '50-100', '100-200', '200+']));
  });

  it('sells the Brazilian way: lots whose price rises, meia-entrada on every event, a fee on Next Level, a pre-sale sector on a K-Pop event', async () => {
    const rows = await database.db.select().from(events);
    const lots = await database.db
      .select({ lot: ticketLots, type: sectors })
      .from(ticketLots)
      .innerJoin(sectors, eq(sectors.id, ticketLots.sectorId));
    const lotsBySector = new Map<string, number[]>();
    for (const { lot } of [...lots].sort((a, b) => a.lot.position - b.lot.position))
      lotsBySector.set(lot.sectorId, [...(lotsBySector.get(lot.sectorId) ?? []), lot.priceCentavos]);
    const turning = [...lotsBySector.values()].filter((prices) => prices.length >= 2);
    expect(turning.length).toBeGreaterThanOrEqual(2);
    for (const prices of turning) for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThan(prices[i - 1]);
    // The reserve applies to every sector of a meia-entrada event, camarotes and VIP included.
    expect(rows.every((e) => e.meiaEntrada)).toBe(true);
    for (const e of rows) {
      const fee = e.brandSlug === 'next-level' ? [1000, 300] : [0, null];
      expect([e.serviceFeeBasisPoints, e.serviceFeeMinCentavos], e.title).toEqual(fee);
      expect([e.maxTicketsPerOrder, e.maxTicketsPerCpf]).toEqual([6, 4]);
    }
    const hidden = lots.filter(({ type }) => type.hiddenWithoutCode);
    expect(hidden).toHaveLength(1);
    const [preSale] = hidden;
    expect(rows.find((e) => e.id === preSale.type.eventId)?.brandSlug).toBe('ay-yo');
    const [code] = await database.db.select().from(coupons).where(eq(coupons.unlocksSectorId, preSale.type.id));
    expect([code.code, code.isActive, code.eventId]).toEqual(['AYYOFA-7K2Q', true, preSale.type.eventId]);
  });

  it('inserts 3 published news items and 1 draft', async () => {
    const rows = await database.db.select().from(news);
    expect(rows.filter((n) => n.published)).toHaveLength(3);
    expect(rows.filter((n) => !n.published)).toHaveLength(1);
    for (const n of rows) expect(n.content?.split('\n\n').length).toBeGreaterThanOrEqual(2);
  });

  it('inserts 2 active banners and 1 inactive, linking to event pages or brand pages', async () => {
    const rows = await database.db.select().from(banners);
    expect(rows.filter((b) => b.active)).toHaveLength(2);
    expect(rows.filter((b) => !b.active)).toHaveLength(1);
    for (const b of rows) {
      const match = /^\/event\/(.+)$/.exec(b.linkUrl ?? '');
      if (match) expect(eventIds).toContain(match[1]);
      else expect(b.linkUrl).toMatch(/^\/events\/(next-level|ay-yo|kxp)$/);
    }
  });

  it('references image files that exist under public/', async () => {
    const urls = [
      ...(await database.db.select({ url: events.imageUrl }).from(events)),
      ...(await database.db.select({ url: news.imageUrl }).from(news)),
      ...(await database.db.select({ url: banners.imageUrl }).from(banners)),
    ].map((r) => r.url);
    expect(urls.length).toBeGreaterThanOrEqual(19);
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/(events|news|banners)\/[a-z0-9-]+\.svg$/);
      expect(existsSync(`${publicDir}${url}`), url!).toBe(true);
    }
  });
});
