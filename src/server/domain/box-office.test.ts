import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import { blockUnitLots, changeCentavos, closeDrawerCount, expectedDrawerCentavos } from './box-office';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
  return null;
};

describe('the change of a cash sale', () => {
  it('is what was handed over minus the total', () => {
    expect(changeCentavos(8000, 10000)).toBe(2000);
    expect(changeCentavos(8000, 8000)).toBe(0);
  });

  it('refuses less than the total', () => {
    expect(codeOf(() => changeCentavos(8000, 7999))).toBe('cash_tendered_short');
  });
});

describe('what a drawer should hold', () => {
  it('is the float plus cash sales minus cash refunds and withdrawals plus supplies', () => {
    expect(
      expectedDrawerCentavos({
        floatCentavos: 10000,
        cashSalesCentavos: 24000,
        cashRefundsCentavos: 8000,
        withdrawalsCentavos: 5000,
        suppliesCentavos: 1000,
      }),
    ).toBe(22000);
  });

  it('closes with the difference of counted and expected, never a negative count', () => {
    expect(closeDrawerCount(21500, 22000)).toEqual({ countedCentavos: 21500, expectedCentavos: 22000, differenceCentavos: -500 });
    expect(closeDrawerCount(0, 0).differenceCentavos).toBe(0);
    expect(codeOf(() => closeDrawerCount(-1, 0))).toBe('drawer_count_invalid');
    expect(codeOf(() => closeDrawerCount(10.5, 0))).toBe('drawer_count_invalid');
  });
});

describe('the lots of a block', () => {
  const lots = [
    { lotId: 'a', quantity: 3 },
    { lotId: 'b', quantity: 5 },
  ];

  it('names the lot of each unit in the order they were taken', () => {
    expect(blockUnitLots(lots, 0, 2)).toEqual([{ lotId: 'a', quantity: 2 }]);
    expect(blockUnitLots(lots, 2, 3)).toEqual([
      { lotId: 'a', quantity: 1 },
      { lotId: 'b', quantity: 2 },
    ]);
    expect(blockUnitLots(lots, 5, 3)).toEqual([{ lotId: 'b', quantity: 3 }]);
    expect(blockUnitLots(lots, 8, 0)).toEqual([]);
  });

  it('refuses units past the block', () => {
    expect(codeOf(() => blockUnitLots(lots, 6, 3))).toBe('block_exhausted');
  });
});
