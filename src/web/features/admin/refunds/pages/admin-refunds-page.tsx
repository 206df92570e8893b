import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, CircleSlash, ReceiptText, ShieldX } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminRefund } from '../../../../../shared/schemas/admin-refunds';
import { refundStatuses, type RefundStatus } from '../../../../../shared/statuses';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api';
import { EmptyState } from '../../../../components/empty-state';
import { LoadError } from '../../../../components/load-error';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { PageHeader } from '../../components/page-header';
import { useAdminRefunds } from '../api/list-admin-refunds';
import { DecideRefundDialog, type RefundDecision } from '../components/decide-refund-dialog';
import { RefundList } from '../components/refund-list';
import { refundFilters, RefundStatusFilter } from '../components/refund-status-filter';

function readStatus(value: string | null): RefundStatus | null {
  return (refundStatuses as readonly string[]).includes(value ?? '') ? (value as RefundStatus) : null;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const emptyText: Record<RefundStatus | 'all', string> = {
  all: 'Nenhuma solicitação de reembolso até agora.',
  pending: 'Nenhum reembolso pendente. Tudo em dia!',
  approved: 'Nenhum reembolso aprovado aguardando devolução.',
  rejected: 'Nenhum reembolso rejeitado.',
  processed: 'Nenhum reembolso processado.',
};

/**
 * /admin/refunds (docs/screens.md 'Admin area', docs/rules/refunds.md 'Refund status'): requests
 * newest first, a status filter in the URL, approve or reject a pending one with optional notes,
 * and who decided and when.
 */
export function AdminRefundsPage() {
  const [searchParams] = useSearchParams();
  const status = readStatus(searchParams.get('status'));
  const page = readPage(searchParams.get('page'));
  const { data, isPending, isError, error, refetch, isFetching } = useAdminRefunds({ status, page });
  const [target, setTarget] = useState<{ refund: AdminRefund; decision: RefundDecision } | null>(null);

  const isForbidden = error instanceof ApiError && error.status === 403;
  useEffect(() => {
    if (isError && !isForbidden) toast.error('Erro ao carregar reembolsos');
  }, [isError, isForbidden]);

  const refunds = data?.refunds ?? [];
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filterLabel = refundFilters.find((f) => f.status === status)?.label ?? 'Todos';
  const pageLink = (next: number) => {
    const params = new URLSearchParams();
    if (status) params.set('status', status);
    if (next > 1) params.set('page', String(next));
    return { search: params.toString() ? `?${params}` : '' };
  };

  return (
    <>
      <PageHeader title="Reembolsos" description="Aprove ou rejeite as solicitações de reembolso dos compradores." />
      {isForbidden ? (
        <EmptyState icon={ShieldX} title={error.message} />
      ) : (
        <>
          <RefundStatusFilter current={status} counts={data?.counts} />
          {isPending ? (
            <ListSkeleton count={5} className="h-28" />
          ) : isError && !data ? (
            <LoadError icon={CircleSlash} title="Erro ao carregar reembolsos" onRetry={() => void refetch()} />
          ) : refunds.length === 0 ? (
            <EmptyState icon={ReceiptText} title="Nenhum reembolso encontrado" description={emptyText[status ?? 'all']} />
          ) : (
            <div aria-busy={isFetching}>
              <p className="mb-3 text-sm text-muted" aria-live="polite">
                {filterLabel}: {data.total === 1 ? '1 solicitação' : `${data.total} solicitações`}
              </p>
              <RefundList refunds={refunds} onDecide={(refund, decision) => setTarget({ refund, decision })} />
              {pageCount > 1 ? (
                <nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-3">
                  <Button asChild variant="outline" size="sm" className={page <= 1 ? 'pointer-events-none opacity-50' : undefined}>
                    <Link to={pageLink(page - 1)} aria-disabled={page <= 1} tabIndex={page <= 1 ? -1 : undefined}>
                      <ChevronLeft aria-hidden className="size-4" />
                      Anterior
                    </Link>
                  </Button>
                  <p className="text-sm text-muted">
                    Página {page} de {pageCount}
                  </p>
                  <Button asChild variant="outline" size="sm" className={page >= pageCount ? 'pointer-events-none opacity-50' : undefined}>
                    <Link to={pageLink(page + 1)} aria-disabled={page >= pageCount} tabIndex={page >= pageCount ? -1 : undefined}>
                      Próxima
                      <ChevronRight aria-hidden className="size-4" />
                    </Link>
                  </Button>
                </nav>
              ) : null}
            </div>
          )}
        </>
      )}
      <DecideRefundDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
