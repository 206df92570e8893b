import { describe, expect, it } from 'vitest';
import { sectorChanges, type SectorSnapshot } from './save-sectors';

const lot = (id: string, priceCentavos: number, quantity = 100, position = 1) => ({
  id,
  position,
  priceCentavos,
  quantity,
  startsAt: null,
  endsAt: null,
});
const sector = (id: string, lots: SectorSnapshot['lots'], name = 'Pista'): SectorSnapshot => ({
  id,
  name,
  description: null,
  salesStartAt: null,
  salesEndAt: null,
  hiddenWithoutCode: false,
  lots,
});

describe('sectorChanges', () => {
  it('is empty when nothing changed', () => {
    const same = [sector('s1', [lot('l1', 8000)])];
    expect(sectorChanges(same, structuredClone(same))).toEqual([]);
  });

  it('names a lot whose price changed with its price before and after', () => {
    expect(sectorChanges([sector('s1', [lot('l1', 8000)])], [sector('s1', [lot('l1', 9500)])])).toEqual([
      {
        sectorId: 's1',
        name: 'Pista',
        change: 'changed',
        fields: {},
        lots: [{ lotId: 'l1', change: 'changed', fields: { priceCentavos: { before: 8000, after: 9500 } } }],
      },
    ]);
  });

  it('names sectors and lots added and removed', () => {
    const changes = sectorChanges(
      [sector('s1', [lot('l1', 8000)]), sector('s2', [lot('l2', 20000, 10)], 'Camarote')],
      [sector('s1', [lot('l1', 8000), lot('l3', 9000, 50, 2)]), sector('s3', [lot('l4', 5000)], 'Meia')],
    );
    expect(changes).toEqual([
      {
        sectorId: 's1',
        name: 'Pista',
        change: 'changed',
        fields: {},
        lots: [
          {
            lotId: 'l3',
            change: 'added',
            fields: {
              position: { before: null, after: 2 },
              priceCentavos: { before: null, after: 9000 },
              quantity: { before: null, after: 50 },
            },
          },
        ],
      },
      expect.objectContaining({ sectorId: 's3', name: 'Meia', change: 'added' }),
      {
        sectorId: 's2',
        name: 'Camarote',
        change: 'removed',
        fields: {},
        lots: [
          {
            lotId: 'l2',
            change: 'removed',
            fields: { priceCentavos: { before: 20000, after: null }, quantity: { before: 10, after: null } },
          },
        ],
      },
    ]);
  });
});
