import { MessageSquareText, ReceiptText } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatInstant } from '../../../../shared/dates';
import { formatCentavos } from '../../../../shared/money';
import { refundStatusLabel, type MyRefund, type RefundStatus } from '../../../../shared/schemas/refunds';
import { useMyRefunds } from '../api/get-my-refunds';
import { LoadError } from '../../../components/load-error';

const statusTone: Record<RefundStatus, 'warning' | 'success' | 'danger' | 'neutral'> = {
  pending: 'warning',
  approved: 'neutral',
  rejected: 'danger',
  processed: 'success',
};

/** The user's own requests, newest first, with the id cut to 8 characters (docs/screens.md 'Numbers on screens'). */
export function MyRefundsList() {
  const { data: refunds, isLoading, isError, refetch, isRefetching } = useMyRefunds();

  if (isLoading) {
    return (
      <div role="status" aria-label="Carregando solicitações" className="space-y-3">
        {[0, 1].map((i) => (
          <div key={i} className="rounded-2xl border border-border bg-card p-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
          </div>
        ))}
      </div>
    );
  }
  if (isError) {
    return <LoadError title="Erro ao carregar reembolsos" onRetry={() => refetch()} retrying={isRefetching} compact />;
  }
  if (!refunds?.length) {
    return (
      <p className="flex items-center gap-3 rounded-2xl border border-dashed border-border p-5 text-muted">
        <ReceiptText className="size-5 shrink-0" aria-hidden />
        Você ainda não fez nenhuma solicitação de reembolso.
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Minhas solicitações de reembolso">
      {refunds.map((refund) => (
        <RefundItem key={refund.id} refund={refund} />
      ))}
    </ul>
  );
}

function RefundItem({ refund }: { refund: MyRefund }) {
  return (
    <li className="rounded-2xl border border-border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">
            Reembolso <span className="font-mono normal-case">#{refund.id.slice(0, 8)}</span>
          </p>
          <h3 className="mt-0.5 leading-snug font-bold">{refund.eventTitle}</h3>
        </div>
        <Badge tone={statusTone[refund.status]} className="shrink-0">
          {refundStatusLabel[refund.status]}
        </Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Ingressos</dt>
        <dd className="text-right tabular-nums">{refund.ticketCount === 1 ? '1 ingresso' : `${refund.ticketCount} ingressos`}</dd>
        <dt className="text-muted">Valor</dt>
        <dd className="text-right font-semibold tabular-nums">{formatCentavos(refund.amountCentavos)}</dd>
        <dt className="text-muted">Solicitado em</dt>
        <dd className="text-right tabular-nums">{formatInstant(refund.requestedAt)}</dd>
        {refund.processedAt ? (
          <>
            <dt className="text-muted">Analisado em</dt>
            <dd className="text-right tabular-nums">{formatInstant(refund.processedAt)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 text-sm break-words">
        <span className="text-muted">Motivo: </span>
        {refund.reason}
      </p>
      {refund.adminNotes ? (
        <div className="mt-3 flex gap-2 rounded-xl bg-surface px-3 py-2.5 text-sm">
          <MessageSquareText className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
          <p className="min-w-0 break-words">
            <span className="font-semibold">Observação da equipe: </span>
            {refund.adminNotes}
          </p>
        </div>
      ) : null}
    </li>
  );
}
