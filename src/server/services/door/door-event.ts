import { eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { type DoorWindow, doorWindow } from '../../domain/door-window';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';

/** The event a door works, as the door needs it: its title and window (UTC instants). */
export interface DoorEventRow {
  id: string;
  title: string;
  date: string;
  startTime: string;
  endTime: string | null;
  isCancelled: boolean;
  window: DoorWindow;
}

/** How long a door event's row is reused between scans: a rush reads it once, not per scan. */
const CACHE_MS = 10_000;
const cache = new WeakMap<Db, Map<string, { row: DoorEventRow; expiresAt: number; opensMinutesBefore: number }>>();

/**
 * The door's event with its window (doorWindow: `opensMinutesBefore` before the start until the
 * end), read at most every 10 s per event so a rush of scans does not read it each time. The
 * cancellation is re-checked by the admission statement itself; only the window may be up to 10 s
 * old after an organizer moves the event. Throws DomainError('event_not_found').
 */
export async function loadDoorEvent(db: Db, eventId: string, opensMinutesBefore: number, nowMs = Date.now()): Promise<DoorEventRow> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(eventId);
  if (hit && hit.expiresAt > nowMs && hit.opensMinutesBefore === opensMinutesBefore) return hit.row;

  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      startTime: events.startTime,
      endTime: events.endTime,
      cancelledAt: events.cancelledAt,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found');
  const row: DoorEventRow = {
    id: event.id,
    title: event.title,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    isCancelled: event.cancelledAt !== null,
    window: doorWindow(event, opensMinutesBefore),
  };
  perDb.set(eventId, { row, expiresAt: nowMs + CACHE_MS, opensMinutesBefore });
  if (perDb.size > 500) perDb.delete(perDb.keys().next().value!);
  return row;
}
