import type { SalesMoney } from '../../../../shared/schemas/admin-events';
import { formatCentavos } from '../../../../shared/money';
import { MoneyFigure } from './money-figure';

/**
 * Sales money as a producer reconciles it (docs/rules/money.md 'The figures'): Vendas brutas -
 * Reembolsos - Taxas absorvidas = Líquido, and the service fees buyers paid apart (they are the
 * ticketing's, not the organizer's). The same labels as the borderô and the events list.
 */
export function SalesMoneyFigures({ money }: { money: SalesMoney }) {
  return (
    <div className="space-y-3">
      <dl className="grid gap-2 sm:grid-cols-2 sm:gap-3 xl:grid-cols-4">
        <MoneyFigure
          label="Vendas brutas"
          centavos={money.grossCentavos}
          hint={
            money.discountCentavos > 0
              ? `Ingressos pagos, já sem ${formatCentavos(money.discountCentavos)} de descontos`
              : 'Ingressos pagos, já com descontos'
          }
        />
        <MoneyFigure label="Reembolsos" centavos={money.refundsCentavos} hint="Ingressos devolvidos aos compradores" isDeduction />
        <MoneyFigure
          label="Taxas absorvidas"
          centavos={money.absorbedFeesCentavos}
          hint="Taxa de serviço paga pelo organizador"
          isDeduction
        />
        <MoneyFigure
          label="Líquido"
          centavos={money.netCentavos}
          hint="Seu repasse: vendas brutas menos reembolsos e taxas absorvidas"
          isStrong
        />
      </dl>
      <dl className="rounded-xl border border-border p-3">
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3">
          <dt className="text-sm font-medium">Taxas de serviço</dt>
          <dd className="font-bold whitespace-nowrap tabular-nums">{formatCentavos(money.feesCentavos)}</dd>
          <dd className="col-span-2 text-xs text-muted">
            Pagas pelos compradores, ficam com a bilheteria, fora do seu repasse
            {money.refundedFeesCentavos > 0 ? ` · ${formatCentavos(money.refundedFeesCentavos)} devolvidos em reembolsos` : ''}.
          </dd>
        </div>
      </dl>
    </div>
  );
}
