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
  { key: 'discount', header: 'Descontos', className: 'text-right', cell: (row) => strong(row, amount(row.money.discountCentavos)) },
  { key: 'gross', header: 'Vendas brutas', className: 'text-right', cell: (row) => strong(row, amount(row.money.grossCentavos)) },
  { key: 'fees', header: 'Taxas', className: 'text-right', cell: (row) => strong(row, amount(row.money.feesCentavos)) },
  { key: 'refunds', header: 'Reembolsos', className: 'text-right', cell: (row) => strong(row, amount(row.money.refundsCentavos)) },
  { key: 'net', header: 'Líquido', className: 'text-right', cell: (row) => strong(row, amount(row.money.netCentavos)) },
];

function MoneyCard({ money }: { money: BorderoMoney }) {
  const items: [string, string][] = [
    ['Qtd.', String(money.units)],
    ['Descontos', formatCentavos(money.discountCentavos)],
    ['Vendas brutas', formatCentavos(money.grossCentavos)],
    ['Taxas', formatCentavos(money.feesCentavos)],
    ['Reembolsos', formatCentavos(money.refundsCentavos)],
    ['Líquido', formatCentavos(money.netCentavos)],
  ];
  if (money.courtesyFaceCentavos > 0) items.push(['Valor de face', formatCentavos(money.courtesyFaceCentavos)]);
  return (
    <dl className="grid gap-y-1 rounded-xl bg-surface p-3 text-sm">
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
  // One session for every line ('Sessão única'): said once in the heading, not in a column.
  const sessions = new Set(bordero.lines.map((l) => l.session));
  const oneSession = sessions.size === 1 ? [...sessions][0] : null;
  const columns: DataTableColumn<Row>[] = [
    ...(oneSession === null ? [{ key: 'session', header: 'Sessão', cell: (row: Row) => strong(row, row.session) }] : []),
    {
      key: 'sector',
      header: 'Setor e lote',
      cell: (row) =>
        row.isTotal ? (
          oneSession !== null ? (
            strong(row, 'Total')
          ) : null
        ) : (
          <span className="whitespace-nowrap">{`${row.sector} · ${row.lot}`}</span>
        ),
    },
    { key: 'kind', header: 'Tipo e canal', cell: (row) => (row.isTotal ? null : `${row.kindLabel} · ${row.channelLabel}`) },
    ...moneyColumns,
  ];
  return (
    <section aria-labelledby="bordero-vendas" className="space-y-3">
      <div>
        <h2 id="bordero-vendas" className="text-lg font-bold">
          Vendas por sessão, setor, lote, tipo e canal
        </h2>
        {oneSession !== null ? <p className="text-sm text-muted">Sessão: {oneSession}</p> : null}
      </div>
      {bordero.lines.length === 0 ? (
        <p className="rounded-2xl border border-border bg-card p-4 text-sm text-muted">
          Nenhuma venda paga ainda. As linhas aparecem aqui assim que um pedido é pago.
        </p>
      ) : (
        <DataTable
          caption="Vendas do borderô"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.key}
          renderCard={(row) => (
            <div className="space-y-2">
              <p className={cn('font-semibold', row.isTotal && 'text-lg')}>{row.isTotal ? 'Total' : `${row.sector} · ${row.lot}`}</p>
              {row.isTotal ? null : (
                <p className="text-sm text-muted">
                  {[row.kindLabel, row.channelLabel, oneSession === null ? row.session : null].filter(Boolean).join(' · ')}
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
export function BorderoSubtotals({
  id,
  title,
  label,
  subtotals,
}: {
  id: string;
  title: string;
  label: string;
  subtotals: BorderoSubtotal[];
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-border bg-card p-4">
      <h2 id={id} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      <table className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              {label}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Qtd.
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Vendas brutas
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Líquido
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular-nums">
          {subtotals.map((s) => (
            <tr key={s.label}>
              <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                {s.label}
              </th>
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
