import { sql } from 'drizzle-orm';
import type { BoxOfficeEvent } from '../../../shared/schemas/box-office';
import { lotsState, type SaleLot } from '../../domain/lots';
import { queryRows, type Db } from '../../db/client';
import { listDoorEvents } from '../door/list-door-events';
import { loadSectorLots } from '../orders/sector-lots';

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
  const sectors = await queryRows<{ id: string; event_id: string; name: string; door_price_centavos: number | null; remaining: number }>(
    db,
    sql`
    SELECT id, event_id, name, door_price_centavos, remaining FROM ticket_types WHERE event_id = ANY(${sql.param(workable)}::uuid[]) ORDER BY sort_order, name`,
  );
  const lots = await loadSectorLots(db, workable);
  const lotsOf = (sectorId: string): SaleLot[] => lots.get(sectorId) ?? [];
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
