import { sql, type SQL } from 'drizzle-orm';
import type { AdminEventStatus, AdminEventSummary, ListAdminEventsQuery } from '../../../shared/schemas/admin-events';
import { earliestOngoingEventDate, type EventTimes, isEventPast, saoPauloToday } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';
import { containsFolded } from '../../db/fold-text';
import { loadSalesMoneyByEvent, sumSalesMoney } from './sales-money';

interface AdminEventRow {
  id: string;
  title: string;
  date: string;
  start_time: string;
  end_time: string | null;
  location: string;
  city: string | null;
  category: string;
  brand_slug: AdminEventSummary['brandSlug'];
  image_url: string | null;
  is_published: boolean;
  created_at: Date | string;
  tickets_sold: number | string;
  tickets_offered: number | string;
  tickets_remaining: number | string;
  [key: string]: unknown;
  cancelled_at: string | Date | null;
}

/**
 * 'finished' (Finalizado) once the event is over at `now` (shared/dates isEventPast: its end
 * time, past midnight when at or before the start, or 6 hours after a start without one), else
 * 'active' (Ativo), as the sale, the door and the tickets read it.
 */
export function adminEventStatus(event: EventTimes, now: Date): AdminEventStatus {
  return isEventPast(event, now) ? 'finished' : 'active';
}

/**
 * adminEventFilters as conditions on `e` at `now`: each event meets exactly one. The SQL of
 * 'published' and 'past' only narrows by date (an event of yesterday may still be on, one of
 * today may be over); isPastFilter then applies adminEventStatus to the rows.
 */
const statusFilters: Record<NonNullable<ListAdminEventsQuery['status']>, (now: Date) => SQL> = {
  published: (now) => sql`(e.is_published AND e.cancelled_at IS NULL AND e.date >= ${earliestOngoingEventDate(now)}::date)`,
  draft: () => sql`(NOT e.is_published AND e.cancelled_at IS NULL)`,
  cancelled: () => sql`e.cancelled_at IS NOT NULL`,
  past: (now) => sql`(e.is_published AND e.cancelled_at IS NULL AND e.date <= ${saoPauloToday(now)}::date)`,
};

/** The status rows of each filter must have once adminEventStatus decides (none: any). */
const isPastFilter: Partial<Record<NonNullable<ListAdminEventsQuery['status']>, boolean>> = { published: false, past: true };

const orders: Record<NonNullable<ListAdminEventsQuery['sort']>, SQL> = {
  created: sql`e.created_at DESC, e.id`,
  date: sql`e.date, e.start_time, e.id`,
  '-date': sql`e.date DESC, e.start_time DESC, e.id`,
};

/**
 * Every event, drafts included (docs/rules/events.md 'Event status'), with its sales: units of
 * completed orders, the units its lots ever offered (sold + held + remaining) and whether none is
 * left, and its money from gross to net as every screen reads it (sales-money.ts
 * loadSalesMoneyByEvent, docs/rules/money.md 'The figures'; `revenueCentavos` is its gross). Filters, all optional: `q` a case- and accent-insensitive
 * match on title or location; `brand` a brand's slug; `status` one of adminEventFilters, each
 * event in exactly one ('published' upcoming and on sale, 'draft', 'cancelled', 'past' published
 * and over at `now`, adminEventStatus). `sort`: 'created' newest first (default), 'date' soonest
 * first, '-date' latest first (date, then start time). `now` also decides 'Ativo' / 'Finalizado'.
 */
export async function listAdminEvents(db: Db, query: ListAdminEventsQuery, now: Date = new Date()): Promise<AdminEventSummary[]> {
  const where: SQL[] = [sql`true`];
  if (query.q) {
    where.push(sql`(${containsFolded(sql`e.title`, query.q)} OR ${containsFolded(sql`e.location`, query.q)})`);
  }
  if (query.brand) where.push(sql`e.brand_slug = ${query.brand}`);
  if (query.status) where.push(statusFilters[query.status](now));
  const order = orders[query.sort ?? 'created'];
  const rows = await queryRows<AdminEventRow>(
    db,
    sql`
    SELECT e.id, e.title, to_char(e.date, 'YYYY-MM-DD') AS date, e.start_time::text AS start_time, e.end_time::text AS end_time, e.location, e.city,
      e.category, e.brand_slug, e.image_url, e.is_published, e.created_at, e.cancelled_at,
      coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                WHERE o.event_id = e.id AND o.status = 'completed'), 0)::int AS tickets_sold,
      coalesce((SELECT sum(l.quantity) FROM ticket_lots l JOIN ticket_types tt ON tt.id = l.ticket_type_id WHERE tt.event_id = e.id), 0)::int AS tickets_offered,
      coalesce((SELECT sum(l.remaining) FROM ticket_lots l JOIN ticket_types tt ON tt.id = l.ticket_type_id WHERE tt.event_id = e.id), 0)::int AS tickets_remaining
    FROM events e
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${order}
  `,
  );
  const wantsPast = query.status ? isPastFilter[query.status] : undefined;
  const statusOf = (row: AdminEventRow) => adminEventStatus({ date: row.date, startTime: row.start_time, endTime: row.end_time }, now);
  const kept = wantsPast === undefined ? rows : rows.filter((row) => (statusOf(row) === 'finished') === wantsPast);
  const money = await loadSalesMoneyByEvent(db, { events: kept.map((row) => row.id) });
  return kept.map((row) => {
    const figures = money.get(row.id) ?? sumSalesMoney([]);
    return {
      id: row.id,
      title: row.title,
      date: row.date,
      startTime: row.start_time,
      location: row.location,
      city: row.city,
      category: row.category,
      brandSlug: row.brand_slug,
      imageUrl: row.image_url,
      isPublished: row.is_published,
      status: statusOf(row),
      cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
      ticketsSold: Number(row.tickets_sold),
      ticketsOffered: Number(row.tickets_offered),
      isSoldOut: Number(row.tickets_offered) > 0 && Number(row.tickets_remaining) === 0,
      revenueCentavos: figures.grossCentavos,
      money: figures,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}
