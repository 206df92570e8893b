import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { BoxOfficeBlock, ReserveBlockInput } from '../../../shared/schemas/box-office';
import { blockUnitLots } from '../../domain/box-office';
import { createTicketCode } from '../../domain/ticket-code';
import { queryRows } from '../../db/client';
import type { BlockLotTake } from '../../db/schema';
import { holdUnits, rollLots } from '../orders/inventory';
import { loadSaleState } from '../orders/sale-state';
import { decideBlock } from '../../domain/sale';
import type { ServiceDeps } from '../deps';
import { loadWorkableDoorEvent } from '../door/door-event';
import { loadBlock, toBlockView } from './blocks';
import { loadDrawer } from './drawers';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Reserves a block of `size` units of one sector for a box-office device (a block is stock taken
 * from the sector up front, so offline sales never oversell; its units are then sold as an offer
 * held by that device). In one transaction: the operator's open drawer of the event, then the
 * event's rows locked in the order every sale locks them (orders/sale-state.ts loadSaleState), the
 * box office's quota of the sector (box_office_sectors: the units of its blocks not returned), and
 * the sale's own decision of what the block takes (domain/sale.ts decideBlock: the event on sale,
 * the sector's window, the capacity of the event and its sessions, the units in lot order, and the
 * units kept for meia-entrada while the reserve holds, each unit at the sector's door price or its
 * lot's). The units are held through inventory.ts holdUnits (those kept for meia counted in the
 * sector's half_taken), the block keeps its lots with their prices and one signed ticket code per
 * unit (domain/ticket-code.ts createTicketCode), which the device gives its tickets offline. `now`
 * is a UTC instant. The event must still be one a door may work (door/door-event.ts
 * loadWorkableDoorEvent). Throws DomainError: drawer_not_found; drawer_closed; door_quota_exceeded; and
 * what decideBlock throws (event_not_found, event_cancelled, event_finished, ticket_type_not_found,
 * sector_not_open, sector_closed, event_sold_out, session_sold_out, ticket_type_sold_out).
 * The block is recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function reserveBlock(
  deps: ServiceDeps,
  operatorId: string,
  input: ReserveBlockInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<BoxOfficeBlock> {
  await loadWorkableDoorEvent(deps.db, input.eventId, deps.doorOpensMinutesBefore, now);
  const blockId = await deps.db.transaction(async (tx) => {
    const drawer = await loadDrawer(tx, input.drawerId, operatorId);
    if (drawer.event_id !== input.eventId) throw new DomainError('drawer_not_found');
    if (drawer.closed_at) throw new DomainError('drawer_closed');
    const { state } = await loadSaleState(tx, input.eventId, { lock: true, codes: [], cpfs: [], anyMeia: false });
    // The box office's quota of the sector (box_office_sectors), counted with the sector locked.
    const [quota] = await queryRows<{ door_quota: number | null; held: number }>(
      tx,
      sql`
      SELECT s.door_quota, (SELECT coalesce(sum(b.size - coalesce(b.returned_units, 0)), 0)::int FROM box_office_blocks b WHERE b.ticket_type_id = s.ticket_type_id) AS held
      FROM box_office_sectors s WHERE s.ticket_type_id = ${input.sectorId}::uuid`,
    );
    if (quota && quota.door_quota !== null && Number(quota.held) + input.size > Number(quota.door_quota)) {
      throw new DomainError('door_quota_exceeded', { field: 'size', left: Math.max(0, Number(quota.door_quota) - Number(quota.held)) });
    }
    const taken = decideBlock(state, input, now);
    await rollLots(tx, taken.rolls);
    // The units kept for meia-entrada are held as meia units: the sector's half_taken counts them.
    const kept = blockUnitLots(taken.lots, taken.lots.reduce((sum, lot) => sum + lot.quantity, 0) - taken.meiaUnits, taken.meiaUnits);
    await holdUnits(tx, [
      ...taken.lots.map((lot) => ({
        sectorId: input.sectorId,
        lotId: lot.lotId,
        quantity: lot.quantity - (kept.find((k) => k.lotId === lot.lotId)?.quantity ?? 0),
      })),
      ...kept.map((lot) => ({
        sectorId: input.sectorId,
        lotId: lot.lotId,
        quantity: lot.quantity,
        concession: BLOCK_MEIA_CONCESSION,
      })),
    ]);
    const codes = Array.from({ length: input.size }, () => createTicketCode(deps.ticketSigningKey));
    const lots: BlockLotTake[] = taken.lots.map((lot) => ({ lotId: lot.lotId, quantity: lot.quantity, priceCentavos: lot.priceCentavos }));
    const [block] = await queryRows<{ id: string }>(
      tx,
      sql`
      INSERT INTO box_office_blocks (event_id, ticket_type_id, drawer_id, operator_id, device_id, size, half_units, unit_price_centavos, lots, codes, created_at)
      VALUES (${input.eventId}::uuid, ${input.sectorId}::uuid, ${drawer.id}::uuid, ${operatorId}, ${input.deviceId}, ${input.size}, ${taken.meiaUnits},
              ${lots[0].priceCentavos}, ${JSON.stringify(lots)}::jsonb, ${sql.param(codes)}::text[], ${now})
      RETURNING id`,
    );
    await recordAudit(tx, actor, {
      action: 'block.reserved',
      objectType: 'block',
      objectId: block.id,
      eventId: input.eventId,
      changes: { sectorId: input.sectorId, drawerId: drawer.id, size: input.size, meiaUnits: taken.meiaUnits, lots },
    });
    return block.id;
  });
  return toBlockView(await loadBlock(deps.db, blockId, operatorId));
}

/**
 * The category a block's units kept for meia-entrada are held and returned as, so inventory.ts
 * counts them in the sector's half_taken (any category the reserve counts would do).
 */
export const BLOCK_MEIA_CONCESSION = 'student' as const;
