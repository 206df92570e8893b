import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { type DoorWindow, doorWindow, isDoorEventWorkable } from '../../domain/door-window';
import type { Db } from '../../db/client';
import { events, tickets } from '../../db/schema';

/** The event a door works, as the door needs it: its title and window (UTC instants). */
export interface DoorEventRow {
  id: string;
  title: string;
  date: string;
  startTime: string;
  endTime: string | null;
  isCancelled: boolean;
  isPublished: boolean;
  /** Tickets have been issued for it (an unpublished event with tickets still has a door). */
  hasTickets: boolean;
  /** Its tickets' QR codes rotate (events.rotating_qr). */
  rotatingQr: boolean;
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
      isPublished: events.isPublished,
      rotatingQr: events.rotatingQr,
      hasTickets: sql<boolean>`EXISTS (SELECT 1 FROM ${tickets} WHERE ${tickets.eventId} = ${events.id})`,
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
    isPublished: event.isPublished,
    hasTickets: Boolean(event.hasTickets),
    rotatingQr: event.rotatingQr,
    window: doorWindow(event, opensMinutesBefore),
  };
  perDb.set(eventId, { row, expiresAt: nowMs + CACHE_MS, opensMinutesBefore });
  if (perDb.size > 500) perDb.delete(perDb.keys().next().value!);
  return row;
}

/**
 * The door's event for what door staff read or do on it beside scanning (the look-up, the offline
 * list, the counts and their live stream, the manual entry): loadDoorEvent, refused unless a door
 * may work it at `now` (domain/door-window isDoorEventWorkable, the rule the door's picker lists
 * by), so a past event, a draft without tickets or an unknown id reads as no event. A cancelled
 * event its door picked earlier still answers (its tickets read 'cancelled', a manual entry is
 * refused 'cancelled'), though the picker no longer lists it. Throws DomainError('event_not_found').
 */
export async function loadWorkableDoorEvent(db: Db, eventId: string, opensMinutesBefore: number, now: Date = new Date()): Promise<DoorEventRow> {
  const door = await loadDoorEvent(db, eventId, opensMinutesBefore, now.getTime());
  if (!isDoorEventWorkable(door, door.window, now)) throw new DomainError('event_not_found');
  return door;
}
