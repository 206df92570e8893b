import { sql, type SQL } from 'drizzle-orm';
import type { AdminEventStatus, AdminEventSummary, ListAdminEventsQuery } from '../../../shared/schemas/admin-events';
import { saoPauloToday } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';

interface AdminEventRow {
  id: string;
  title: string;
  date: string;
  start_time: string;
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
  revenue_centavos: number | string;
  [key: string]: unknown;
  cancelled_at: string | Date | null;
}

/** SPEC.md section 4: 'active' when the event's date is today or later in São Paulo at `now`. */
export function adminEventStatus(date: string, now: Date): AdminEventStatus {
  return date >= saoPauloToday(now) ? 'active' : 'finished';
}

/** adminEventFilters as conditions on `e` for the São Paulo day `today` ('yyyy-MM-dd'): each event meets exactly one. */
const statusFilters: Record<NonNullable<ListAdminEventsQuery['status']>, (today: string) => SQL> = {
  published: (today) => sql`(e.is_published AND e.cancelled_at IS NULL AND e.date >= ${today}::date)`,
  draft: () => sql`(NOT e.is_published AND e.cancelled_at IS NULL)`,
  cancelled: () => sql`e.cancelled_at IS NOT NULL`,
  past: (today) => sql`(e.is_published AND e.cancelled_at IS NULL AND e.date < ${today}::date)`,
};

const orders: Record<NonNullable<ListAdminEventsQuery['sort']>, SQL> = {
  created: sql`e.created_at DESC, e.id`,
  date: sql`e.date, e.start_time, e.id`,
  '-date': sql`e.date DESC, e.start_time DESC, e.id`,
};

const fold = (text: SQL) => sql`translate(lower(${text}), 'áàâãäéèêëíìîïóòôõöúùûüç', 'aaaaaeeeeiiiiooooouuuuc')`;

/**
 * Every event, drafts included (SPEC.md section 7 'Event list'), with its sales: units and totals
 * (centavos, after discounts) of completed orders, the units its lots ever offered (sold + held +
 * remaining) and whether none is left. Filters, all optional: `q` a case- and accent-insensitive
 * match on title or location; `brand` a brand's slug; `status` one of adminEventFilters, each
 * event in exactly one ('published' upcoming and on sale, 'draft', 'cancelled', 'past' published
 * and its São Paulo day gone at `now`). `sort`: 'created' newest first (default), 'date' soonest
 * first, '-date' latest first (date, then start time). `now` also decides 'Ativo' / 'Finalizado'.
 */
export async function listAdminEvents(db: Db, query: ListAdminEventsQuery, now: Date = new Date()): Promise<AdminEventSummary[]> {
  const today = saoPauloToday(now);
  const where: SQL[] = [sql`true`];
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${fold(sql`e.title`)} LIKE ${fold(sql`${like}`)} OR ${fold(sql`e.location`)} LIKE ${fold(sql`${like}`)})`);
  }
  if (query.brand) where.push(sql`e.brand_slug = ${query.brand}`);
  if (query.status) where.push(statusFilters[query.status](today));
  const order = orders[query.sort ?? 'created'];
  const rows = await queryRows<AdminEventRow>(db, sql`
    SELECT e.id, e.title, to_char(e.date, 'YYYY-MM-DD') AS date, e.start_time::text AS start_time, e.location, e.city,
      e.category, e.brand_slug, e.image_url, e.is_published, e.created_at, e.cancelled_at,
      coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                WHERE o.event_id = e.id AND o.status = 'completed'), 0)::int AS tickets_sold,
      coalesce((SELECT sum(l.quantity) FROM ticket_lots l JOIN ticket_types tt ON tt.id = l.ticket_type_id WHERE tt.event_id = e.id), 0)::int AS tickets_offered,
      coalesce((SELECT sum(l.remaining) FROM ticket_lots l JOIN ticket_types tt ON tt.id = l.ticket_type_id WHERE tt.event_id = e.id), 0)::int AS tickets_remaining,
      coalesce((SELECT sum(o.total_centavos) FROM orders o WHERE o.event_id = e.id AND o.status = 'completed'), 0)::bigint AS revenue_centavos
    FROM events e
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${order}
  `);
  return rows.map((row) => ({
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
    status: adminEventStatus(row.date, now),
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
    ticketsSold: Number(row.tickets_sold),
    ticketsOffered: Number(row.tickets_offered),
    isSoldOut: Number(row.tickets_offered) > 0 && Number(row.tickets_remaining) === 0,
    revenueCentavos: Number(row.revenue_centavos),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
