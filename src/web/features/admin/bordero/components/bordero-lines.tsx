import type { ReactNode } from 'react';
import type { Bordero, BorderoMoney, BorderoSubtotal } from '../../../../../shared/schemas/bordero';
import { formatCentavos } from '../../../../../shared/money';
import { cn } from '../../../../lib/cn';
import { DataTable, type DataTableColumn } from '../../components/data-table';

interface Row {
  key: string;
  session: string;
  sector: string;
  lot: string;
  kindLabel: string;
  channelLabel: string;
  money: BorderoMoney;
  isTotal: boolean;
}

const amount = (centavos: number) => <span className="whitespace-nowrap tabular-nums">{formatCentavos(centavos)}</span>;
const strong = (row: Row, content: ReactNode) => <span className={cn(row.isTotal && 'font-bold')}>{content}</span>;

const moneyColumns: DataTableColumn<Row>[] = [
  { key: 'units', header: 'Qtd.', className: 'text-right tabular-nums', cell: (row) => strong(row, row.money.units) },
  { key: 'gross', header: 'Bruto', className: 'text-right', cell: (row) => strong(row, amount(row.money.grossCentavos)) },
  { key: 'discount', header: 'Descontos', className: 'text-right', cell: (row) => strong(row, amount(row.money.discountCentavos)) },
  { key: 'fees', header: 'Taxas', className: 'text-right', cell: (row) => strong(row, amount(row.money.feesCentavos)) },
  { key: 'refunds', header: 'Reembolsos', className: 'text-right', cell: (row) => strong(row, amount(row.money.refundsCentavos)) },
  { key: 'net', header: 'Líquido', className: 'text-right', cell: (row) => strong(row, amount(row.money.netCentavos)) },
];

function MoneyCard({ money }: { money: BorderoMoney }) {
  const items: [string, string][] = [
    ['Qtd.', String(money.units)],
    ['Bruto', formatCentavos(money.grossCentavos)],
    ['Descontos', formatCentavos(money.discountCentavos)],
    ['Taxas', formatCentavos(money.feesCentavos)],
    ['Reembolsos', formatCentavos(money.refundsCentavos)],
    ['Líquido', formatCentavos(money.netCentavos)],
  ];
  if (money.courtesyFaceCentavos > 0) items.push(['Valor de face', formatCentavos(money.courtesyFaceCentavos)]);
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-xl bg-surface p-3 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-2">
          <dt className="text-muted">{label}</dt>
          <dd className="font-semibold whitespace-nowrap tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The borderô's lines (session x sector x lot x kind x channel) and their total. */
export function BorderoLines({ bordero }: { bordero: Bordero }) {
  const rows: Row[] = [
    ...bordero.lines.map((l, i) => ({ key: String(i), ...l, isTotal: false })),
    { key: 'total', session: 'Total', sector: '', lot: '', kindLabel: '', channelLabel: '', money: bordero.totals, isTotal: true },
  ];
  const columns: DataTableColumn<Row>[] = [
    { key: 'session', header: 'Sessão', cell: (row) => strong(row, row.session) },
    { key: 'sector', header: 'Setor', cell: (row) => row.sector },
    { key: 'lot', header: 'Lote', cell: (row) => <span className="whitespace-nowrap">{row.lot}</span> },
    { key: 'kind', header: 'Tipo', cell: (row) => row.kindLabel },
    { key: 'channel', header: 'Canal', cell: (row) => row.channelLabel },
    ...moneyColumns,
  ];
  return (
    <section aria-labelledby="bordero-vendas" className="space-y-3">
      <h2 id="bordero-vendas" className="text-lg font-bold">
        Vendas por sessão, setor, lote, tipo e canal
      </h2>
      {bordero.lines.length === 0 ? (
        <p className="rounded-2xl border border-border bg-card p-4 text-sm text-muted">Nenhuma venda paga ainda. As linhas aparecem aqui assim que um pedido é pago.</p>
      ) : (
        <DataTable
          caption="Vendas do borderô"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.key}
          renderCard={(row) => (
            <div className="space-y-2">
              <p className={cn('font-semibold', row.isTotal && 'text-lg')}>
                {row.isTotal ? 'Total' : `${row.sector} · ${row.lot}`}
              </p>
              {row.isTotal ? null : (
                <p className="text-sm text-muted">
                  {row.kindLabel} · {row.channelLabel} · {row.session}
                </p>
              )}
              <MoneyCard money={row.money} />
            </div>
          )}
        />
      )}
    </section>
  );
}

/** A small table of subtotals (per channel, per kind). */
export function BorderoSubtotals({ id, title, label, subtotals }: { id: string; title: string; label: string; subtotals: BorderoSubtotal[] }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-border bg-card p-4">
      <h2 id={id} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      <table className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">{label}</th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">Qtd.</th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">Bruto</th>
            <th scope="col" className="py-1 text-right font-medium">Líquido</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular-nums">
          {subtotals.map((s) => (
            <tr key={s.label}>
              <th scope="row" className="py-1.5 pr-2 text-left font-normal">{s.label}</th>
              <td className="py-1.5 pr-2 text-right">{s.money.units}</td>
              <td className="py-1.5 pr-2 text-right whitespace-nowrap">{formatCentavos(s.money.grossCentavos)}</td>
              <td className="py-1.5 text-right whitespace-nowrap">{formatCentavos(s.money.netCentavos)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
