import { DomainError } from '../../shared/errors';
import { halfPrice } from './meia';

/**
 * The box office's rules ('Bilheteria', PRODUCT.md 'The organizer's night'): the change of a cash
 * sale, the prices of a sale from a block, which lots a block's units came from, and what a cash
 * drawer should hold. Pure; money in integer centavos.
 */

/** How a unit is sold at the box office: full price ('inteira'), half price ('meia'), or a courtesy ('cortesia', free). */
export type BoxOfficeUnitKind = 'full' | 'half' | 'courtesy';

/** One line of a box-office sale: units of one kind. */
export interface BoxOfficeLine {
  kind: BoxOfficeUnitKind;
  quantity: number;
}

/** A priced line: the unit price actually charged. */
export interface PricedBoxOfficeLine extends BoxOfficeLine {
  unitPriceCentavos: number;
}

/**
 * Prices a sale from a block whose full unit price is `unitPriceCentavos` (the sector's door
 * price, else its lot's price, fixed when the block was reserved): a meia is half of it rounded
 * down to the centavo (domain/meia.ts halfPrice, Lei 12.933/2013), a courtesy is 0. No service fee
 * at the box office. Throws DomainError('no_tickets_selected') when no line has units.
 */
export function priceBoxOfficeSale(unitPriceCentavos: number, lines: BoxOfficeLine[]): { lines: PricedBoxOfficeLine[]; totalCentavos: number; units: number } {
  const kept = lines.filter((line) => line.quantity > 0);
  if (kept.length === 0) throw new DomainError('no_tickets_selected');
  const priced = kept.map((line) => ({
    ...line,
    unitPriceCentavos: line.kind === 'full' ? unitPriceCentavos : line.kind === 'half' ? halfPrice(unitPriceCentavos) : 0,
  }));
  return {
    lines: priced,
    totalCentavos: priced.reduce((sum, line) => sum + line.quantity * line.unitPriceCentavos, 0),
    units: priced.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/**
 * The change of a cash sale ('Troco'): what was handed over minus the total, in centavos.
 * Throws DomainError('cash_tendered_short', { field: 'cashTenderedCentavos' }) when less was handed over.
 */
export function changeCentavos(totalCentavos: number, tenderedCentavos: number): number {
  if (!Number.isInteger(tenderedCentavos) || tenderedCentavos < totalCentavos) throw new DomainError('cash_tendered_short', { field: 'cashTenderedCentavos' });
  return tenderedCentavos - totalCentavos;
}

/** What moved through a drawer, each a non-negative sum in centavos. */
export interface DrawerMoves {
  floatCentavos: number;
  /** Totals of the cash sales taken in it (refunded later or not). */
  cashSalesCentavos: number;
  /** Cash paid back from it for refunded cash sales. */
  cashRefundsCentavos: number;
  /** 'Sangria': cash taken out. */
  withdrawalsCentavos: number;
  /** 'Suprimento': cash put in. */
  suppliesCentavos: number;
}

/**
 * What a drawer should hold: float + cash sales − cash refunds − withdrawals + supplies, in
 * centavos. Card machine and PIX sales never touch the drawer's cash.
 */
export function expectedDrawerCentavos(moves: DrawerMoves): number {
  return moves.floatCentavos + moves.cashSalesCentavos - moves.cashRefundsCentavos - moves.withdrawalsCentavos + moves.suppliesCentavos;
}

/**
 * The close of a drawer: what was counted against what was expected, in centavos; difference is
 * counted − expected (negative: cash missing). Throws DomainError('drawer_count_invalid',
 * { field: 'countedCentavos' }) for a count that is not a whole number of centavos >= 0.
 */
export function closeDrawerCount(countedCentavos: number, expectedCentavos: number): { countedCentavos: number; expectedCentavos: number; differenceCentavos: number } {
  if (!Number.isInteger(countedCentavos) || countedCentavos < 0) throw new DomainError('drawer_count_invalid', { field: 'countedCentavos' });
  return { countedCentavos, expectedCentavos, differenceCentavos: countedCentavos - expectedCentavos };
}

/** Units of a block taken from one lot, in the order they were taken. */
export interface BlockLot {
  lotId: string;
  quantity: number;
}

/**
 * The lots of a block's units `from` .. `from + count - 1` (a block's units are numbered in the
 * order its lots were taken, and sold in that order: the n-th unit sold is the n-th unit taken),
 * summed per lot. Used to name the lot of each unit sold (so a refund gives it back where it came
 * from) and of the units never sold when the block is returned. Throws DomainError
 * ('block_exhausted') when the range passes the block's size.
 */
export function blockUnitLots(lots: BlockLot[], from: number, count: number): BlockLot[] {
  const size = lots.reduce((sum, lot) => sum + lot.quantity, 0);
  if (from < 0 || count < 0 || from + count > size) throw new DomainError('block_exhausted', { size, from, count });
  const taken: BlockLot[] = [];
  let start = 0;
  for (const lot of lots) {
    const end = start + lot.quantity;
    const overlap = Math.min(end, from + count) - Math.max(start, from);
    if (overlap > 0) taken.push({ lotId: lot.lotId, quantity: overlap });
    start = end;
  }
  return taken;
}

/**
 * Whether a block has `units` more to sell: `used + units <= size`, and not returned. Throws
 * DomainError('block_returned') for a returned block and ('block_exhausted', { left }) otherwise
 * when it lacks them. The database checks the same (box_office_blocks_used_within_size and the
 * conditional update of services/box-office/record-box-office-sale.ts).
 */
export function assertBlockHasUnits(block: { size: number; used: number; returnedAt: Date | null }, units: number): void {
  if (block.returnedAt) throw new DomainError('block_returned');
  const left = block.size - block.used;
  if (units > left) throw new DomainError('block_exhausted', { left });
}
