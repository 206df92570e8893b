import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { BoxOfficeBlock } from '../../../shared/schemas/box-office';
import type { BlockLotPrice } from '../../../shared/block-pricing';
import type { BlockLotTake } from '../../db/schema';
import type { SaleBlock } from '../../domain/sale';
import { queryRows, type Db, type Tx } from '../../db/client';

/** A block's row as the box office reads it. */
export interface BlockRow {
  id: string;
  event_id: string;
  ticket_type_id: string;
  ticket_type_name: string;
  drawer_id: string | null;
  operator_id: string | null;
  device_id: string;
  size: number;
  used: number;
  half_units: number;
  half_sold: number;
  unit_price_centavos: number;
  lots: BlockLotTake[];
  codes: string[];
  returned_at: Date | string | null;
}

/**
 * The block `blockId` (with `lock`, locked for update), read inside `db`. `operatorId` null: any
 * operator's (an admin). Throws DomainError('block_not_found') when there is none or it is
 * another operator's.
 */
export async function loadBlock(db: Db | Tx, blockId: string, operatorId: string | null, lock = false): Promise<BlockRow> {
  const [block] = await queryRows<BlockRow>(
    db,
    sql`
    SELECT b.id, b.event_id, b.ticket_type_id, t.name AS ticket_type_name, b.drawer_id, b.operator_id, b.device_id, b.size, b.used, b.half_units, b.half_sold,
           b.unit_price_centavos, b.lots, b.codes, b.returned_at
    FROM box_office_blocks b JOIN ticket_types t ON t.id = b.ticket_type_id
    WHERE b.id = ${blockId}::uuid ${lock ? sql`FOR UPDATE OF b` : sql``}`,
  );
  if (!block || (operatorId !== null && block.operator_id !== operatorId)) throw new DomainError('block_not_found');
  return block;
}

/** A block's lots with the full price of their units (shared/block-pricing.ts); a block kept without them sells every unit at its one price. */
function blockLotPrices(block: Pick<BlockRow, 'lots' | 'unit_price_centavos'>): BlockLotPrice[] {
  return block.lots.map((lot) => ({
    lotId: lot.lotId,
    quantity: Number(lot.quantity),
    priceCentavos: Number(lot.priceCentavos ?? block.unit_price_centavos),
  }));
}

/** A block as the sale decides on it (domain/sale.ts SaleBlock). */
export function toSaleBlock(block: BlockRow): SaleBlock {
  return {
    id: block.id,
    sectorId: block.ticket_type_id,
    operatorId: block.operator_id,
    size: Number(block.size),
    used: Number(block.used),
    meiaUnits: Number(block.half_units),
    meiaSold: Number(block.half_sold),
    returnedAt: block.returned_at ? new Date(block.returned_at) : null,
    lots: blockLotPrices(block),
  };
}

/** A block as the device keeps it (shared/schemas/box-office.ts BoxOfficeBlock). */
export function toBlockView(block: BlockRow): BoxOfficeBlock {
  return {
    lots: blockLotPrices(block),
    meiaUnits: Number(block.half_units),
    meiaSold: Number(block.half_sold),
    id: block.id,
    eventId: block.event_id,
    sectorId: block.ticket_type_id,
    sectorName: block.ticket_type_name,
    drawerId: block.drawer_id,
    size: Number(block.size),
    used: Number(block.used),
    unitPriceCentavos: Number(block.unit_price_centavos),
    codes: block.codes,
    returnedAt: block.returned_at ? new Date(block.returned_at).toISOString() : null,
  };
}

/**
 * The blocks `operatorId` holds for `eventId` on the device `deviceId` that were not returned,
 * oldest first. A block's codes are handed out by the one device that reserved it, so another
 * device of the same operator never sees them.
 */
export async function listOpenBlocks(db: Db, operatorId: string, eventId: string, deviceId: string): Promise<BoxOfficeBlock[]> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT id FROM box_office_blocks
    WHERE event_id = ${eventId}::uuid AND operator_id = ${operatorId} AND device_id = ${deviceId} AND returned_at IS NULL ORDER BY created_at, id`,
  );
  const blocks: BoxOfficeBlock[] = [];
  for (const { id } of ids) blocks.push(toBlockView(await loadBlock(db, id, operatorId)));
  return blocks;
}
