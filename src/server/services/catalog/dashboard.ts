import { sql } from 'drizzle-orm';
import type { AdminDashboard } from '../../../shared/schemas/admin-dashboard';
import { EVENT_TIME_ZONE, eventInstant, saoPauloToday } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';
import { adminEventState } from '../../../shared/event-state';
import { adminEventStatus } from './list-admin-events';
import { loadSalesMoneyOf } from './sales-money';

/** Days the sales chart and the growth comparison cover (each period). */
const DASHBOARD_PERIOD_DAYS = 30;
/** Recent events the dashboard lists (docs/rules/bordero.md 'The dashboard': first 10). */
const DASHBOARD_RECENT_EVENTS = 10;
/** Today's and upcoming events the check-in progress shows. */
const DASHBOARD_CHECK_IN_EVENTS = 10;

/** 'yyyy-MM-dd' shifted by whole days (calendar arithmetic, no time zone involved). */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The conversion rate 'Taxa de conversão': tickets sold over tickets offered, as a rounded percent;
 * 0 when nothing was offered. Offered is every unit the lots ever put on sale (sold + held +
 * remaining, inventory.ts's invariant), so a sold-out catalogue reads 100%. An older formula,
 * 'tickets sold / (events x 100)' assumed 100 tickets per event, which no event has (docs/rules/bordero.md 'The dashboard':
 * real figures).
 */
export function conversionPercent(ticketsSold: number, ticketsOffered: number): number {
  return ticketsOffered > 0 ? Math.round((ticketsSold * 100) / ticketsOffered) : 0;
}

/**
 * Rounded percent change of revenue from the previous period to the current one; null when
 * the previous period had no revenue (nothing to compare with: 'sem dados anteriores').
 * docs/screens.md 'Left out on purpose': computed, never a fixed 15%.
 */
export function growthPercent(currentCentavos: number, previousCentavos: number): number | null {
  if (previousCentavos <= 0) return null;
  return Math.round(((currentCentavos - previousCentavos) * 100) / previousCentavos);
}

// One definition of "sold" and of money for every figure below, the same as the events list's
// (services/catalog/list-admin-events.ts), so every screen shows the same amounts:
// - a ticket is sold when it was issued for an order that is 'completed' now;
// - money is services/catalog/sales-money.ts loadSalesMoneyOf (docs/rules/money.md 'The figures');
//   'Vendas brutas' per day is the gross of the orders paid that day (refunded later or not), so
//   the chart's days add up to the gross of their orders.
const ticketsSoldByEvent = sql`
  SELECT t.event_id, count(*)::int AS sold
  FROM tickets t JOIN orders o ON o.id = t.order_id
  WHERE o.status = 'completed'
  GROUP BY t.event_id`;

// Units every lot of an event ever put on sale: its sold, held and remaining units together.
const ticketsOfferedByEvent = sql`
  SELECT tt.event_id, coalesce(sum(l.quantity), 0)::int AS offered, coalesce(sum(l.remaining), 0)::int AS remaining
  FROM ticket_lots l JOIN ticket_types tt ON tt.id = l.ticket_type_id
  GROUP BY tt.event_id`;

/**
 * The admin dashboard's figures at `now` (docs/screens.md 'Admin area'
 * and docs/rules/bordero.md 'The dashboard': real figures, the same amounts as every other screen). Money in
 * centavos; days are São Paulo calendar days. `money` is every event's sales from gross to net
 * (sales-money.ts loadSalesMoneyOf, as the events list, the event page and the borderô read them);
 * `revenueCentavos` ('Vendas brutas') is its gross. The gross per day counts a paid order on the
 * day it was paid; the last 30 days include today and are compared with the 30 days before them.
 */
export async function getDashboard(db: Db, now: Date = new Date()): Promise<AdminDashboard> {
  const today = saoPauloToday(now);
  const firstChartDay = shiftDay(today, -(DASHBOARD_PERIOD_DAYS - 1));
  const firstPreviousDay = shiftDay(firstChartDay, -DASHBOARD_PERIOD_DAYS);
  const since = eventInstant(firstPreviousDay, '00:00');

  const [totals] = await queryRows<{
    events_count: number;
    tickets_sold: number;
    tickets_offered: number;
    check_ins: number;
  }>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM events) AS events_count,
      (SELECT coalesce(sum(sold), 0)::int FROM (${ticketsSoldByEvent}) s) AS tickets_sold,
      (SELECT coalesce(sum(offered), 0)::int FROM (${ticketsOfferedByEvent}) f) AS tickets_offered,
      (SELECT count(*)::int FROM check_ins WHERE accepted AND direction = 'in') AS check_ins
  `,
  );

  // A paid order's gross (its tickets' money, net of discounts, without fees: settleSalesMoney's
  // gross) counts on the São Paulo day it was paid.
  const dailyRows = await queryRows<{ day: string; revenue: string | number }>(
    db,
    sql`
    SELECT to_char((completed_at AT TIME ZONE ${EVENT_TIME_ZONE})::date, 'YYYY-MM-DD') AS day,
      sum(subtotal_centavos - discount_centavos)::bigint AS revenue
    FROM orders
    WHERE status IN ('completed', 'refunded') AND completed_at IS NOT NULL AND completed_at >= ${since}
    GROUP BY 1
  `,
  );
  const revenueByDay = new Map(dailyRows.map((r) => [r.day, Number(r.revenue)]));
  const sumDays = (from: string, days: number) =>
    Array.from({ length: days }, (_, i) => revenueByDay.get(shiftDay(from, i)) ?? 0).reduce((a, b) => a + b, 0);
  const salesByDay = Array.from({ length: DASHBOARD_PERIOD_DAYS }, (_, i) => {
    const day = shiftDay(firstChartDay, i);
    return { day, revenueCentavos: revenueByDay.get(day) ?? 0 };
  });
  const currentCentavos = sumDays(firstChartDay, DASHBOARD_PERIOD_DAYS);
  const previousCentavos = sumDays(firstPreviousDay, DASHBOARD_PERIOD_DAYS);

  const recentRows = await queryRows<{
    id: string;
    title: string;
    date: string;
    start_time: string;
    end_time: string | null;
    location: string;
    is_published: boolean;
    cancelled_at: Date | string | null;
    sold: number | null;
    offered: number | null;
    remaining: number | null;
  }>(
    db,
    sql`
      SELECT e.id, e.title, e.date::text AS date, e.start_time::text AS start_time, e.end_time::text AS end_time, e.location,
        e.is_published, e.cancelled_at, s.sold, f.offered, f.remaining
      FROM events e
      LEFT JOIN (${ticketsSoldByEvent}) s ON s.event_id = e.id
      LEFT JOIN (${ticketsOfferedByEvent}) f ON f.event_id = e.id
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT ${DASHBOARD_RECENT_EVENTS}
    `,
  );

  const progressRows = await queryRows<{
    id: string;
    title: string;
    date: string;
    start_time: string;
    sold: number | null;
    checked_in: number | null;
  }>(
    db,
    sql`
      SELECT e.id, e.title, e.date::text AS date, e.start_time::text AS start_time, s.sold, c.checked_in
      FROM events e
      LEFT JOIN (${ticketsSoldByEvent}) s ON s.event_id = e.id
      -- People inside (docs/rules/sessions.md 'Exits and re-entry'): entries less exits, in the session of
      -- the event's latest scan (its one date without sessions), as the door counts them.
      LEFT JOIN (
        SELECT ci.event_id, (count(*) FILTER (WHERE ci.direction = 'in') - count(*) FILTER (WHERE ci.direction = 'out'))::int AS checked_in
        FROM check_ins ci
        JOIN (SELECT DISTINCT ON (event_id) event_id, session_id FROM check_ins WHERE accepted ORDER BY event_id, scanned_at DESC) latest
          ON latest.event_id = ci.event_id AND ci.session_id IS NOT DISTINCT FROM latest.session_id
        WHERE ci.accepted GROUP BY ci.event_id
      ) c ON c.event_id = e.id
      WHERE e.date >= ${today}::date
      ORDER BY e.date, e.start_time, e.title
      LIMIT ${DASHBOARD_CHECK_IN_EVENTS}
    `,
  );

  const money = await loadSalesMoneyOf(db, { events: 'all' });

  const eventsCount = Number(totals.events_count);
  const ticketsSold = Number(totals.tickets_sold);
  const ticketsOffered = Number(totals.tickets_offered);
  return {
    eventsCount,
    ticketsSold,
    revenueCentavos: money.grossCentavos,
    money,
    checkIns: Number(totals.check_ins),
    ticketsOffered,
    conversionPercent: conversionPercent(ticketsSold, ticketsOffered),
    revenueGrowth: { currentCentavos, previousCentavos, percent: growthPercent(currentCentavos, previousCentavos) },
    salesByDay,
    recentEvents: recentRows.map((r) => {
      const status = adminEventStatus({ date: r.date, startTime: r.start_time, endTime: r.end_time }, now);
      return {
        id: r.id,
        title: r.title,
        date: r.date,
        startTime: r.start_time,
        location: r.location,
        status,
        state: adminEventState({
          status,
          isPublished: r.is_published,
          cancelledAt: r.cancelled_at === null ? null : new Date(r.cancelled_at).toISOString(),
        }),
        ticketsSold: Number(r.sold ?? 0),
        ticketsOffered: Number(r.offered ?? 0),
        isSoldOut: Number(r.offered ?? 0) > 0 && Number(r.remaining ?? 0) === 0,
      };
    }),
    checkInProgress: progressRows.map((r) => ({
      eventId: r.id,
      title: r.title,
      date: r.date,
      startTime: r.start_time,
      checkedIn: Number(r.checked_in ?? 0),
      ticketsSold: Number(r.sold ?? 0),
    })),
    today,
  };
}
