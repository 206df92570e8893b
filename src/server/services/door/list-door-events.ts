import { sql } from 'drizzle-orm';
import { saoPauloToday } from '../../../shared/dates';
import type { DoorEvent } from '../../../shared/schemas/tickets';
import { doorWindow, doorWindowState, isDoorEventWorkable } from '../../domain/door-window';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

/** Most events the door's picker lists. */
const MAX_EVENTS = 60;

/**
 * The events a door may work at `now` (PRODUCT.md 'Tickets and the door': today's first): not
 * cancelled, and workable (domain/door-window isDoorEventWorkable: published or with tickets
 * issued, its door, doorWindow with `opensMinutesBefore`, not closed yet; the door's per-event
 * reads answer by the same rule). Today's events (the São Paulo day, or a door already open, as for an
 * event that began yesterday and runs past midnight) come first, then the next ones by date and
 * start time.
 */
export async function listDoorEvents(db: Db, opensMinutesBefore: number, now: Date = new Date()): Promise<DoorEvent[]> {
  const today = saoPauloToday(now);
  const yesterday = saoPauloToday(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  type Row = { id: string; title: string; date: string; start_time: string; end_time: string | null; location: string; is_published: boolean; has_tickets: boolean };
  // The WHERE narrows the rows as isDoorEventWorkable would (its door closes at most a day after
  // its date), so the LIMIT counts only candidates; the rule itself is applied below.
  const rows = await queryRows<Row>(db, sql`
    SELECT e.id, e.title, e.date::text AS date, e.start_time::text AS start_time, e.end_time::text AS end_time, e.location,
           e.is_published, EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = e.id) AS has_tickets
    FROM events e
    WHERE e.date >= ${yesterday}::date AND e.cancelled_at IS NULL
      AND (e.is_published OR EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = e.id))
    ORDER BY e.date, e.start_time, e.title
    LIMIT ${MAX_EVENTS * 2}
  `);
  const listed = rows.flatMap((row) => {
    const event = { date: row.date, startTime: row.start_time, endTime: row.end_time };
    const window = doorWindow(event, opensMinutesBefore);
    if (!isDoorEventWorkable({ isPublished: row.is_published, hasTickets: row.has_tickets }, window, now)) return [];
    return [
      {
        id: row.id,
        title: row.title,
        date: row.date,
        startTime: row.start_time,
        endTime: row.end_time,
        location: row.location,
        opensAt: window.opensAt.toISOString(),
        closesAt: window.closesAt.toISOString(),
        isToday: row.date === today || doorWindowState(window, now) === 'open',
      },
    ];
  });
  return [...listed.filter((e) => e.isToday), ...listed.filter((e) => !e.isToday)].slice(0, MAX_EVENTS);
}
