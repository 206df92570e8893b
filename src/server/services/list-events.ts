import { sql, type SQL } from 'drizzle-orm';
import type { EventSummary, ListEventsQuery, PriceFilter } from '../../shared/schemas/events';
import { isEventPast, saoPauloToday } from '../../shared/dates';
import { queryRows, type Db } from '../db/client';

/** Bounds in centavos of the lowest price for each price filter (SPEC.md section 2 'Events list'). */
const priceBounds: Record<PriceFilter, [number, number | null]> = {
  free: [0, 0],
  'up-to-50': [1, 5000],
  '50-100': [5001, 10000],
  '100-200': [10001, 20000],
  'above-200': [20001, null],
};

export interface EventRow {
  id: string;
  title: string;
  date: string;
  start_time: string;
  end_time: string | null;
  location: string;
  city: string | null;
  category: string;
  brand_slug: EventSummary['brandSlug'];
  image_url: string | null;
  lowest_price_centavos: number | null;
  remaining_total: number | null;
  [key: string]: unknown;
}

/** Maps a row of the event queries to the card shape; `now` decides `isPast`. */
export function toEventSummary(row: EventRow, now: Date): EventSummary {
  return {
    id: row.id,
    title: row.title,
    date: String(row.date),
    startTime: row.start_time,
    endTime: row.end_time,
    location: row.location,
    city: row.city,
    category: row.category,
    brandSlug: row.brand_slug,
    imageUrl: row.image_url,
    lowestPriceCentavos: row.lowest_price_centavos === null ? null : Number(row.lowest_price_centavos),
    isSoldOut: row.remaining_total !== null && Number(row.remaining_total) === 0,
    isPast: isEventPast({ date: String(row.date), startTime: row.start_time, endTime: row.end_time }, now),
  };
}

/** The select list and price aggregate shared by the event queries. */
export const eventSummaryColumns = sql`
  e.id, e.title, to_char(e.date, 'YYYY-MM-DD') AS date, e.start_time::text AS start_time, e.end_time::text AS end_time,
  e.location, e.city, e.category, e.brand_slug, e.image_url,
  (SELECT min(tt.price_centavos)::int FROM ticket_types tt WHERE tt.event_id = e.id) AS lowest_price_centavos,
  (SELECT sum(tt.remaining)::int FROM ticket_types tt WHERE tt.event_id = e.id) AS remaining_total`;

/**
 * Published events matching every given filter, soonest first (SPEC.md section 5 'Event list
 * filters', PRODUCT.md: the price filter really filters, on the lowest price of the event).
 * Search is a case- and accent-insensitive match on title, location or city; `brand` matches
 * the brand or the category words of SPEC.md's brand pages; `date` is a São Paulo calendar day;
 * `favorites` keeps the user's favourites (none when signed out); `upcoming` drops past events.
 */
export async function listEvents(db: Db, query: ListEventsQuery, userId: string | null, now: Date = new Date()): Promise<EventSummary[]> {
  const where: SQL[] = [sql`e.is_published`];
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(translate(lower(e.title), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc') LIKE translate(lower(${like}), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc')
      OR translate(lower(e.location), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc') LIKE translate(lower(${like}), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc')
      OR translate(lower(coalesce(e.city, '')), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc') LIKE translate(lower(${like}), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc'))`);
  }
  if (query.brand === 'ay-yo') {
    where.push(sql`(e.brand_slug = 'ay-yo' OR lower(e.category) ~ '(ay-?yo|k-pop|asian)')`);
  } else if (query.brand === 'kxp') {
    where.push(sql`(e.brand_slug = 'kxp' OR lower(e.category) ~ '(kxp|korean|korea)')`);
  } else if (query.brand === 'next-level') {
    where.push(sql`(e.brand_slug = 'next-level' OR lower(e.category) ~ '(next ?level)')`);
  }
  if (query.date) where.push(sql`e.date = ${query.date}::date`);
  if (query.city) where.push(sql`lower(coalesce(e.city, e.location)) LIKE ${`%${query.city.toLowerCase()}%`}`);
  if (query.price) {
    const [min, max] = priceBounds[query.price];
    where.push(sql`(SELECT min(tt.price_centavos) FROM ticket_types tt WHERE tt.event_id = e.id) >= ${min}`);
    if (max !== null) where.push(sql`(SELECT min(tt.price_centavos) FROM ticket_types tt WHERE tt.event_id = e.id) <= ${max}`);
  }
  if (query.favorites) {
    if (!userId) return [];
    where.push(sql`EXISTS (SELECT 1 FROM user_favorites f WHERE f.event_id = e.id AND f.user_id = ${userId})`);
  }
  if (query.upcoming) where.push(sql`e.date >= ${saoPauloToday(now)}::date`);

  const rows = await queryRows<EventRow>(db, sql`
    SELECT ${eventSummaryColumns}
    FROM events e
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY e.date ASC, e.start_time ASC
    LIMIT ${query.limit ?? 100}
  `);
  const events = rows.map((row) => toEventSummary(row, now));
  // An event that already ended today is past even though its date is today.
  return query.upcoming ? events.filter((e) => !e.isPast) : events;
}
