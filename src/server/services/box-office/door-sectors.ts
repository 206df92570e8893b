import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { DoorSector, SaveDoorSectorInput } from '../../../shared/schemas/box-office';
import { lotsState } from '../../domain/lots';
import { queryRows, type Db, type Tx } from '../../db/client';
import { loadSectorLots } from '../orders/sector-lots';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { diffFields } from '../audit/diff-fields';

/**
 * The sectors of an event as the box office sells them (docs/rules/box-office.md 'Selling at the door':
 * prices and quotas per channel): the online price now (the lot on sale, domain/lots.ts
 * lotsState), the door price (null: the online price), the box office's quota (null: none) and
 * the units its blocks hold (not returned). Centavos. Throws DomainError('event_not_found').
 */
export async function listDoorSectors(db: Db | Tx, eventId: string, now: Date = new Date()): Promise<DoorSector[]> {
  const [event] = await queryRows<{ id: string }>(db, sql`SELECT id FROM events WHERE id = ${eventId}::uuid`);
  if (!event) throw new DomainError('event_not_found');
  const sectors = await queryRows<{
    id: string;
    name: string;
    door_price_centavos: number | null;
    remaining: number;
    door_quota: number | null;
    held: number;
  }>(
    db,
    sql`
    SELECT t.id, t.name, t.door_price_centavos, t.remaining, s.door_quota,
      (SELECT coalesce(sum(b.size - coalesce(b.returned_units, 0)), 0)::int FROM box_office_blocks b WHERE b.ticket_type_id = t.id) AS held
    FROM ticket_types t LEFT JOIN box_office_sectors s ON s.ticket_type_id = t.id
    WHERE t.event_id = ${eventId}::uuid ORDER BY t.sort_order, t.name`,
  );
  const lots = await loadSectorLots(db, [eventId]);
  return sectors.map((s) => {
    const own = lots.get(s.id) ?? [];
    return {
      id: s.id,
      name: s.name,
      onlinePriceCentavos: lotsState(own, now).current?.priceCentavos ?? null,
      doorPriceCentavos: s.door_price_centavos === null ? null : Number(s.door_price_centavos),
      doorQuota: s.door_quota === null ? null : Number(s.door_quota),
      heldAtDoor: Number(s.held),
      remaining: Number(s.remaining),
    };
  });
}

/**
 * Sets a sector's door price (centavos; null: the online lot's price) and the box office's quota
 * (units; null: no limit), in one transaction: both are saved or neither. A quota below what the
 * blocks already hold stops new blocks only; blocks already reserved keep selling. Blocks keep the
 * price they were reserved at. What changed is recorded in the audit trail by `actor`
 * (docs/rules/audit.md 'What is recorded'). Throws DomainError('ticket_type_not_found').
 */
export async function saveDoorSector(
  db: Db,
  sectorId: string,
  input: SaveDoorSectorInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<DoorSector> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<{ event_id: string; name: string; door_price_centavos: number | null; door_quota: number | null }>(
      tx,
      sql`
      SELECT t.event_id, t.name, t.door_price_centavos, s.door_quota
      FROM ticket_types t LEFT JOIN box_office_sectors s ON s.ticket_type_id = t.id WHERE t.id = ${sectorId}::uuid FOR UPDATE OF t`,
    );
    if (!before) throw new DomainError('ticket_type_not_found');
    await tx.execute(sql`UPDATE ticket_types SET door_price_centavos = ${input.doorPriceCentavos} WHERE id = ${sectorId}::uuid`);
    await tx.execute(sql`
      INSERT INTO box_office_sectors (ticket_type_id, door_quota, updated_at) VALUES (${sectorId}::uuid, ${input.doorQuota}, ${now})
      ON CONFLICT (ticket_type_id) DO UPDATE SET door_quota = excluded.door_quota, updated_at = excluded.updated_at`);
    const changes = diffFields(
      { doorPriceCentavos: before.door_price_centavos, doorQuota: before.door_quota === null ? null : Number(before.door_quota) },
      { doorPriceCentavos: input.doorPriceCentavos, doorQuota: input.doorQuota },
      ['doorPriceCentavos', 'doorQuota'],
    );
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, {
        action: 'door_sector.saved',
        objectType: 'ticket_type',
        objectId: sectorId,
        eventId: before.event_id,
        changes: { name: before.name, ...changes },
      });
    }
    const sectors = await listDoorSectors(tx, before.event_id, now);
    return sectors.find((s) => s.id === sectorId)!;
  });
}
