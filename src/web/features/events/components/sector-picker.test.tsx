import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EventDetail, SectorView } from '../../../../shared/schemas/events';
import { SectorPicker } from './sector-picker';
import { sectorView } from '../../../../../tests/support/sector-view';

// The words the event page shows for each state of a sector and of the meia-entrada counter
// (docs/rules/sale.md 'Selling the Brazilian way'), rendered as the browser gets them. The states
// themselves come from the server: tests/api/event-page-states.test.ts.

const sector = sectorView;

function event(sectors: SectorView[], meia = { available: 120, reserve: 120 }): EventDetail {
  return {
    id: 'e1',
    title: 'Noite de Teste',
    date: '2026-12-20',
    startTime: '22:00:00',
    endTime: null,
    location: 'Arena',
    city: 'Itajaí',
    category: 'Next Level Events',
    brandSlug: 'next-level',
    imageUrl: null,
    lowestPriceCentavos: 8000,
    isSoldOut: false,
    isPast: false,
    isCancelled: false,
    description: '',
    fullAddress: null,
    capacity: null,
    rating: null,
    sectors,
    meia,
    serviceFee: { basisPoints: 0, absorbed: false, refundable: false },
    maxTicketsPerOrder: 6,
    maxTicketsPerCpf: 4,
    hasHiddenSectors: false,
    nominal: false,
    ageRating: null,
    minorsAccompanied: false,
    accessibility: null,
    policies: [],
  };
}

/** The picker's text content, tags stripped, as a person reads it. */
function shown(detail: EventDetail): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SectorPicker event={detail} accessCode={null} isCheckingCode={false} onAccessCodeChange={() => {}} onBuy={() => {}} />
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the event page tells where each sector stands', () => {
  it("says when sales open ('Vendas abrem em 20/03 às 10:00'), in São Paulo time", () => {
    const text = shown(event([sector({ status: 'not_open', opensAt: '2027-03-20T13:00:00.000Z', lotRemaining: null })]));
    expect(text).toContain('Vendas abrem em 20/03 às 10:00');
  });

  it("says 'Vendas encerradas' for a sector whose window closed", () => {
    expect(shown(event([sector({ status: 'closed', lotRemaining: null })]))).toContain('Vendas encerradas');
  });

  it("says 'Esgotando' while the last units wait for payment, and 'Esgotado' once sold", () => {
    expect(shown(event([sector({ status: 'selling_out', remaining: 0, fullAvailable: 0, meiaAvailable: 0, lotRemaining: 0 })]))).toContain(
      'Esgotando',
    );
    expect(shown(event([sector({ status: 'sold_out', remaining: 0, fullAvailable: 0, meiaAvailable: 0, lotRemaining: 0 })]))).toContain(
      'Esgotado',
    );
  });

  it("shows a sector whose every lot is gone but held as 'Esgotando' alone, without its lots' 'Esgotado'", () => {
    const lots = [
      { name: '1º lote', priceCentavos: 6000, state: 'ended' as const },
      { name: '2º lote', priceCentavos: 8000, state: 'ended' as const },
    ];
    const held = shown(
      event([sector({ status: 'selling_out', remaining: 0, fullAvailable: 0, meiaAvailable: 0, lotRemaining: null, lots })]),
    );
    expect(held).toContain('Esgotando');
    expect(held).not.toContain('Esgotado');
  });

  it("says 'Restam 37' when few remain in the lot, and nothing of the kind when many do", () => {
    expect(shown(event([sector({ lotRemaining: 37, remaining: 37 })]))).toContain('Restam 37');
    expect(shown(event([sector({ lotRemaining: 300 })]))).not.toContain('Restam');
  });

  it("says the last units are only meia-entrada once full price is sold out ('Resta 1, só meia-entrada')", () => {
    const text = shown(event([sector({ lotRemaining: 1, remaining: 1, fullAvailable: 0, meiaAvailable: 1 })]));
    expect(text).toContain('Resta 1, só meia-entrada');
    expect(text).toContain('Esgotada');
  });

  it('shows the lot, its price and fee, the next lot and the ended ones', () => {
    const text = shown(
      event([
        sector({
          lotName: '2º lote',
          priceCentavos: 10000,
          feeCentavos: 1000,
          nextLot: { name: '3º lote', priceCentavos: 12000 },
          lots: [
            { name: '1º lote', priceCentavos: 8000, state: 'ended' },
            { name: '2º lote', priceCentavos: 10000, state: 'current' },
            { name: '3º lote', priceCentavos: 12000, state: 'upcoming' },
          ],
        }),
      ]),
    );
    expect(text).toContain('2º lote · R$ 100,00 + R$ 10,00 de taxa');
    expect(text).toContain('Próximo lote: R$ 120,00');
    expect(text).toContain('1º lote · R$ 80,00 · Esgotado');
  });

  it("shows the legal meia-entrada counter, then 'Cota de meia-entrada esgotada'", () => {
    expect(shown(event([sector({})], { available: 212, reserve: 348 }))).toContain('Meia-entrada: 212 de 348 disponíveis');
    const exhausted = shown(event([sector({ meiaAvailable: 0 })], { available: 0, reserve: 348 }));
    expect(exhausted).toContain('Cota de meia-entrada esgotada');
    expect(exhausted).not.toContain('disponíveis');
  });
});
