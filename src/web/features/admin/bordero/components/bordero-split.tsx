import { formatBasisPoints, type Bordero } from '../../../../../shared/schemas/bordero';
import { formatCentavos } from '../../../../../shared/money';

/** The net split among the co-producers, the rest the organizer's; the parts add up to the net. */
export function BorderoSplit({ bordero }: { bordero: Bordero }) {
  return (
    <section aria-labelledby="bordero-divisao" className="min-w-0 rounded-2xl border border-border bg-card p-4">
      <h2 id="bordero-divisao" className="text-lg font-bold">
        Divisão do líquido
      </h2>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">Divisão do líquido entre coprodutores</caption>
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Parte
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Participação
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Valor
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular-nums">
          {bordero.split.map((s) => (
            <tr key={`${s.name}-${s.isOrganizer}`}>
              <th scope="row" className="py-1.5 pr-2 text-left font-normal [overflow-wrap:anywhere]">
                {s.name}
              </th>
              <td className="py-1.5 pr-2 text-right">{formatBasisPoints(s.shareBasisPoints)}</td>
              <td className="py-1.5 text-right whitespace-nowrap">{formatCentavos(s.amountCentavos)}</td>
            </tr>
          ))}
          <tr className="font-bold">
            <th scope="row" className="py-1.5 pr-2 text-left">
              Líquido
            </th>
            <td className="py-1.5 pr-2 text-right">100%</td>
            <td className="py-1.5 text-right whitespace-nowrap">{formatCentavos(bordero.totals.netCentavos)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
