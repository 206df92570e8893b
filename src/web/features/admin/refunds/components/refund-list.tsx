import { Link } from 'react-router';
import { AlertTriangle, Check, History, X } from 'lucide-react';
import { refundFailureReasonLabel, refundOriginLabel, type AdminRefund } from '../../../../../shared/schemas/admin-refunds';
import { formatEventDateShort, formatInstant } from '../../../../../shared/dates';
import { formatCentavos } from '../../../../../shared/money';
import { paymentMethodLabel } from '../../../../../shared/statuses';
import { Button } from '../../../../components/ui/button';
import { TableHead } from '../../components/table-head';
import { RefundStatusBadge } from './refund-status-badge';
import type { RefundDecision } from './decide-refund-dialog';

export interface RefundListProps {
  refunds: AdminRefund[];
  onDecide(refund: AdminRefund, decision: RefundDecision): void;
}

function ticketsLabel(count: number) {
  return count === 1 ? '1 ingresso' : `${count} ingressos`;
}

function DecisionButtons({ refund, onDecide }: { refund: AdminRefund; onDecide: RefundListProps['onDecide'] }) {
  const who = `${refund.buyer.name}, ${refund.event.title}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onDecide(refund, 'approve')}
          disabled={refund.hasCheckedInTicket}
          aria-label={`Aprovar reembolso de ${who}`}
        >
          <Check aria-hidden className="size-4 text-success" />
          Aprovar
        </Button>
        <Button variant="outline" size="sm" onClick={() => onDecide(refund, 'reject')} aria-label={`Rejeitar reembolso de ${who}`}>
          <X aria-hidden className="size-4 text-danger" />
          Rejeitar
        </Button>
      </div>
      {refund.hasCheckedInTicket ? (
        <p className="flex items-start gap-1.5 text-xs text-muted">
          <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0 text-amber-600 dark:text-amber-400" />
          Ingresso já utilizado na entrada: não pode ser reembolsado.
        </p>
      ) : null}
    </div>
  );
}

/** The provider refused the last attempt at paying it back; the worker tries again. */
function PaymentFailure({ failure }: { failure: NonNullable<AdminRefund['paymentFailure']> }) {
  const reason = failure.reason ? (refundFailureReasonLabel[failure.reason] ?? failure.reason) : null;
  return (
    <div className="space-y-0.5 pt-1">
      <p className="flex items-start gap-1.5 text-xs font-semibold text-amber-800 dark:text-amber-300">
        <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
        Falhou — nova tentativa agendada
      </p>
      <p className="text-xs text-muted">
        {reason ? `Motivo: ${reason}. ` : ''}
        {failure.failedAttempts === 1 ? '1 tentativa falhou' : `${failure.failedAttempts} tentativas falharam`}, a última em{' '}
        {formatInstant(failure.failedAt)}.
      </p>
    </div>
  );
}

/**
 * What no admin decided, by who started it: the buyer's own 'Cancelar compra' within the 7 days
 * (docs/rules/refunds.md 'Withdrawal (CDC art. 49)') and the payments the system pays back as it records them.
 */
const decidedWithoutAdmin: Partial<Record<AdminRefund['origin'], string>> = {
  withdrawal: 'Desistência do comprador (automática)',
  late_payment: 'Aprovado automaticamente',
  duplicate_payment: 'Aprovado automaticamente',
};

/** Who decided, when, and the notes; or the buttons while pending. */
function Decision({ refund, onDecide }: { refund: AdminRefund; onDecide: RefundListProps['onDecide'] }) {
  if (refund.status === 'pending') return <DecisionButtons refund={refund} onDecide={onDecide} />;
  const automatic = refund.processedBy ? undefined : decidedWithoutAdmin[refund.origin];
  return (
    <div className="min-w-0 space-y-0.5">
      {automatic ? (
        <p className="text-xs">{automatic}</p>
      ) : (
        <p className="text-xs">
          {refund.status === 'rejected' ? 'Rejeitado' : 'Aprovado'} por{' '}
          {/* Only an admin's decision can lose its author: the account was deleted since. */}
          <span className="font-semibold">{refund.processedBy?.name ?? 'conta removida'}</span>
        </p>
      )}
      {refund.processedBy ? (
        <p className="truncate text-xs text-muted" title={refund.processedBy.email}>
          {refund.processedBy.email}
        </p>
      ) : null}
      {refund.processedAt ? <p className="text-xs text-muted">em {formatInstant(refund.processedAt)}</p> : null}
      {refund.paymentFailure ? (
        <PaymentFailure failure={refund.paymentFailure} />
      ) : refund.status === 'approved' ? (
        <p className="text-xs text-muted">Devolução do pagamento em andamento.</p>
      ) : null}
      {refund.adminNotes ? (
        <p className="pt-1 text-xs break-words whitespace-pre-line">
          <span className="font-semibold">Observações:</span> {refund.adminNotes}
        </p>
      ) : null}
    </div>
  );
}

function EventCell({ refund }: { refund: AdminRefund }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold leading-snug">{refund.event.title}</p>
      <p className="text-xs text-muted">{formatEventDateShort(refund.event.date)}</p>
      <p className="text-xs text-muted">Solicitação #{refund.id.slice(0, 8)}</p>
      {refund.origin === 'request' ? null : <p className="text-xs font-medium">{refundOriginLabel[refund.origin]}</p>}
      {/* 'Histórico' of the order (docs/screens.md 'Histórico'). */}
      <Link
        to={`/admin/audit?orderId=${refund.orderId}`}
        className="mt-1 inline-flex items-center gap-1 rounded text-xs font-medium underline decoration-border underline-offset-2 hover:decoration-fg"
      >
        <History aria-hidden className="size-3.5" />
        Histórico do pedido
        <span className="sr-only"> #{refund.orderId.slice(0, 8)}</span>
      </Link>
    </div>
  );
}

function BuyerCell({ refund, truncate }: { refund: AdminRefund; truncate?: boolean }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{refund.buyer.name}</p>
      <p
        className={truncate ? 'truncate text-xs text-muted' : 'text-xs break-all text-muted'}
        title={truncate ? refund.buyer.email : undefined}
      >
        {refund.buyer.email}
      </p>
    </div>
  );
}

function RequestedAt({ refund }: { refund: AdminRefund }) {
  const [date, time] = formatInstant(refund.requestedAt).split(' às ');
  return (
    <time dateTime={refund.requestedAt}>
      {date}
      <span className="block text-muted">às {time}</span>
    </time>
  );
}

function AmountCell({ refund }: { refund: AdminRefund }) {
  return (
    <div>
      <p className="font-semibold whitespace-nowrap">{formatCentavos(refund.amountCentavos)}</p>
      <p className="text-xs whitespace-nowrap text-muted">
        {paymentMethodLabel[refund.paymentMethod]} · {ticketsLabel(refund.ticketCount)}
      </p>
    </div>
  );
}

function Reason({ refund, clamp }: { refund: AdminRefund; clamp?: boolean }) {
  return (
    <p className={clamp ? 'line-clamp-3 break-words' : 'break-words whitespace-pre-line'} title={clamp ? refund.reason : undefined}>
      {refund.reason}
    </p>
  );
}

/** The refunds as a table on wide screens and as cards on phones and tablets. */
export function RefundList({ refunds, onDecide }: RefundListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-border bg-card lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Solicitações de reembolso</caption>
          <TableHead
            className="border-b border-border bg-surface/60 text-xs tracking-wide text-muted uppercase"
            cellClassName="px-3 py-3 font-semibold"
            columns={[
              { label: 'Evento', className: 'pl-4' },
              { label: 'Comprador' },
              { label: 'Valor' },
              { label: 'Motivo' },
              { label: 'Solicitado em', className: 'whitespace-nowrap' },
              { label: 'Status', className: 'pr-4' },
            ]}
          />
          <tbody className="divide-y divide-border">
            {refunds.map((refund) => (
              <tr key={refund.id} className="align-top">
                <td className="w-[17%] px-3 py-3 pl-4">
                  <EventCell refund={refund} />
                </td>
                <td className="w-[16%] max-w-0 px-3 py-3">
                  <BuyerCell refund={refund} truncate />
                </td>
                <td className="px-3 py-3">
                  <AmountCell refund={refund} />
                </td>
                <td className="w-[20%] px-3 py-3">
                  <Reason refund={refund} clamp />
                </td>
                <td className="px-3 py-3 text-xs whitespace-nowrap">
                  <RequestedAt refund={refund} />
                </td>
                <td className="w-[27%] px-3 py-3 pr-4">
                  <div className="space-y-2">
                    <RefundStatusBadge status={refund.status} />
                    <Decision refund={refund} onDecide={onDecide} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Solicitações de reembolso" className="space-y-3 lg:hidden">
        {refunds.map((refund) => (
          <li key={refund.id} className="rounded-2xl border border-border bg-card p-4">
            <div className="flex items-start justify-between gap-3">
              <EventCell refund={refund} />
              <RefundStatusBadge status={refund.status} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl bg-surface p-3 text-sm">
              <div className="col-span-2 min-w-0 sm:col-span-1">
                <dt className="text-xs text-muted">Comprador</dt>
                <dd>
                  <BuyerCell refund={refund} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Valor</dt>
                <dd>
                  <AmountCell refund={refund} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Solicitado em</dt>
                <dd className="text-sm">
                  <RequestedAt refund={refund} />
                </dd>
              </div>
            </dl>
            <div className="mt-3 text-sm">
              <p className="text-xs text-muted">Motivo</p>
              <Reason refund={refund} />
            </div>
            <div className="mt-3 border-t border-border pt-3">
              <Decision refund={refund} onDecide={onDecide} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
