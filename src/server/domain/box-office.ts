import { DomainError } from '../../shared/errors';

/**
 * The box office's own rules ('Bilheteria'): the change of a cash sale, which lots a block's units
 * came from, and what a cash drawer should hold. No service fee at the box office. A sale from a
 * block is decided by the one sale (domain/sale.ts decideSale, the block as its offer) and priced
 * by shared/block-pricing.ts, the same on the device. Pure; money in integer centavos.
 */

/**
 * The change of a cash sale ('Troco'): what was handed over minus the total, in centavos.
 * Throws DomainError('cash_tendered_short', { field: 'cashTenderedCentavos' }) when less was handed over.
 */
export function changeCentavos(totalCentavos: number, tenderedCentavos: number): number {
  if (!Number.isInteger(tenderedCentavos) || tenderedCentavos < totalCentavos)
    throw new DomainError('cash_tendered_short', { field: 'cashTenderedCentavos' });
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
export function closeDrawerCount(
  countedCentavos: number,
  expectedCentavos: number,
): { countedCentavos: number; expectedCentavos: number; differenceCentavos: number } {
  if (!Number.isInteger(countedCentavos) || countedCentavos < 0)
    throw new DomainError('drawer_count_invalid', { field: 'countedCentavos' });
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
