import { describe, expect, it } from 'vitest';
import { blockUnitsLeft, priceBlockSale } from './block-pricing';

// A block of 5 units: 2 from lot 1 at R$ 80,00, 3 from lot 2 at R$ 100,00.
const lots = [
  { lotId: 'lote-1', quantity: 2, priceCentavos: 8000 },
  { lotId: 'lote-2', quantity: 3, priceCentavos: 10000 },
];

describe('the price of a sale from a box-office block', () => {
  it('charges each unit the price of the lot it came from', () => {
    const sale = priceBlockSale(lots, 0, { full: 5, meia: 0, courtesy: 0 })!;
    expect(sale.totalCentavos).toBe(46000);
    expect(sale.units.map((u) => [u.lotId, u.priceCentavos])).toEqual([
      ['lote-1', 8000],
      ['lote-1', 8000],
      ['lote-2', 10000],
      ['lote-2', 10000],
      ['lote-2', 10000],
    ]);
  });

  it('takes the next units in order: full, then each meia at meia rounded down, then courtesies at 0', () => {
    const odd = [{ lotId: 'x', quantity: 4, priceCentavos: 5999 }];
    const sale = priceBlockSale(odd, 0, { full: 2, meia: 1, courtesy: 1 })!;
    expect(sale.units.map((u) => [u.kind, u.priceCentavos])).toEqual([
      ['full', 5999],
      ['full', 5999],
      ['meia', 2999],
      ['courtesy', 0],
    ]);
    expect(sale.totalCentavos).toBe(2 * 5999 + 2999);
    const later = priceBlockSale(lots, 1, { full: 1, meia: 1, courtesy: 0 })!;
    expect(later.units.map((u) => [u.position, u.lotId, u.priceCentavos])).toEqual([
      [1, 'lote-1', 8000],
      [2, 'lote-2', 5000],
    ]);
  });

  it('has no price for units past the block', () => {
    expect(priceBlockSale(lots, 4, { full: 2, meia: 0, courtesy: 0 })).toBeNull();
  });
});

describe('what a block may still sell', () => {
  it('keeps the units reserved for meia-entrada out of full price and courtesies', () => {
    expect(blockUnitsLeft({ size: 10, used: 0, meiaUnits: 4, meiaSold: 0 })).toEqual({ left: 10, fullLeft: 6 });
    expect(blockUnitsLeft({ size: 10, used: 6, meiaUnits: 4, meiaSold: 0 })).toEqual({ left: 4, fullLeft: 0 });
    // Meias sold from the block's other units leave fewer for full price, never fewer kept for meia.
    expect(blockUnitsLeft({ size: 10, used: 8, meiaUnits: 4, meiaSold: 5 })).toEqual({ left: 2, fullLeft: 2 });
    expect(blockUnitsLeft({ size: 10, used: 3, meiaUnits: 0, meiaSold: 0 })).toEqual({ left: 7, fullLeft: 7 });
  });
});
