import { sql, type SQL } from 'drizzle-orm';
import type { EventSummary, ListEventsQuery, PriceFilter } from '../../../shared/schemas/events';
import { earliestOngoingEventDate, isEventPast } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';
import { containsFolded } from '../../db/fold-text';
import { ageRatingOf } from '../../../shared/event-info';

/**
 * Inclusive bounds in centavos of an event's lowest price for each price filter, read as the
 * labels of docs/screens.md 'Events list' read: 'Gratuito' is 0; 'Até R$ 50' is 0 to 50,00
 * (a free event costs less than R$ 50); 'R$ 50 a R$ 100' is 50,00 to 100,00; 'R$ 100 a R$ 200'
 * is 100,00 to 200,00; 'Acima de R$ 200' is more than 200,00. A price exactly on a shared bound
 * (R$ 50,00, R$ 100,00) is in both ranges its label names.
 */
const priceFilterBounds: Record<PriceFilter, { minCentavos: number; maxCentavos: number | null }> = {
  free: { minCentavos: 0, maxCentavos: 0 },
  'up-to-50': { minCentavos: 0, maxCentavos: 5000 },
  '50-100': { minCentavos: 5000, maxCentavos: 10000 },
  '100-200': { minCentavos: 10000, maxCentavos: 20000 },
  'above-200': { minCentavos: 20001, maxCentavos: null },
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
  is_cancelled: boolean;
  age_rating: string | null;
  [key: string]: unknown;
}

// 'Is this event over' changes once a minute at most: decided once per event and minute.
const pastByMinute = new Map<string, boolean>();
function isPastThisMinute(date: string, startTime: string, endTime: string | null, now: Date): boolean {
  const key = `${Math.floor(now.getTime() / 60_000)}|${date}|${startTime}|${endTime}`;
  let past = pastByMinute.get(key);
  if (past === undefined) {
    if (pastByMinute.size > 5000) pastByMinute.clear();
    past = isEventPast({ date, startTime, endTime }, now);
    pastByMinute.set(key, past);
  }
  return past;
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
    isPast: isPastThisMinute(String(row.date), row.start_time, row.end_time, now),
    isCancelled: Boolean(row.is_cancelled),
    ageRating: ageRatingOf(row.age_rating),
  };
}

/**
 * The 'A partir de' price of event `e`: the cheapest paid lot with units whose date has not
 * passed, among the sectors shown to everyone (a pre-sale sector is not), or, when every paid lot
 * is sold out, the cheapest paid one; 0 ('Gratuito') only when every type is
 * free, so a courtesy type beside paid ones does not make an event look free (docs/rules/events.md 'Card prices': cards
 * show the real lowest price).
 */
const lowestPrice = sql`(SELECT coalesce(
    min(l.price_centavos) FILTER (WHERE l.price_centavos > 0 AND l.remaining > 0 AND (l.ends_at IS NULL OR l.ends_at > now())),
    min(l.price_centavos) FILTER (WHERE l.price_centavos > 0),
    min(l.price_centavos))
  FROM ticket_lots l JOIN ticket_types tt ON tt.id = l.ticket_type_id WHERE tt.event_id = e.id AND NOT tt.hidden_without_code)`;

/** The select list and price aggregate shared by the event queries. */
export const eventSummaryColumns = sql`
  e.id, e.title, to_char(e.date, 'YYYY-MM-DD') AS date, e.start_time::text AS start_time, e.end_time::text AS end_time,
  e.location, e.city, e.category, e.brand_slug, e.image_url, e.cancelled_at IS NOT NULL AS is_cancelled, e.age_rating,
  ${lowestPrice}::int AS lowest_price_centavos,
  (SELECT sum(tt.remaining)::int FROM ticket_types tt WHERE tt.event_id = e.id) AS remaining_total`;

/**
 * Published events matching every given filter, soonest first (
 * docs/rules/events.md 'Event list filters'; docs/rules/events.md 'Card prices': the price filter really filters, on the price the card shows).
 * Search matches title, location or city ignoring case, accents, spaces and hyphens ('kpop' finds 'K-Pop', db/fold-text); `brand` matches
 * the brand or the category words of older events (docs/rules/events.md 'Brand pages' ('ay-yo', 'k-pop', 'asian';
 * 'kxp', 'korean', 'korea'; 'next level'); `date` is a São Paulo calendar day; `city` is a case-
 * and accent-insensitive match on the city (or the location when the city is unknown); `price`
 * uses `priceFilterBounds`; `favorites` keeps the user's favourites (none when signed out);
 * `upcoming` drops events that have ended at `now`.
 */
export async function listEvents(db: Db, query: ListEventsQuery, userId: string | null, now: Date = new Date()): Promise<EventSummary[]> {
  const where: SQL[] = [sql`e.is_published`];
  if (query.q) {
    where.push(sql`(${containsFolded(sql`e.title`, query.q)} OR ${containsFolded(sql`e.location`, query.q)}
      OR ${containsFolded(sql`coalesce(e.city, '')`, query.q)})`);
  }
  if (query.brand === 'ay-yo') {
    where.push(sql`(e.brand_slug = 'ay-yo' OR lower(e.category) ~ '(ay-?yo|k-?pop|asian)')`);
  } else if (query.brand === 'kxp') {
    where.push(sql`(e.brand_slug = 'kxp' OR lower(e.category) ~ '(kxp|korea)')`);
  } else if (query.brand === 'next-level') {
    where.push(sql`(e.brand_slug = 'next-level' OR lower(e.category) ~ 'next[ -]?level')`);
  }
  if (query.date) where.push(sql`e.date = ${query.date}::date`);
  if (query.city) where.push(containsFolded(sql`coalesce(e.city, e.location)`, query.city));
  if (query.price) {
    const { minCentavos, maxCentavos } = priceFilterBounds[query.price];
    where.push(sql`${lowestPrice} >= ${minCentavos}`);
    if (maxCentavos !== null) where.push(sql`${lowestPrice} <= ${maxCentavos}`);
  }
  if (query.favorites) {
    if (!userId) return [];
    where.push(sql`EXISTS (SELECT 1 FROM user_favorites f WHERE f.event_id = e.id AND f.user_id = ${userId})`);
  }
  // Only narrows: an event of yesterday may still be on (a night past midnight); isPast decides below.
  if (query.upcoming) where.push(sql`e.date >= ${earliestOngoingEventDate(now)}::date`);

  const rows = await queryRows<EventRow>(
    db,
    sql`
    SELECT ${eventSummaryColumns}
    FROM events e
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY e.date ASC, e.start_time ASC, e.title ASC, e.id ASC
    LIMIT ${query.limit ?? 100}
  `,
  );
  const events = rows.map((row) => toEventSummary(row, now));
  // An event that already ended (shared/dates isEventPast) is past even though its date is today or yesterday.
  return query.upcoming ? events.filter((e) => !e.isPast) : events;
}
