import { sql } from 'drizzle-orm';
import type { BoxOfficeEvent } from '../../../shared/schemas/box-office';
import { lotsState, type SaleLot } from '../../domain/lots';
import { queryRows, type Db } from '../../db/client';
import { listDoorEvents } from '../door/list-door-events';

/**
 * The events a box office may work at `now`: those a door may work (door/list-door-events.ts
 * listDoorEvents with `opensMinutesBefore`: not cancelled, published or with tickets, the door not
 * closed yet; today's first), in that order; each with its door window, its sectors, their
 * door price (null: the lot's price), the price of the lot on sale (domain/lots.ts lotsState;
 * null when none is) and the units left, and how many courtesies `operatorId` may still issue
 * there (null: no courtesy quota, so none at the box office). Prices in centavos.
 */
export async function listBoxOfficeEvents(
  db: Db,
  operatorId: string,
  opensMinutesBefore: number,
  now: Date = new Date(),
): Promise<BoxOfficeEvent[]> {
  const doors = await listDoorEvents(db, opensMinutesBefore, now);
  const workable = doors.map((e) => e.id);
  if (workable.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    title: string;
    date: string;
    start_time: string;
    location: string;
    meia_entrada: boolean;
    quota: number | null;
    used: number | null;
  }>(
    db,
    sql`
    SELECT e.id, e.title, e.date::text AS date, e.start_time::text AS start_time, e.location, e.meia_entrada, q.quota, q.used
    FROM events e LEFT JOIN courtesy_quotas q ON q.event_id = e.id AND q.user_id = ${operatorId}
    WHERE e.id = ANY(${sql.param(workable)}::uuid[])`,
  );
  const events = workable.flatMap((id) => rows.filter((row) => row.id === id));
  const ids = sql`ARRAY[${sql.join(
    events.map((e) => sql`${e.id}::uuid`),
    sql`, `,
  )}]`;
  const sectors = await queryRows<{ id: string; event_id: string; name: string; door_price_centavos: number | null; remaining: number }>(
    db,
    sql`
    SELECT id, event_id, name, door_price_centavos, remaining FROM ticket_types WHERE event_id = ANY(${ids}) ORDER BY sort_order, name`,
  );
  const lots = await queryRows<{
    id: string;
    ticket_type_id: string;
    position: number;
    price_centavos: number;
    quantity: number;
    remaining: number;
    starts_at: Date | string | null;
    ends_at: Date | string | null;
  }>(
    db,
    sql`
    SELECT l.id, l.ticket_type_id, l.position, l.price_centavos, l.quantity, l.remaining, l.starts_at, l.ends_at
    FROM ticket_lots l JOIN ticket_types t ON t.id = l.ticket_type_id WHERE t.event_id = ANY(${ids})`,
  );
  const lotsOf = (sectorId: string): SaleLot[] =>
    lots
      .filter((l) => l.ticket_type_id === sectorId)
      .map((l) => ({
        id: l.id,
        position: Number(l.position),
        priceCentavos: Number(l.price_centavos),
        quantity: Number(l.quantity),
        remaining: Number(l.remaining),
        startsAt: l.starts_at ? new Date(l.starts_at) : null,
        endsAt: l.ends_at ? new Date(l.ends_at) : null,
      }));
  return events.map((e) => ({
    id: e.id,
    title: e.title,
    date: e.date,
    startTime: e.start_time.slice(0, 5),
    location: e.location,
    meiaEntrada: e.meia_entrada,
    doorOpensAt: doors.find((d) => d.id === e.id)!.opensAt,
    doorClosesAt: doors.find((d) => d.id === e.id)!.closesAt,
    courtesiesLeft: e.quota === null ? null : Math.max(0, Number(e.quota) - Number(e.used)),
    sectors: sectors
      .filter((s) => s.event_id === e.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        doorPriceCentavos: s.door_price_centavos === null ? null : Number(s.door_price_centavos),
        currentPriceCentavos: lotsState(lotsOf(s.id), now).current?.priceCentavos ?? null,
        remaining: Number(s.remaining),
      })),
  }));
}
