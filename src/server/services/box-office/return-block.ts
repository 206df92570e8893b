import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { BoxOfficeBlock } from '../../../shared/schemas/box-office';
import { blockUnitLots } from '../../domain/box-office';
import { queryRows, type Db } from '../../db/client';
import { returnUnits } from '../orders/inventory';
import { loadBlock, toBlockView } from './blocks';
import { BLOCK_MEIA_CONCESSION } from './reserve-block';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Returns a block: the units it never sold (size − used) go back to the lots they came from
 * (domain/box-office.ts blockUnitLots, written by inventory.ts returnUnits), once; those it kept
 * for meia-entrada and did not sell as meia leave the sector's half_taken with them, so the
 * reserve is whole again online. After it the block sells nothing more (a sale synced later is a
 * recorded conflict, 'block_returned'). The sector's row is locked first, then the block's, the
 * order of every sale from a block, so a sale and the return take turns. `operatorId` null: an
 * admin. Throws DomainError: block_not_found; block_returned (returned before). The return is
 * recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function returnBlock(
  db: Db,
  operatorId: string | null,
  blockId: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<BoxOfficeBlock> {
  await db.transaction(async (tx) => {
    const found = await loadBlock(tx, blockId, operatorId);
    // The sector's row first: the lock every writer of its lots takes before them.
    await tx.execute(sql`SELECT id FROM ticket_types WHERE id = ${found.ticket_type_id}::uuid FOR UPDATE`);
    const block = await loadBlock(tx, blockId, operatorId, true);
    if (block.returned_at) throw new DomainError('block_returned');
    const used = Number(block.used);
    const unsold = Number(block.size) - used;
    const keptForMeia = Math.min(unsold, Math.max(0, Number(block.half_units) - Number(block.half_sold)));
    const lots = blockUnitLots(block.lots, used, unsold);
    const meia = blockUnitLots(lots, unsold - keptForMeia, keptForMeia);
    await returnUnits(tx, [
      ...lots.map((lot) => ({
        sectorId: block.ticket_type_id,
        lotId: lot.lotId,
        quantity: lot.quantity - (meia.find((m) => m.lotId === lot.lotId)?.quantity ?? 0),
      })),
      ...meia.map((lot) => ({
        sectorId: block.ticket_type_id,
        lotId: lot.lotId,
        quantity: lot.quantity,
        concession: BLOCK_MEIA_CONCESSION,
      })),
    ]);
    const returned = await queryRows<{ id: string }>(
      tx,
      sql`
      UPDATE box_office_blocks SET returned_at = ${now}, returned_units = ${unsold} WHERE id = ${blockId}::uuid AND returned_at IS NULL RETURNING id`,
    );
    if (returned.length === 0) throw new DomainError('block_returned');
    await recordAudit(tx, actor, {
      action: 'block.returned',
      objectType: 'block',
      objectId: blockId,
      eventId: block.event_id,
      changes: { size: Number(block.size), soldUnits: used, returnedUnits: unsold },
    });
  });
  return toBlockView(await loadBlock(db, blockId, operatorId));
}
