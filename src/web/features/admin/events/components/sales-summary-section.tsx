import type { AdminEventDetail } from '../../../../../shared/schemas/admin-events';
import { formatCentavos } from '../../../../../shared/money';
import { Badge } from '../../../../components/ui/badge';
import { SalesMoneyFigures } from '../../components/sales-money-figures';
import { SectionCard } from '../../components/section-card';
import { CompactTableHead } from '../../components/table-head';
import { formatLotCounts, formatMeiaReserve } from '../lib/event-form-values';

/**
 * The event's sales at a glance: gross, refunds, absorbed fees and net of paid orders, the fees
 * buyers paid apart, and per sector and lot what was sold, what waits for payment and what is
 * left, with the meia-entrada against its reserve.
 */
export function SalesSummarySection({ event }: { event: AdminEventDetail }) {
  return (
    <SectionCard id="vendas" title="Vendas" className="mb-6 space-y-4 sm:p-6">
      <SalesMoneyFigures money={event.money} />
      <ul className="space-y-3">
        {event.sectors.map((type) => (
          <li key={type.id} className="rounded-xl border border-border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{type.name}</h3>
              {type.hiddenWithoutCode ? <Badge tone="warning">Pré-venda</Badge> : null}
            </div>
            <p className="text-sm text-muted">{formatMeiaReserve(type)}</p>
            <ul className="mt-2 divide-y divide-border text-sm sm:hidden" aria-label={`Lotes de ${type.name}`}>
              {type.lots.map((lot) => (
                <li key={lot.id} className="py-1.5">
                  <span className="flex justify-between gap-2 font-medium">
                    <span>{lot.name}</span>
                    <span className="tabular-nums">{formatCentavos(lot.priceCentavos)}</span>
                  </span>
                  <span className="block text-muted tabular-nums">{formatLotCounts(lot)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-2 hidden sm:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Lotes de {type.name}</caption>
                <CompactTableHead labels={['Lote', 'Preço', 'Vendidos', 'Reservados', 'Restantes']} rightFrom={1} gap="pr-3" />
                <tbody className="divide-y divide-border tabular-nums">
                  {type.lots.map((lot) => (
                    <tr key={lot.id}>
                      <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                        {lot.name}
                      </th>
                      <td className="py-1.5 pr-3 text-right whitespace-nowrap">{formatCentavos(lot.priceCentavos)}</td>
                      <td className="py-1.5 pr-3 text-right">{lot.sold}</td>
                      <td className="py-1.5 pr-3 text-right">{lot.held}</td>
                      <td className="py-1.5 text-right">{lot.remaining}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
