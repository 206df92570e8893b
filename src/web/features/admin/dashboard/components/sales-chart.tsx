import { useId } from 'react';
import type { AdminDashboard } from '../../../../../shared/schemas/admin-dashboard';
import { formatCentavos } from '../../../../../shared/money';
import { formatEventDateShort } from '../../../../../shared/dates';
import { TableHead } from '../../components/table-head';

type Day = AdminDashboard['salesByDay'][number];

const dayMonth = (day: string) => formatEventDateShort(day).slice(0, 5);

const WIDTH = 600;
const HEIGHT = 180;
const GAP = 4;

/** One sentence that says what the bars show, for everyone (and the chart's accessible name). */
function salesSummary(days: Day[]): string {
  const total = days.reduce((sum, d) => sum + d.revenueCentavos, 0);
  if (total === 0) return 'Nenhuma venda nos últimos 30 dias.';
  const withSales = days.filter((d) => d.revenueCentavos > 0);
  const best = withSales.reduce((a, b) => (b.revenueCentavos > a.revenueCentavos ? b : a));
  const daysText = withSales.length === 1 ? '1 dia com vendas' : `${withSales.length} dias com vendas`;
  return `${formatCentavos(total)} nos últimos 30 dias, ${daysText}. Melhor dia: ${dayMonth(best.day)}, com ${formatCentavos(best.revenueCentavos)}.`;
}

/** Gross sales ('Vendas brutas') per day of the last 30 days as bars (hand-made SVG), with a text summary and the values as a table. */
export function SalesChart({ days }: { days: Day[] }) {
  const summaryId = useId();
  const max = Math.max(1, ...days.map((d) => d.revenueCentavos));
  const barWidth = (WIDTH - GAP * (days.length - 1)) / Math.max(1, days.length);
  const summary = salesSummary(days);

  return (
    <section aria-labelledby={`${summaryId}-title`} className="rounded-2xl border border-border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${summaryId}-title`} className="text-lg font-bold">
          Vendas por dia
        </h2>
        <span className="text-sm text-muted">Últimos 30 dias</span>
      </div>
      <p id={summaryId} className="mt-1 text-sm text-muted">
        {summary}
      </p>
      <div className="mt-4 flex gap-3">
        <div aria-hidden className="flex w-20 shrink-0 flex-col justify-between text-right text-xs text-muted tabular-nums">
          <span>{formatCentavos(max === 1 ? 0 : max)}</span>
          <span>{formatCentavos(0)}</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-labelledby={summaryId}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-44 w-full border-b border-l border-border"
          >
            {days.map((d, i) => {
              const height = d.revenueCentavos > 0 ? Math.max(2, (d.revenueCentavos / max) * (HEIGHT - 4)) : 0;
              return (
                <rect
                  key={d.day}
                  x={i * (barWidth + GAP)}
                  y={HEIGHT - height}
                  width={barWidth}
                  height={height}
                  rx={2}
                  className="fill-accent"
                >
                  <title>{`${dayMonth(d.day)}: ${formatCentavos(d.revenueCentavos)}`}</title>
                </rect>
              );
            })}
          </svg>
          <div aria-hidden className="mt-1 flex justify-between text-xs text-muted">
            <span>{days.length ? dayMonth(days[0].day) : ''}</span>
            <span>{days.length ? dayMonth(days[Math.floor(days.length / 2)].day) : ''}</span>
            <span>Hoje</span>
          </div>
        </div>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded-lg font-medium text-accent">Ver valores por dia</summary>
        <div className="mt-2 max-h-64 overflow-y-auto rounded-xl border border-border">
          <table className="w-full text-left">
            <caption className="sr-only">Vendas brutas por dia nos últimos 30 dias</caption>
            <TableHead
              className="sticky top-0 bg-surface text-xs text-muted uppercase"
              cellClassName="px-3 py-2 font-semibold"
              columns={[{ label: 'Dia' }, { label: 'Vendas brutas', className: 'text-right' }]}
            />
            <tbody className="divide-y divide-border">
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <td className="px-3 py-1.5">{formatEventDateShort(d.day)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCentavos(d.revenueCentavos)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
