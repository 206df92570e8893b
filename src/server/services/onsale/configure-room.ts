import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { DomainError } from '../../../shared/errors';
import type { AdminRoomView, ConfigureRoomInput, EventRoomView } from '../../../shared/schemas/waiting-room';
import { defaultRoomTimes, PASS_MINUTES, roomIsActive } from '../../domain/waiting-room';
import { forgetRoom, readRoom, remainingUnits } from './room-state';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { diffFields } from '../audit/diff-fields';

/** Rate and room size of a new room: 600 buyers a minute, 500 inside at once. */
const DEFAULT_RATE_PER_MINUTE = 600;
const DEFAULT_MAX_INSIDE = 500;

async function requireEvent(db: Db, eventId: string): Promise<{ onSaleAt: Date }> {
  const [event] = await queryRows<{ first_lot_ms: number | null }>(
    db,
    sql`
    SELECT (SELECT (extract(epoch from min(l.starts_at)) * 1000)::float8 FROM ticket_lots l JOIN ticket_types t ON t.id = l.ticket_type_id WHERE t.event_id = e.id) AS first_lot_ms
    FROM events e WHERE e.id = ${eventId}::uuid`,
  );
  if (!event) throw new DomainError('event_not_found');
  // The on-sale defaults to the first lot's start, or the next full hour.
  const nextHour = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  return { onSaleAt: event.first_lot_ms === null ? nextHour : new Date(Number(event.first_lot_ms)) };
}

/**
 * The organizer's view of an event's waiting room: its settings (the defaults when none was
 * saved: off, opening 30 minutes before the first lot) and live counts.
 *
 * Throws DomainError('event_not_found').
 */
export async function getAdminRoom(db: Db, eventId: string, now = new Date()): Promise<AdminRoomView> {
  const { onSaleAt } = await requireEvent(db, eventId);
  const room = await readRoom(db, eventId, { now: now.getTime(), fresh: true });
  const [counts] = await queryRows<{ joined: number; inside: number; last_minute: number; sold: number; held: number }>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM waiting_room_entries WHERE event_id = ${eventId}::uuid AND admitted_at IS NULL) AS joined,
      (SELECT count(*)::int FROM waiting_room_entries WHERE event_id = ${eventId}::uuid
         AND admitted_at > ${new Date(now.getTime() - PASS_MINUTES * 60_000)} AND pass_used_at IS NULL) AS inside,
      (SELECT count(*)::int FROM waiting_room_entries WHERE event_id = ${eventId}::uuid AND admitted_at > ${new Date(now.getTime() - 60_000)}) AS last_minute,
      (SELECT coalesce(sum(oi.quantity), 0)::int FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE o.event_id = ${eventId}::uuid AND o.status = 'completed') AS sold,
      (SELECT coalesce(sum(oi.quantity), 0)::int FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE o.event_id = ${eventId}::uuid AND o.status = 'pending') AS held`,
  );
  const times = room ?? defaultRoomTimes(onSaleAt);
  return {
    configured: !!room,
    enabled: room?.enabled ?? false,
    opensAt: times.opensAt.toISOString(),
    onSaleAt: times.onSaleAt.toISOString(),
    ratePerMinute: room?.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
    maxInside: room?.maxInside ?? DEFAULT_MAX_INSIDE,
    paused: room?.paused ?? false,
    drawnAt: room?.drawnAt?.toISOString() ?? null,
    counts: {
      waiting: Number(counts.joined),
      inside: Number(counts.inside),
      admittedLastMinute: Number(counts.last_minute),
      sold: Number(counts.sold),
      held: Number(counts.held),
      remaining: room?.remainingUnits ?? (await remainingUnits(db, eventId)),
    },
  };
}

/** A room's settings as stored, compared for the audit trail. */
type RoomSettings = { enabled: boolean; opens_at: Date; on_sale_at: Date; rate_per_minute: number; max_inside: number };

/**
 * Saves an event's waiting-room settings (docs/rules/waiting-room.md 'The on-sale'). Once the order is drawn its
 * on-sale time stays; rate, room size and on/off may change at any time.
 *
 * The settings changed are recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 *
 * Throws DomainError: event_not_found; waiting_room_drawn (the on-sale time changed after the draw).
 */
export async function configureRoom(
  db: Db,
  eventId: string,
  input: ConfigureRoomInput,
  actor: AuditActor,
  now = new Date(),
): Promise<AdminRoomView> {
  await requireEvent(db, eventId);
  const opensAt = new Date(input.opensAt);
  const onSaleAt = new Date(input.onSaleAt);
  await db.transaction(async (tx) => {
    const [current] = await queryRows<RoomSettings & { drawn: boolean; on_sale_at_ms: number }>(
      tx,
      sql`
      SELECT drawn_at IS NOT NULL AS drawn, (extract(epoch from on_sale_at) * 1000)::float8 AS on_sale_at_ms,
             enabled, opens_at, on_sale_at, rate_per_minute, max_inside
      FROM waiting_rooms WHERE event_id = ${eventId}::uuid FOR UPDATE`,
    );
    if (current?.drawn && Number(current.on_sale_at_ms) !== onSaleAt.getTime())
      throw new DomainError('waiting_room_drawn', { field: 'onSaleAt' });
    await tx.execute(sql`
      INSERT INTO waiting_rooms (event_id, enabled, opens_at, on_sale_at, rate_per_minute, max_inside, updated_at)
      VALUES (${eventId}::uuid, ${input.enabled}, ${opensAt}, ${onSaleAt}, ${input.ratePerMinute}, ${input.maxInside}, ${now})
      ON CONFLICT (event_id) DO UPDATE SET enabled = EXCLUDED.enabled, opens_at = EXCLUDED.opens_at, on_sale_at = EXCLUDED.on_sale_at,
        rate_per_minute = EXCLUDED.rate_per_minute, max_inside = EXCLUDED.max_inside, updated_at = EXCLUDED.updated_at`);
    const after: RoomSettings = {
      enabled: input.enabled,
      opens_at: opensAt,
      on_sale_at: onSaleAt,
      rate_per_minute: input.ratePerMinute,
      max_inside: input.maxInside,
    };
    const before = current && { ...current, opens_at: new Date(current.opens_at), on_sale_at: new Date(current.on_sale_at) };
    const changes = diffFields(before, after, ['enabled', 'opens_at', 'on_sale_at', 'rate_per_minute', 'max_inside']);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, { action: 'waiting_room.configured', objectType: 'waiting_room', objectId: eventId, eventId, changes });
    }
  });
  forgetRoom(db, eventId);
  return getAdminRoom(db, eventId, now);
}

/**
 * Pauses or resumes the outflow ('Venda pausada pelo organizador.'): while paused nobody new is
 * admitted and passes do not buy; on resume the rate counts from now (nothing saved up). Recorded
 * in the audit trail by `actor` as 'waiting_room.configured' (docs/rules/audit.md 'What is recorded').
 *
 * Throws DomainError: event_not_found; waiting_room_closed (the event has no room).
 */
export async function pauseRoom(db: Db, eventId: string, paused: boolean, actor: AuditActor, now = new Date()): Promise<AdminRoomView> {
  await requireEvent(db, eventId);
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ was: boolean }>(
      tx,
      sql`
      UPDATE waiting_rooms w SET paused = ${paused}, updated_at = ${now}
      FROM (SELECT event_id, paused FROM waiting_rooms WHERE event_id = ${eventId}::uuid FOR UPDATE) old
      WHERE w.event_id = old.event_id RETURNING old.paused AS was`,
    );
    if (!row) throw new DomainError('waiting_room_closed');
    if (row.was !== paused) {
      const changes = { paused: { before: row.was, after: paused } };
      await recordAudit(tx, actor, { action: 'waiting_room.configured', objectType: 'waiting_room', objectId: eventId, eventId, changes });
    }
  });
  forgetRoom(db, eventId);
  return getAdminRoom(db, eventId, now);
}

/** Whether the event's sale goes through its room now, for the event's page; null: no room on. */
export async function getEventRoom(db: Db, eventId: string, now = new Date()): Promise<EventRoomView | null> {
  const room = await readRoom(db, eventId, { now: now.getTime() });
  if (!room || !room.enabled) return null;
  return { active: roomIsActive(room, now), opensAt: room.opensAt.toISOString(), onSaleAt: room.onSaleAt.toISOString() };
}
