import type { Bordero } from '../../../../../shared/schemas/bordero';
import { ECAD_BASE_LABEL, formatBasisPoints } from '../../../../../shared/schemas/bordero';
import { formatCentavos } from '../../../../../shared/money';
import { MoneyFigure } from '../../components/money-figure';
import { SectionCard } from '../../components/section-card';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** The borderô's totals: from list price to net, the fees apart, courtesies at face value and the ECAD estimate. */
export function BorderoFigures({ bordero }: { bordero: Bordero }) {
  const { totals, ecad } = bordero;
  return (
    <SectionCard id="bordero-totais" title="Totais" className="space-y-3 sm:p-6">
      <p className="text-sm text-muted">
        {plural(totals.units, 'ingresso emitido', 'ingressos emitidos')} · {plural(totals.refundedUnits, 'reembolsado', 'reembolsados')} ·{' '}
        {plural(bordero.entriesTotal, 'entrada', 'entradas')}
      </p>
      <dl className="grid gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-3">
        <MoneyFigure label="Valor de tabela" centavos={totals.listCentavos} hint="Ingressos pagos ao preço do lote" />
        <MoneyFigure label="Descontos" centavos={totals.discountCentavos} hint="Cupons aplicados" isDeduction />
        <MoneyFigure label="Vendas brutas" centavos={totals.grossCentavos} hint="Ingressos pagos, já com descontos" />
        <MoneyFigure label="Reembolsos" centavos={totals.refundsCentavos} hint="Ingressos devolvidos aos compradores" isDeduction />
        <MoneyFigure
          label="Taxas absorvidas"
          centavos={totals.absorbedFeesCentavos}
          hint="Taxa de serviço paga pelo organizador"
          isDeduction
        />
        <MoneyFigure label="Líquido" centavos={totals.netCentavos} hint="Vendas brutas menos reembolsos e taxas absorvidas" isStrong />
        <MoneyFigure
          label="Taxas de serviço"
          centavos={totals.feesCentavos}
          hint={`Pagas pelos compradores, fora do líquido${totals.refundedFeesCentavos > 0 ? ` · ${formatCentavos(totals.refundedFeesCentavos)} devolvidos` : ''}`}
        />
        <MoneyFigure
          label="Cortesias (valor de face)"
          centavos={totals.courtesyFaceCentavos}
          hint="Ao preço do lote, fora das vendas brutas"
        />
        <MoneyFigure
          label={`Estimativa ECAD (${formatBasisPoints(ecad.basisPoints)})`}
          centavos={ecad.estimateCentavos}
          hint={`${ECAD_BASE_LABEL}: ${formatCentavos(ecad.baseCentavos)}`}
        />
      </dl>
    </SectionCard>
  );
}
