import { asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { DoorSession } from '../../../shared/schemas/tickets';
import { sessionLabel } from '../../../shared/sessions';
import type { ScanDirection } from '../../../shared/statuses';
import {
  type DoorWindow,
  doorSession,
  doorWindow,
  doorWindowState,
  eventDoorWindow,
  isDoorEventWorkable,
  type SessionWindow,
} from '../../domain/door-window';
import type { Db, Tx } from '../../db/client';
import { eventSessions, events, tickets } from '../../db/schema';

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
  /** The door scans exits too (events.exit_scans). */
  exitScans: boolean;
  /** Its sessions in order, each with its own door window (none: the event's one date). */
  sessions: DoorSessionRow[];
  /** The door's window: the event's, or from its first session's opening to its last one's end. */
  window: DoorWindow;
}

/**
 * What a scan at `at` weighs on the door of `door` (docs/rules/sessions.md 'Sessions at the door'): the
 * session it admits to (domain/door-window doorSession: the operator's pick, else the one open
 * at `at`) with the labels of the event's sessions, where `at` falls in that session's window
 * (or the event's, without sessions), the window itself (its opening names a 'too_early'), the
 * direction ('out' only counts where the event has exit scans) and the session's label.
 */
export function scanTurnAt(
  door: DoorEventRow,
  at: Date,
  picked: { sessionId?: string | null; direction?: ScanDirection } = {},
): {
  session: { id: string; labels: Record<string, string> } | null;
  window: DoorWindow;
  state: ReturnType<typeof doorWindowState>;
  direction: ScanDirection;
  exitScans: boolean;
  sessionLabel: string | null;
} {
  const session = doorSession(door.sessions, at, picked.sessionId);
  const window = session?.window ?? door.window;
  return {
    session: session && { id: session.id, labels: Object.fromEntries(door.sessions.map((s) => [s.id, s.label])) },
    window,
    state: doorWindowState(window, at),
    direction: picked.direction ?? 'in',
    exitScans: door.exitScans,
    sessionLabel: session?.label ?? null,
  };
}

/** A session of the door's event: its label ('Sábado 14/03') and window (doorWindow over its date and times). */
export type DoorSessionRow = SessionWindow & { name: string; label: string; date: string; startTime: string; endTime: string | null };

/** A session as the door screen and the offline list carry it (UTC ISO instants). */
export function toDoorSession(session: DoorSessionRow): DoorSession {
  const { window, ...rest } = session;
  return { ...rest, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() };
}

/** The sessions of `eventId` in order, each with its door window (`opensMinutesBefore` before its start until its end). */
async function loadDoorSessions(db: Db, eventId: string, opensMinutesBefore: number): Promise<DoorSessionRow[]> {
  const rows = await db
    .select({
      id: eventSessions.id,
      name: eventSessions.name,
      date: eventSessions.date,
      startTime: eventSessions.startTime,
      endTime: eventSessions.endTime,
    })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.position));
  return rows.map((row) => ({ ...row, label: sessionLabel(row), window: doorWindow(row, opensMinutesBefore) }));
}

/** How long a door event's row is reused between scans: a rush reads it once, not per scan. */
const CACHE_MS = 10_000;
const cache = new WeakMap<Db | Tx, Map<string, { row: DoorEventRow; expiresAt: number; opensMinutesBefore: number }>>();

/**
 * The door's event with its window (doorWindow: `opensMinutesBefore` before the start until the
 * end), read at most every 10 s per event so a rush of scans does not read it each time. The
 * cancellation is re-checked by the admission statement itself; only the window may be up to 10 s
 * old after an organizer moves the event. Throws DomainError('event_not_found').
 */
export async function loadDoorEvent(db: Db | Tx, eventId: string, opensMinutesBefore: number, nowMs = Date.now()): Promise<DoorEventRow> {
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
      exitScans: events.exitScans,
      hasTickets: sql<boolean>`EXISTS (SELECT 1 FROM ${tickets} WHERE ${tickets.eventId} = ${events.id})`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found');
  const sessions = await loadDoorSessions(db, eventId, opensMinutesBefore);
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
    exitScans: event.exitScans,
    sessions,
    window: eventDoorWindow(doorWindow(event, opensMinutesBefore), sessions),
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
export async function loadWorkableDoorEvent(
  db: Db,
  eventId: string,
  opensMinutesBefore: number,
  now: Date = new Date(),
): Promise<DoorEventRow> {
  const door = await loadDoorEvent(db, eventId, opensMinutesBefore, now.getTime());
  if (!isDoorEventWorkable(door, door.window, now)) throw new DomainError('event_not_found');
  return door;
}
