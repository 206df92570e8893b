import { formatBasisPoints, type Bordero } from '../../../../../shared/schemas/bordero';
import { formatCentavos } from '../../../../../shared/money';
import { SectionCard } from '../../components/section-card';
import { CompactTableHead } from '../../components/table-head';

/** The net split among the co-producers, the rest the organizer's; the parts add up to the net. */
export function BorderoSplit({ bordero }: { bordero: Bordero }) {
  return (
    <SectionCard id="bordero-divisao" title="Divisão do líquido" className="min-w-0">
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">Divisão do líquido entre coprodutores</caption>
        <CompactTableHead labels={['Parte', 'Participação', 'Valor']} rightFrom={1} gap="pr-2" />
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
    </SectionCard>
  );
}
