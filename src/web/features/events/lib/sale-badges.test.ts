import { describe, expect, it } from 'vitest';
import type { SectorView } from '../../../../shared/schemas/events';
import { sectorView } from '../../../../../tests/support/sector-view';
import { eventSoldOutWord, FEW_LEFT, listsEndedLots, sectorSaleBadge } from './sale-badges';

/** A sector in its '2º lote', the '1º lote' sold out before it. */
function sector(overrides: Partial<SectorView>): SectorView {
  return sectorView({
    id: 'pista',
    lotName: '2º lote',
    lots: [
      { name: '1º lote', priceCentavos: 6000, state: 'ended' },
      { name: '2º lote', priceCentavos: 8000, state: 'current' },
    ],
    ...overrides,
  });
}

const everyLotGone = [
  { name: '1º lote', priceCentavos: 6000, state: 'ended' as const },
  { name: '2º lote', priceCentavos: 8000, state: 'ended' as const },
];

/** Every word the sector's card shows about its stock: its badge and its ended lots' 'Esgotado'. */
function stockWords(type: SectorView): string[] {
  return [
    sectorSaleBadge(type)?.text ?? null,
    ...(listsEndedLots(type) ? type.lots.filter((l) => l.state === 'ended').map(() => 'Esgotado') : []),
  ]
    .filter((w): w is string => w !== null)
    .filter((w) => w.startsWith('Esgot'));
}

describe('sectorSaleBadge and listsEndedLots', () => {
  it("shows only 'Esgotado' when every lot is sold", () => {
    const soldOut = sector({
      status: 'sold_out',
      remaining: 0,
      fullAvailable: 0,
      meiaAvailable: 0,
      lotName: null,
      lotRemaining: null,
      lots: everyLotGone,
    });
    expect(sectorSaleBadge(soldOut)).toEqual({ text: 'Esgotado', tone: 'danger' });
    expect(listsEndedLots(soldOut)).toBe(false);
    expect(stockWords(soldOut)).toEqual(['Esgotado']);
  });

  it("shows only 'Esgotando' while the last units wait for payment, without the ended lots' 'Esgotado'", () => {
    const held = sector({
      status: 'selling_out',
      remaining: 0,
      fullAvailable: 0,
      meiaAvailable: 0,
      lotName: null,
      lotRemaining: null,
      lots: everyLotGone,
    });
    expect(sectorSaleBadge(held)).toEqual({ text: 'Esgotando', tone: 'warning' });
    expect(listsEndedLots(held)).toBe(false);
    expect(stockWords(held)).toEqual(['Esgotando']);
  });

  it('says how many remain only under the threshold, beside the ended lots of a sector still on sale', () => {
    expect(sectorSaleBadge(sector({ lotRemaining: FEW_LEFT }))).toEqual({ text: `Restam ${FEW_LEFT}`, tone: 'warning' });
    expect(sectorSaleBadge(sector({ lotRemaining: 1 }))).toEqual({ text: 'Resta 1', tone: 'warning' });
    expect(sectorSaleBadge(sector({ lotRemaining: FEW_LEFT + 1 }))).toBeNull();
    expect(sectorSaleBadge(sector({ lotRemaining: 3, fullAvailable: 0 }))?.text).toBe('Restam 3, só meia-entrada');
    expect(listsEndedLots(sector({}))).toBe(true);
  });

  it("never shows 'Esgotando' beside 'Esgotado', whatever the sector's state and lots", () => {
    for (const status of ['on_sale', 'selling_out', 'sold_out', 'not_open', 'closed'] as const) {
      for (const lots of [everyLotGone, sector({}).lots]) {
        for (const lotRemaining of [null, 0, 1, FEW_LEFT, 500]) {
          const words = stockWords(sector({ status, lots, lotRemaining }));
          expect(words.includes('Esgotando') && words.includes('Esgotado'), `${status} ${lotRemaining}`).toBe(false);
        }
      }
    }
  });

  it("tells 'Vendas encerradas' and when sales open", () => {
    expect(sectorSaleBadge(sector({ status: 'closed' }))?.text).toBe('Vendas encerradas');
    expect(sectorSaleBadge(sector({ status: 'not_open', opensAt: null }))?.text).toBe('Vendas ainda não abertas');
    expect(sectorSaleBadge(sector({ status: 'not_open', opensAt: '2026-12-01T15:00:00.000Z' }))?.text).toMatch(/^Vendas abrem em /);
  });
});

describe('eventSoldOutWord', () => {
  it("says 'Esgotando' for a sold-out event while a sector's last units are held, 'Esgotado' once none are, nothing while it sells", () => {
    const held = sector({ status: 'selling_out', lotRemaining: null });
    const sold = sector({ status: 'sold_out', lotRemaining: null });
    expect(eventSoldOutWord({ isSoldOut: true, sectors: [sold, held] })).toBe('Esgotando');
    expect(eventSoldOutWord({ isSoldOut: true, sectors: [sold, sold] })).toBe('Esgotado');
    expect(eventSoldOutWord({ isSoldOut: false, sectors: [sector({}), sold] })).toBeNull();
  });
});
