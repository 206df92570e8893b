import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Clock, CreditCard, QrCode, Ticket, XCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { describeEventStart, formatInstant } from '../../../../shared/dates';
import { formatCentavos } from '../../../../shared/money';
import type { MyOrderTickets } from '../../../../shared/schemas/tickets';
import { formatCountdown, useCountdown } from '../../../lib/countdown';
import { ticketKeys } from '../api/keys';
import { OrderDetails } from './order-details';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '2x Pista, 1x VIP' from the order's placeholder tickets. */
function ticketSummary(order: MyOrderTickets): string {
  const counts = new Map<string, number>();
  for (const ticket of order.tickets) counts.set(ticket.sectorName, (counts.get(ticket.sectorName) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${count}x ${name}`).join(', ');
}

/**
 * A pending order in 'Meus ingressos' (docs/rules/sale.md 'Pending orders'): what it holds, the time left of its
 * hold, 'Continuar pagamento' (the PIX code again, or another card) and 'Cancelar pedido'.
 */
export function PendingOrderCard({
  order,
  onResume,
  onCancel,
}: {
  order: MyOrderTickets;
  onResume(order: MyOrderTickets): void;
  onCancel(order: MyOrderTickets): void;
}) {
  const queryClient = useQueryClient();
  const remainingMs = useCountdown(order.expiresAt);
  const isOver = remainingMs === 0;
  const headingId = `pending-order-${order.orderId}`;

  // The hold ended: the server releases the order; ask again shortly so it leaves the list.
  useEffect(() => {
    if (!isOver) return;
    const timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }), 3_000);
    return () => window.clearTimeout(timer);
  }, [isOver, queryClient]);

  return (
    <article aria-labelledby={headingId} className="rounded-3xl border-2 border-dashed border-amber-500/60 bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg leading-snug font-bold">
            {order.event.title}
          </h3>
          <p className="text-sm text-muted">
            Pedido #{order.orderId.slice(0, 8)} · Feito em {formatInstant(order.createdAt)}
          </p>
        </div>
        <Badge tone="warning" className="shrink-0">
          Pendente
        </Badge>
      </div>

      <ul className="mt-3 grid gap-1.5 text-sm text-muted sm:grid-cols-2">
        <li className="flex items-start gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{capitalize(describeEventStart(order.event.date, order.event.startTime).text)}</span>
        </li>
        <li className="flex items-start gap-2">
          <Ticket className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{ticketSummary(order)}</span>
        </li>
        <li className="flex items-start gap-2">
          {order.paymentMethod === 'pix' ? (
            <QrCode className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <CreditCard className="mt-0.5 size-4 shrink-0" aria-hidden />
          )}
          <span>
            {order.paymentMethod === 'pix' ? 'PIX' : 'Cartão de crédito'} ·{' '}
            <strong className="font-semibold text-fg tabular-nums">{formatCentavos(order.totalCentavos)}</strong>
          </span>
        </li>
      </ul>
      <OrderDetails orderId={order.orderId} className="mt-1" />

      {isOver ? (
        <p className="mt-4 flex items-center gap-2 rounded-xl bg-surface px-3 py-2.5 text-sm font-medium" role="status">
          <XCircle className="size-4 shrink-0 text-danger" aria-hidden />O prazo para pagamento deste pedido expirou.
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm">
            <Clock className="size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
            <span>
              Tempo restante:{' '}
              <strong role="timer" aria-live="off" className="font-bold tabular-nums">
                {formatCountdown(remainingMs)}
              </strong>
            </span>
          </p>
          <div className="flex flex-col-reverse gap-2 min-[400px]:grid min-[400px]:grid-cols-2 sm:flex sm:flex-row">
            <Button variant="outline" onClick={() => onCancel(order)}>
              Cancelar pedido
            </Button>
            <Button onClick={() => onResume(order)}>Continuar pagamento</Button>
          </div>
        </div>
      )}
    </article>
  );
}
