import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  admissionsDue,
  DEFAULT_AVERAGE_ORDER_UNITS,
  defaultRoomTimes,
  PASS_MINUTES,
  roomOnByDefault,
  type RoomState,
} from '../../domain/waiting-room';

/**
 * An event's waiting room as this instance last saw it, refreshed at most every REFRESH_MS by one
 * statement group that also moves the room on (docs/rules/waiting-room.md 'Outflow'): at the on-sale it draws
 * the places of the joins so far, then admits the places the outflow allows. Every instance
 * refreshes on its own; the room row's lock and its `updated_at` make two instances admit what one
 * would. Status polls read this cached state and never the database.
 */
const REFRESH_MS = 250;

export interface CachedRoom extends RoomState {
  eventId: string;
  maxInside: number;
  /** When this instance read it (ms since the epoch). */
  readAt: number;
}

interface RoomRow {
  enabled: boolean;
  opens_at_ms: number;
  on_sale_at_ms: number;
  paused: boolean;
  drawn_at_ms: number | null;
  places_given: number;
  admitted_through: number;
  rate_per_minute: number;
  max_inside: number;
  updated_at_ms: number;
}

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

interface CacheEntry {
  /** When the latest refresh started (ms since the epoch). */
  at: number;
  /** The latest refresh. */
  value: Promise<CachedRoom | null>;
  /** The copy the last finished refresh read, while a newer one runs. */
  settled?: { room: CachedRoom | null };
  refreshing: boolean;
}

const cachesByDb = new WeakMap<Db, Map<string, CacheEntry>>();

/**
 * The room of `eventId` (null: the event has none), at most REFRESH_MS old unless `fresh`. Concurrent
 * callers share one refresh, and while it runs a caller that need not be fresh gets the last copy
 * read at once: a status poll never waits for the database, however busy it is. `fresh` waits for
 * a refresh of its own.
 */
export function readRoom(db: Db, eventId: string, options: { now?: number; fresh?: boolean } = {}): Promise<CachedRoom | null> {
  const now = options.now ?? Date.now();
  let cache = cachesByDb.get(db);
  if (!cache) cachesByDb.set(db, (cache = new Map()));
  const hit = cache.get(eventId);
  if (hit && !options.fresh) {
    const last = hit.settled ? Promise.resolve(hit.settled.room) : hit.value;
    if (hit.refreshing || now - hit.at < REFRESH_MS) return last;
    startRefresh(db, cache, eventId, now, hit.settled);
    return last;
  }
  return startRefresh(db, cache, eventId, now, hit?.settled);
}

function startRefresh(
  db: Db,
  cache: Map<string, CacheEntry>,
  eventId: string,
  now: number,
  settled: CacheEntry['settled'],
): Promise<CachedRoom | null> {
  const value = refreshRoom(db, eventId, new Date(now));
  const entry: CacheEntry = { at: now, value, settled, refreshing: true };
  cache.set(eventId, entry);
  value.then(
    (room) => {
      entry.settled = { room };
      entry.refreshing = false;
    },
    () => {
      if (cache.get(eventId) === entry) cache.delete(eventId);
    },
  );
  return value;
}

/** Drops this instance's copy of a room (after the organizer changed it here). */
export function forgetRoom(db: Db, eventId: string): void {
  cachesByDb.get(db)?.delete(eventId);
}

/** Units of the event still on sale: its sectors' stock not sold and not held. */
export async function remainingUnits(db: Db, eventId: string): Promise<number> {
  const [row] = await queryRows<{ units: number }>(
    db,
    sql`SELECT coalesce(sum(remaining), 0)::int AS units FROM ticket_types WHERE event_id = ${eventId}::uuid`,
  );
  return Number(row?.units ?? 0);
}

/**
 * Reads the room and moves it on, in one transaction holding the room's row: the draw at the
 * on-sale (places 1..n to the joins so far, in the order of their random keys), after it the next
 * places to the joins since, in arrival order, then the outflow's admissions (domain/waiting-room
 * admissionsDue). A second instance that finds the row locked
 * reads it as it stands instead of waiting.
 */
async function refreshRoom(db: Db, eventId: string, now: Date): Promise<CachedRoom | null> {
  const read = await readAndMoveRoom(db, eventId, now);
  // A room on by default was just made: read it as any other.
  return read === 'created' ? readAndMoveRoom(db, eventId, now).then((again) => (again === 'created' ? null : again)) : read;
}

async function readAndMoveRoom(db: Db, eventId: string, now: Date): Promise<CachedRoom | 'created' | null> {
  return db.transaction(async (tx) => {
    let [room] = await queryRows<RoomRow>(
      tx,
      sql`
      SELECT enabled, ${ms('opens_at')} AS opens_at_ms, ${ms('on_sale_at')} AS on_sale_at_ms, paused,
             ${ms('drawn_at')} AS drawn_at_ms, places_given, admitted_through, rate_per_minute, max_inside,
             ${ms('updated_at')} AS updated_at_ms
      FROM waiting_rooms WHERE event_id = ${eventId}::uuid FOR UPDATE SKIP LOCKED`,
    );
    if (!room) {
      [room] = await queryRows<RoomRow>(
        tx,
        sql`
        SELECT enabled, ${ms('opens_at')} AS opens_at_ms, ${ms('on_sale_at')} AS on_sale_at_ms, paused,
               ${ms('drawn_at')} AS drawn_at_ms, places_given, admitted_through, rate_per_minute, max_inside,
               ${ms('updated_at')} AS updated_at_ms
        FROM waiting_rooms WHERE event_id = ${eventId}::uuid`,
      );
      if (!room) return (await createDefaultRoom(tx as unknown as Db, eventId, now)) ? 'created' : null;
      return toCached(eventId, room, await remainingUnits(tx as unknown as Db, eventId), now);
    }
    const nowMs = now.getTime();
    const isDraw = room.enabled && room.drawn_at_ms === null && nowMs >= Number(room.on_sale_at_ms);
    if (isDraw || room.drawn_at_ms !== null) {
      // Places: at the draw every join so far, ordered by the random key drawn at its join; after
      // it, the joins since the last refresh in arrival order. Joins never take the room's row:
      // only this refresh, holding it, gives places, so none is given twice.
      const [placed] = await queryRows<{ given: number }>(
        tx,
        sql`
        WITH ranked AS (
          SELECT id, row_number() OVER (ORDER BY CASE WHEN ${isDraw} THEN random_key ELSE 0 END, joined_at, id) AS n
          FROM waiting_room_entries WHERE event_id = ${eventId}::uuid AND place IS NULL
        ), placed AS (
          UPDATE waiting_room_entries e SET place = ${Number(room.places_given)} + ranked.n FROM ranked WHERE e.id = ranked.id RETURNING 1
        )
        SELECT count(*)::int AS given FROM placed`,
      );
      const given = Number(room.places_given) + Number(placed.given);
      if (isDraw) {
        // The outflow counts from the on-sale time, not from the draw.
        await tx.execute(sql`
          UPDATE waiting_rooms SET drawn_at = ${now}, places_given = ${given}, updated_at = on_sale_at
          WHERE event_id = ${eventId}::uuid`);
        room = { ...room, drawn_at_ms: nowMs, places_given: given, updated_at_ms: Number(room.on_sale_at_ms) };
      } else if (given !== Number(room.places_given)) {
        await tx.execute(sql`UPDATE waiting_rooms SET places_given = ${given} WHERE event_id = ${eventId}::uuid`);
        room = { ...room, places_given: given };
      }
    }
    const remaining = await remainingUnits(tx as unknown as Db, eventId);
    const waiting = Number(room.places_given) - Number(room.admitted_through);
    if (room.enabled && room.drawn_at_ms !== null && !room.paused && waiting > 0) {
      const [load] = await queryRows<{ inside: number; average: number | null }>(
        tx,
        sql`
        SELECT
          (SELECT count(*)::int FROM waiting_room_entries
            WHERE event_id = ${eventId}::uuid AND admitted_at > ${new Date(nowMs - PASS_MINUTES * 60_000)} AND pass_used_at IS NULL) AS inside,
          (SELECT avg(units)::float8 FROM (
             SELECT sum(oi.quantity) AS units FROM orders o JOIN order_items oi ON oi.order_id = o.id
             WHERE o.event_id = ${eventId}::uuid AND o.status IN ('pending', 'completed')
             GROUP BY o.id ORDER BY max(o.created_at) DESC LIMIT 200) recent) AS average`,
      );
      const due = admissionsDue({
        elapsedMs: Math.max(0, nowMs - Number(room.updated_at_ms)),
        ratePerMinute: Number(room.rate_per_minute),
        maxInside: Number(room.max_inside),
        inside: Number(load.inside),
        remainingUnits: remaining,
        averageOrderUnits: load.average === null ? DEFAULT_AVERAGE_ORDER_UNITS : Number(load.average),
        waiting,
        paused: room.paused,
      });
      const byRate = Math.floor((Number(room.rate_per_minute) * (nowMs - Number(room.updated_at_ms))) / 60_000);
      if (due > 0) {
        const from = Number(room.admitted_through);
        await tx.execute(sql`
          UPDATE waiting_room_entries SET admitted_at = ${now}
          WHERE event_id = ${eventId}::uuid AND place > ${from} AND place <= ${from + due}`);
        await tx.execute(sql`
          UPDATE waiting_rooms SET admitted_through = ${from + due}, updated_at = ${now} WHERE event_id = ${eventId}::uuid`);
        room = { ...room, admitted_through: from + due, updated_at_ms: nowMs };
      } else if (byRate > 0) {
        // The rate's time passed while the room or the stock held the flow back: it is not saved up.
        await tx.execute(sql`UPDATE waiting_rooms SET updated_at = ${now} WHERE event_id = ${eventId}::uuid`);
      }
    }
    return toCached(eventId, room, remaining, now);
  });
}

/**
 * Creates the room of an event the organizer has not configured when it is on by default
 * (domain/waiting-room roomOnByDefault: a large stock, the first lot's start still ahead): switched
 * on, opening 30 minutes before that start, the default rate and size. Returns whether the event
 * now has a room (made here or by a concurrent call).
 */
async function createDefaultRoom(db: Db, eventId: string, now: Date): Promise<boolean> {
  // Each sector starts selling at its window's start or its first lot's, whichever is later; the
  // on-sale is the first sector's, and none while a sector sells from no set time.
  const [stock] = await queryRows<{ units: number; open_now: boolean; on_sale_at_ms: number | null }>(
    db,
    sql`
    WITH sectors AS (
      SELECT (SELECT coalesce(sum(l.quantity), 0) FROM ticket_lots l WHERE l.ticket_type_id = t.id) AS units,
             greatest(t.sales_start_at, (SELECT l.starts_at FROM ticket_lots l WHERE l.ticket_type_id = t.id ORDER BY l.position LIMIT 1)) AS starts_at
      FROM ticket_types t WHERE t.event_id = ${eventId}::uuid
    )
    SELECT coalesce(sum(units), 0)::int AS units, coalesce(bool_or(starts_at IS NULL), true) AS open_now, ${ms('min(starts_at)')} AS on_sale_at_ms
    FROM sectors`,
  );
  const onSaleAt = !stock || stock.open_now || stock.on_sale_at_ms == null ? null : new Date(Number(stock.on_sale_at_ms));
  if (!stock || !onSaleAt || !roomOnByDefault({ totalUnits: Number(stock.units), onSaleAt, now })) return false;
  const { opensAt } = defaultRoomTimes(onSaleAt);
  await db.execute(sql`
    INSERT INTO waiting_rooms (event_id, enabled, opens_at, on_sale_at, updated_at)
    VALUES (${eventId}::uuid, true, ${opensAt}, ${onSaleAt}, ${now}) ON CONFLICT (event_id) DO NOTHING`);
  return true;
}

function toCached(eventId: string, room: RoomRow, remaining: number, now: Date): CachedRoom {
  return {
    eventId,
    enabled: room.enabled,
    opensAt: new Date(Number(room.opens_at_ms)),
    onSaleAt: new Date(Number(room.on_sale_at_ms)),
    paused: room.paused,
    drawnAt: room.drawn_at_ms === null ? null : new Date(Number(room.drawn_at_ms)),
    placesGiven: Number(room.places_given),
    admittedThrough: Number(room.admitted_through),
    ratePerMinute: Number(room.rate_per_minute),
    maxInside: Number(room.max_inside),
    remainingUnits: remaining,
    readAt: now.getTime(),
  };
}
