import { useDeferredValue, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Download, FileSearch } from 'lucide-react';
import { toast } from 'sonner';
import type { CpfSales } from '../../../../../shared/schemas/admin-events';
import { formatCpf, onlyDigits } from '../../../../../shared/cpf';
import { Badge } from '../../../../components/ui/badge';
import { LabeledSearchInput } from '../../../../components/labeled-search-input';
import { ApiError } from '../../../../lib/api';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../../../components/empty-state';
import { LoadError } from '../../../../components/load-error';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { DownloadButton } from '../../components/download-button';
import { EventReportHeader } from '../../components/event-report-header';
import { cpfSalesCsvUrl, useCpfSales } from '../api/get-cpf-sales';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether a CPF's row matches the search: part of the CPF (with or without its dots) or of the name. */
function matches(row: CpfSales, query: string): boolean {
  const digits = onlyDigits(query);
  if (digits.length > 0 && digits.length === query.replace(/[\s.-]/g, '').length) return row.cpf.includes(digits);
  return fold(row.name).includes(fold(query));
}

function OverLimit({ row, limit }: { row: CpfSales; limit: number | null }) {
  if (limit === null || row.paidTickets + row.pendingTickets <= limit) return null;
  return (
    <Badge tone="warning" className="whitespace-nowrap">
      Acima do limite
    </Badge>
  );
}

/**
 * /admin/events/:id/cpf-sales ('Vendas por CPF'): how many tickets each CPF holds for the event,
 * paid and pending apart, counted as the limit per CPF counts them, with its CSV.
 */
export function CpfSalesPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useCpfSales(id);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const isMissing = error instanceof ApiError && error.status === 404;

  useEffect(() => {
    if (isError && !isMissing) toast.error('Erro ao carregar as vendas por CPF');
  }, [isError, isMissing]);

  const limit = data?.event.maxTicketsPerCpf ?? null;
  const all = data?.cpfs ?? [];
  const rows = query ? all.filter((row) => matches(row, query)) : all;
  const paid = all.reduce((sum, row) => sum + row.paidTickets, 0);
  const pending = all.reduce((sum, row) => sum + row.pendingTickets, 0);

  const columns: DataTableColumn<CpfSales>[] = [
    { key: 'cpf', header: 'CPF', cell: (row) => <span className="font-mono whitespace-nowrap">{formatCpf(row.cpf)}</span> },
    {
      key: 'name',
      header: 'Nome',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          {row.name}
          <OverLimit row={row} limit={limit} />
        </span>
      ),
    },
    { key: 'paid', header: 'Pagos', className: 'text-right tabular-nums', cell: (row) => row.paidTickets },
    { key: 'pending', header: 'Pendentes', className: 'text-right tabular-nums', cell: (row) => row.pendingTickets },
    { key: 'orders', header: 'Pedidos', className: 'text-right tabular-nums', cell: (row) => row.orders },
  ];

  return (
    <>
      <EventReportHeader
        title="Vendas por CPF"
        eventId={id}
        event={data?.event}
        actions={
          all.length > 0 ? (
            <DownloadButton href={cpfSalesCsvUrl(id)} icon={Download}>
              Exportar CSV
            </DownloadButton>
          ) : null
        }
      />
      {isPending ? (
        <ListSkeleton count={5} />
      ) : isMissing ? (
        <EmptyState icon={FileSearch} title="Evento não encontrado" />
      ) : isError && !data ? (
        <LoadError icon={FileSearch} title="Erro ao carregar as vendas por CPF" onRetry={() => void refetch()} />
      ) : (
        <>
          <section aria-label="Resumo" className="mb-4 rounded-2xl border border-border bg-card p-4 text-sm">
            <p className="font-semibold">
              {plural(all.length, 'CPF', 'CPFs')} · {plural(paid, 'ingresso pago', 'ingressos pagos')} ·{' '}
              {plural(pending, 'pendente', 'pendentes')}
            </p>
            <p className="mt-1 text-muted">
              Contados como no limite por CPF
              {limit === null ? ' (sem limite neste evento)' : ` (${plural(limit, 'ingresso', 'ingressos')} por CPF)`}: a meia-entrada no
              CPF de quem a usa, os demais ingressos no CPF de quem comprou.
            </p>
            {data.withoutCpf.orders > 0 ? (
              <p className="mt-1 text-muted">
                Sem CPF (cortesias e compradores anonimizados): {plural(data.withoutCpf.paidTickets, 'ingresso pago', 'ingressos pagos')}
                {data.withoutCpf.pendingTickets > 0 ? `, ${plural(data.withoutCpf.pendingTickets, 'pendente', 'pendentes')}` : ''}.
              </p>
            ) : null}
          </section>
          {all.length === 0 ? (
            <EmptyState
              icon={FileSearch}
              title="Nenhuma venda ainda"
              description="Os CPFs aparecem aqui quando alguém compra ingressos deste evento."
            />
          ) : (
            <>
              <LabeledSearchInput
                id="cpf-search"
                label="Buscar"
                value={search}
                onChange={setSearch}
                placeholder="CPF ou nome"
                className="mb-4 max-w-md"
              />
              {rows.length === 0 ? (
                <EmptyState icon={FileSearch} title="Nenhum CPF encontrado" description="Tente outro CPF ou nome." />
              ) : (
                <DataTable
                  caption="Vendas por CPF"
                  columns={columns}
                  rows={rows}
                  rowKey={(row) => row.cpf}
                  renderCard={(row) => (
                    <div className="space-y-2">
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <p className="font-mono font-semibold">{formatCpf(row.cpf)}</p>
                          <p className="text-sm [overflow-wrap:anywhere] text-muted">{row.name}</p>
                        </div>
                        <OverLimit row={row} limit={limit} />
                      </div>
                      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-surface p-3 text-sm">
                        <div>
                          <dt className="text-muted">Pagos</dt>
                          <dd className="font-semibold tabular-nums">{row.paidTickets}</dd>
                        </div>
                        <div>
                          <dt className="text-muted">Pendentes</dt>
                          <dd className="font-semibold tabular-nums">{row.pendingTickets}</dd>
                        </div>
                        <div>
                          <dt className="text-muted">Pedidos</dt>
                          <dd className="font-semibold tabular-nums">{row.orders}</dd>
                        </div>
                      </dl>
                    </div>
                  )}
                />
              )}
            </>
          )}
        </>
      )}
    </>
  );
}
