import { Store } from 'lucide-react';
import { formatCentavos } from '../../../../../shared/money';
import type { CashDrawerView } from '../../../../../shared/schemas/box-office';
import { Badge } from '../../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../../../components/empty-state';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { PageHeader } from '../../components/page-header';
import { useConflicts } from '../api/list-conflicts';
import { DoorSectors } from '../components/door-sectors';
import { useDrawers } from '../api/list-drawers';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function Difference({ drawer }: { drawer: CashDrawerView }) {
  if (drawer.differenceCentavos === null) return <Badge>Aberto</Badge>;
  const value = drawer.differenceCentavos;
  return <span className={value < 0 ? 'font-semibold text-danger' : 'font-semibold'}>{formatCentavos(value)}</span>;
}

const columns: DataTableColumn<CashDrawerView>[] = [
  {
    key: 'operator',
    header: 'Operador',
    cell: (d) => (
      <span>
        <span className="block font-semibold">{d.operatorName}</span>
        <span className="text-xs text-muted">Aberto em {dateTime.format(new Date(d.openedAt))}</span>
      </span>
    ),
  },
  { key: 'float', header: 'Fundo', className: 'text-right whitespace-nowrap', cell: (d) => formatCentavos(d.floatCentavos) },
  {
    key: 'cash',
    header: 'Dinheiro',
    className: 'text-right whitespace-nowrap',
    cell: (d) => formatCentavos(d.cashSalesCentavos - d.cashRefundsCentavos),
  },
  { key: 'withdrawals', header: 'Sangrias', className: 'text-right whitespace-nowrap', cell: (d) => formatCentavos(d.withdrawalsCentavos) },
  { key: 'card', header: 'Maquininha', className: 'text-right whitespace-nowrap', cell: (d) => formatCentavos(d.cardMachineCentavos) },
  { key: 'pix', header: 'PIX', className: 'text-right whitespace-nowrap', cell: (d) => formatCentavos(d.pixCentavos) },
  { key: 'expected', header: 'Esperado', className: 'text-right whitespace-nowrap', cell: (d) => formatCentavos(d.expectedCentavos) },
  {
    key: 'counted',
    header: 'Contado',
    className: 'text-right whitespace-nowrap',
    cell: (d) => (d.countedCentavos === null ? '—' : formatCentavos(d.countedCentavos)),
  },
  { key: 'difference', header: 'Diferença', className: 'text-right whitespace-nowrap', cell: (d) => <Difference drawer={d} /> },
];

/**
 * 'Bilheteria' in the back office: every cash drawer per event (operator, float, cash, 'Sangria',
 * card machine and PIX takings, expected, counted and difference) and the sales a device synced
 * that were refused (conflicts, with their pt-BR reason); each sector's door price and the box
 * office's quota.
 */
export function AdminDrawersPage() {
  const drawers = useDrawers();
  const conflicts = useConflicts();
  const byEvent = new Map<string, CashDrawerView[]>();
  for (const drawer of drawers.data?.drawers ?? []) byEvent.set(drawer.eventTitle, [...(byEvent.get(drawer.eventTitle) ?? []), drawer]);

  return (
    <div>
      <PageHeader title="Bilheteria" description="Caixas de cada evento: o esperado pelo sistema, o contado no fechamento e a diferença." />
      {drawers.isPending ? (
        <ListSkeleton count={3} />
      ) : byEvent.size === 0 ? (
        <EmptyState
          icon={Store}
          title="Nenhum caixa aberto ainda"
          description="Os caixas aparecem aqui quando a bilheteria abre um caixa em /bilheteria."
        />
      ) : (
        <div className="space-y-8">
          {[...byEvent].map(([title, list]) => (
            <section key={title} aria-label={`Caixas de ${title}`} className="space-y-3">
              <h2 className="text-lg font-bold">{title}</h2>
              <DataTable caption={`Caixas de ${title}`} columns={columns} rows={list} rowKey={(d) => d.id} />
            </section>
          ))}
        </div>
      )}
      <DoorSectors />
      {conflicts.data && conflicts.data.conflicts.length > 0 ? (
        <section aria-labelledby="conflitos" className="mt-8 space-y-3">
          <h2 id="conflitos" className="text-lg font-bold">
            Vendas recusadas na sincronização
          </h2>
          <ul className="space-y-2">
            {conflicts.data.conflicts.map((c) => (
              <li key={c.id} className="rounded-xl border border-border bg-card p-3 text-sm">
                <p className="font-semibold">{c.eventTitle}</p>
                <p>{c.message}</p>
                <p className="text-muted">{dateTime.format(new Date(c.createdAt))}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
