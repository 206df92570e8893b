import type { Bordero } from '../../../../../shared/schemas/bordero';
import { SectionCard } from '../../components/section-card';
import { CompactTableHead } from '../../components/table-head';

/** A count as pt-BR writes it, with the thousands dot: 15000 -> '15.000'. */
const count = (n: number) => n.toLocaleString('pt-BR');

/** The meia-entrada of each sector against its 40 % reserve, and the entries per hour and gate. */
export function BorderoDoor({ bordero }: { bordero: Bordero }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard id="bordero-meia" title="Meia-entrada e a reserva de 40%" className="min-w-0">
        {bordero.event.meiaEntrada ? null : <p className="text-sm text-muted">Este evento não vende meia-entrada.</p>}
        <ul className="mt-2 divide-y divide-border text-sm">
          {bordero.meia.map((m) => (
            <li key={m.sector} className="py-2">
              <p className="flex justify-between gap-2 font-semibold">
                <span>{m.sector}</span>
                <span className="tabular-nums">
                  {count(m.meiaSold)} de {count(m.reserve)}
                </span>
              </p>
              <p className="text-muted">
                Reserva de {count(m.reserve)} (40% de {count(m.stock)}) · {m.reserveUsedPercent}% usada ·{' '}
                {m.reserveLeft === 1 ? 'resta' : 'restam'} {count(m.reserveLeft)}
                {m.seniorSold > 0 ? ` · ${count(m.seniorSold)} de pessoa idosa, fora da reserva` : ''}
              </p>
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard id="bordero-entradas" title="Entradas por hora e portão" className="min-w-0">
        {bordero.entries.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nenhuma entrada ainda.</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">Entradas por hora e portão</caption>
            <CompactTableHead labels={['Hora', 'Portão', 'Entradas']} rightFrom={2} gap="pr-2" />
            <tbody className="divide-y divide-border">
              {bordero.entries.map((e) => (
                <tr key={`${e.hourStart}-${e.gate}`}>
                  <td className="py-1.5 pr-2">{e.hourLabel}</td>
                  <td className="py-1.5 pr-2">{e.gate}</td>
                  <td className="py-1.5 text-right tabular-nums">{count(e.entries)}</td>
                </tr>
              ))}
              <tr className="font-bold">
                <td className="py-1.5 pr-2">Total</td>
                <td />
                <td className="py-1.5 text-right tabular-nums">{count(bordero.entriesTotal)}</td>
              </tr>
            </tbody>
          </table>
        )}
      </SectionCard>
    </div>
  );
}
