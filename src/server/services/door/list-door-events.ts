import { sql } from 'drizzle-orm';
import { saoPauloToday } from '../../../shared/dates';
import type { DoorEvent } from '../../../shared/schemas/tickets';
import { sessionLabel } from '../../../shared/sessions';
import { doorWindow, doorWindowState, eventDoorWindow, isDoorEventWorkable } from '../../domain/door-window';
import { toDoorSession } from './door-event';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

/** Most events the door's picker lists. */
const MAX_EVENTS = 60;

/**
 * The events a door may work at `now` (docs/rules/door.md 'One event per door': today's first): not
 * cancelled, and workable (domain/door-window isDoorEventWorkable: published or with tickets
 * issued, its door, doorWindow with `opensMinutesBefore`, not closed yet; the door's per-event
 * reads answer by the same rule). Today's events (the São Paulo day, or a door already open, as for an
 * event that began yesterday and runs past midnight) come first, then the next ones by date and
 * start time. An event with sessions is listed while one of them is ahead, with its sessions
 * (their windows: the door's is from the first one's opening to the last one's end).
 */
export async function listDoorEvents(db: Db, opensMinutesBefore: number, now: Date = new Date()): Promise<DoorEvent[]> {
  const today = saoPauloToday(now);
  const yesterday = saoPauloToday(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  type Row = {
    id: string;
    title: string;
    date: string;
    start_time: string;
    end_time: string | null;
    location: string;
    is_published: boolean;
    has_tickets: boolean;
    exit_scans: boolean;
  };
  // The WHERE narrows the rows as isDoorEventWorkable would (its door closes at most a day after
  // its date), so the LIMIT counts only candidates; the rule itself is applied below.
  const rows = await queryRows<Row>(
    db,
    sql`
    SELECT e.id, e.title, e.date::text AS date, e.start_time::text AS start_time, e.end_time::text AS end_time, e.location,
           e.is_published, e.exit_scans, EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = e.id) AS has_tickets
    FROM events e
    WHERE (e.date >= ${yesterday}::date OR EXISTS (SELECT 1 FROM event_sessions s WHERE s.event_id = e.id AND s.date >= ${yesterday}::date))
      AND e.cancelled_at IS NULL
      AND (e.is_published OR EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = e.id))
    ORDER BY e.date, e.start_time, e.title
    LIMIT ${MAX_EVENTS * 2}
  `,
  );
  type SessionRow = { id: string; event_id: string; name: string; date: string; start_time: string; end_time: string | null };
  const sessionRows =
    rows.length === 0
      ? []
      : await queryRows<SessionRow>(
          db,
          sql`
          SELECT id, event_id, name, date::text AS date, start_time::text AS start_time, end_time::text AS end_time FROM event_sessions
          WHERE event_id = ANY(${sql.param(rows.map((r) => r.id))}::uuid[]) ORDER BY event_id, position`,
        );
  const listed = rows.flatMap((row) => {
    const event = { date: row.date, startTime: row.start_time, endTime: row.end_time };
    const sessions = sessionRows
      .filter((s) => s.event_id === row.id)
      .map((s) => {
        const times = { date: s.date, startTime: s.start_time, endTime: s.end_time };
        return {
          id: s.id,
          name: s.name,
          label: sessionLabel({ name: s.name, date: s.date }),
          ...times,
          window: doorWindow(times, opensMinutesBefore),
        };
      });
    const window = eventDoorWindow(doorWindow(event, opensMinutesBefore), sessions);
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
        isToday: row.date === today || sessions.some((s) => s.date === today) || doorWindowState(window, now) === 'open',
        ...(sessions.length > 0 ? { sessions: sessions.map(toDoorSession) } : {}),
        ...(row.exit_scans ? { exitScans: true } : {}),
      },
    ];
  });
  return [...listed.filter((e) => e.isToday), ...listed.filter((e) => !e.isToday)].slice(0, MAX_EVENTS);
}
