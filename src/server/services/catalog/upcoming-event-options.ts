import { asc, gte } from 'drizzle-orm';
import type { CouponEventOption } from '../../../shared/schemas/admin-content';
import { earliestOngoingEventDate, isEventPast } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';

/**
 * The events the back office's pickers offer (a coupon's event, a guest list's event): those not
 * over at `now` (a UTC instant), drafts and cancelled ones included, soonest first (date, start
 * time, title). Whether an event is over is shared/dates isEventPast, as the sale, the tickets and
 * the events list's 'Encerrado' read it; the SQL only narrows by date (earliestOngoingEventDate).
 * `date` is 'yyyy-MM-dd' in America/Sao_Paulo.
 */
export async function listUpcomingEventOptions(db: Db, now: Date = new Date()): Promise<CouponEventOption[]> {
  const rows = await db
    .select({ id: events.id, title: events.title, date: events.date, startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(gte(events.date, earliestOngoingEventDate(now)))
    .orderBy(asc(events.date), asc(events.startTime), asc(events.title));
  return rows.filter((row) => !isEventPast(row, now)).map(({ id, title, date }) => ({ id, title, date }));
}
