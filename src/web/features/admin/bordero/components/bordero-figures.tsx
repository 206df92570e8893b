import type { Bordero } from '../../../../../shared/schemas/bordero';
import { ECAD_BASE_LABEL, formatBasisPoints } from '../../../../../shared/schemas/bordero';
import { formatCentavos } from '../../../../../shared/money';
import { cn } from '../../../../lib/cn';

function Figure({
  label,
  centavos,
  hint,
  isDeduction,
  isStrong,
}: {
  label: string;
  centavos: number;
  hint: string;
  isDeduction?: boolean;
  isStrong?: boolean;
}) {
  return (
    <div
      className={cn(
        'grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 rounded-xl p-3 sm:block',
        isStrong ? 'bg-accent/10' : 'bg-surface/60',
      )}
    >
      <dt className={cn('text-sm', isStrong ? 'font-semibold' : 'text-muted')}>{label}</dt>
      <dd className="text-lg font-bold whitespace-nowrap tabular-nums sm:text-xl">
        {formatCentavos(isDeduction && centavos > 0 ? -centavos : centavos)}
      </dd>
      <dd className="col-span-2 text-xs text-muted">{hint}</dd>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** The borderô's totals: from list price to net, the fees apart, courtesies at face value and the ECAD estimate. */
export function BorderoFigures({ bordero }: { bordero: Bordero }) {
  const { totals, ecad } = bordero;
  return (
    <section aria-labelledby="bordero-totais" className="space-y-3 rounded-2xl border border-border bg-card p-4 sm:p-6">
      <h2 id="bordero-totais" className="text-lg font-bold">
        Totais
      </h2>
      <p className="text-sm text-muted">
        {plural(totals.units, 'ingresso emitido', 'ingressos emitidos')} · {plural(totals.refundedUnits, 'reembolsado', 'reembolsados')} ·{' '}
        {plural(bordero.entriesTotal, 'entrada', 'entradas')}
      </p>
      <dl className="grid gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-3">
        <Figure label="Valor de tabela" centavos={totals.listCentavos} hint="Ingressos pagos ao preço do lote" />
        <Figure label="Descontos" centavos={totals.discountCentavos} hint="Cupons aplicados" isDeduction />
        <Figure label="Bruto" centavos={totals.grossCentavos} hint="Ingressos pagos, já com descontos" />
        <Figure label="Reembolsos" centavos={totals.refundsCentavos} hint="Ingressos devolvidos aos compradores" isDeduction />
        <Figure label="Taxas absorvidas" centavos={totals.absorbedFeesCentavos} hint="Taxa de serviço paga pelo organizador" isDeduction />
        <Figure label="Líquido" centavos={totals.netCentavos} hint="Bruto menos reembolsos e taxas absorvidas" isStrong />
        <Figure
          label="Taxas de serviço"
          centavos={totals.feesCentavos}
          hint={`Pagas pelos compradores, fora do líquido${totals.refundedFeesCentavos > 0 ? ` · ${formatCentavos(totals.refundedFeesCentavos)} devolvidos` : ''}`}
        />
        <Figure label="Cortesias (valor de face)" centavos={totals.courtesyFaceCentavos} hint="Ao preço do lote, fora do bruto" />
        <Figure
          label={`Estimativa ECAD (${formatBasisPoints(ecad.basisPoints)})`}
          centavos={ecad.estimateCentavos}
          hint={`${ECAD_BASE_LABEL}: ${formatCentavos(ecad.baseCentavos)}`}
        />
      </dl>
    </section>
  );
}
