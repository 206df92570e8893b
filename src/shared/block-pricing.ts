import { meiaPrice } from './concessions';

/**
 * How a box-office sale from a block is priced, the same on the device (offline, at the moment of
 * the sale) and on the server (server/domain/sale.ts, when the sale is recorded): a block keeps,
 * for each of its units in the order they were taken, the full price it sells at (the sector's door
 * price, else the price of the lot the unit came from, fixed when the block was reserved). A sale
 * takes the block's next units in order: its full-price units first, then each meia-entrada, then
 * its courtesies. Money in integer centavos.
 */

/** The lots a block's units came from, in the order they were taken, each with its full unit price at the box office. */
export interface BlockLotPrice {
  lotId: string;
  quantity: number;
  priceCentavos: number;
}

/** The kinds of unit a box-office sale has: full price ('inteira'), half price ('meia'), courtesy ('cortesia', free). */
export type BlockUnitKind = 'full' | 'meia' | 'courtesy';

/** One unit of a sale from a block: its position in the block, its lot, its kind and what it costs. */
export interface BlockSaleUnit {
  position: number;
  lotId: string;
  kind: BlockUnitKind;
  priceCentavos: number;
}

/** The full price of each unit of a block, by position: each lot's price repeated for its units. */
function blockUnitPrices(lots: readonly BlockLotPrice[]): { lotId: string; priceCentavos: number }[] {
  return lots.flatMap((lot) => Array.from({ length: lot.quantity }, () => ({ lotId: lot.lotId, priceCentavos: lot.priceCentavos })));
}

/**
 * The units of a sale of `full` + `meia` + `courtesy` units from a block whose first `sold` units
 * are gone, in the order they are taken (full, half, courtesy), priced: a full unit at its price, a
 * meia at half of it rounded down (Lei 12.933/2013), a courtesy at 0. Returns null when the block
 * has fewer units left than the sale asks.
 */
export function priceBlockSale(
  lots: readonly BlockLotPrice[],
  sold: number,
  sale: { full: number; meia: number; courtesy: number },
): { units: BlockSaleUnit[]; totalCentavos: number } | null {
  const prices = blockUnitPrices(lots);
  const kinds: BlockUnitKind[] = [
    ...Array.from({ length: sale.full }, () => 'full' as const),
    ...Array.from({ length: sale.meia }, () => 'meia' as const),
    ...Array.from({ length: sale.courtesy }, () => 'courtesy' as const),
  ];
  if (sold < 0 || sold + kinds.length > prices.length) return null;
  const units = kinds.map((kind, i): BlockSaleUnit => {
    const unit = prices[sold + i];
    return {
      position: sold + i,
      lotId: unit.lotId,
      kind,
      priceCentavos: kind === 'full' ? unit.priceCentavos : kind === 'meia' ? meiaPrice(unit.priceCentavos) : 0,
    };
  });
  return { units, totalCentavos: units.reduce((sum, unit) => sum + unit.priceCentavos, 0) };
}

/**
 * How many more units of each kind a block may sell: `left` in all, of which at most `fullLeft`
 * full-price or courtesy units. A block reserved while the meia-entrada reserve holds keeps
 * `meiaUnits` of its units for meia-entrada only (Lei 12.933/2013 art. 1 § 10: 40 % of the tickets
 * for meia); meias sell from those first, then from the others.
 */
export function blockUnitsLeft(block: { size: number; used: number; meiaUnits: number; meiaSold: number }): {
  left: number;
  fullLeft: number;
} {
  const left = block.size - block.used;
  const fullSold = block.used - block.meiaSold;
  return { left, fullLeft: Math.max(0, Math.min(left, block.size - block.meiaUnits - fullSold)) };
}

/** What a box-office sale beyond the units full price may take is told, on the device and by the server. */
export const BLOCK_FULL_PRICE_EXHAUSTED = 'Restam só ingressos da cota de meia-entrada neste setor';
