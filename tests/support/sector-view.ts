import type { SectorView } from '../../src/shared/schemas/events';

/**
 * A sector as the event page receives it (GET /api/events/:id), on sale in its '1º lote' at
 * R$ 80,00 (meia R$ 40,00, no fee) with 300 left (180 full price, 120 meia), for the web's unit
 * tests; `overrides` replace any field. The id follows the name unless given.
 */
export function sectorView(overrides: Partial<SectorView> = {}): SectorView {
  return {
    id: overrides.name ?? 'pista',
    name: 'Pista',
    description: null,
    priceCentavos: 8000,
    meiaPriceCentavos: 4000,
    feeCentavos: 0,
    meiaFeeCentavos: 0,
    remaining: 300,
    fullAvailable: 180,
    meiaAvailable: 120,
    status: 'on_sale',
    lotName: '1º lote',
    lotRemaining: 300,
    nextLot: null,
    lots: [{ name: '1º lote', priceCentavos: 8000, state: 'current' }],
    opensAt: null,
    unlockedByCode: false,
    ...overrides,
  };
}
