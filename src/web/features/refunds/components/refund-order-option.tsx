import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CalendarDays, Ticket } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatEventDateShort, formatEventTime } from '../../../../shared/dates';
import { formatCentavos } from '../../../../shared/money';
import { refundIneligibilityLabel, type RefundableOrder } from '../../../../shared/schemas/refunds';

/**
 * One order to pick: event, tickets, amount; greyed out and not selectable when none of its
 * tickets can be refunded. Once picked, its tickets are listed one by one under it (`children`).
 */
export function RefundOrderOption({
  order,
  registration,
  describedBy,
  isSelected = false,
  children,
}: {
  order: RefundableOrder;
  /** The form's radio registration; left out for an order that cannot be picked. */
  registration?: UseFormRegisterReturn<'orderId'>;
  describedBy?: string;
  isSelected?: boolean;
  children?: ReactNode;
}) {
  const id = `refund-order-${order.orderId}`;
  const tickets = order.items.map((item) => `${item.quantity}x ${item.sectorName}`).join(', ');
  return (
    <li
      className={cn(
        'rounded-2xl border transition',
        !order.eligible
          ? 'border-dashed border-border bg-surface/60 opacity-70'
          : isSelected
            ? 'border-accent bg-accent/5 ring-2 ring-accent/30'
            : 'border-border bg-card hover:border-accent/60',
      )}
    >
      <label
        htmlFor={id}
        aria-disabled={order.eligible ? undefined : true}
        className={cn('flex gap-3 p-4', order.eligible ? 'cursor-pointer' : 'cursor-not-allowed')}
      >
        <input
          id={id}
          type="radio"
          value={order.orderId}
          aria-describedby={describedBy}
          className="mt-1 size-5 shrink-0 accent-accent"
          {...(registration ?? { name: 'orderId' })}
          disabled={!order.eligible || !registration}
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-3">
            <span className="min-w-0 leading-snug font-bold break-words">{order.event.title}</span>
            {order.reason ? (
              <Badge tone={order.reason === 'already_requested' ? 'warning' : 'neutral'} className="shrink-0">
                {refundIneligibilityLabel[order.reason]}
              </Badge>
            ) : null}
          </span>
          <span className="mt-1.5 flex items-center gap-2 text-sm text-muted">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            {formatEventDateShort(order.event.date)} · {formatEventTime(order.event.startTime)}
          </span>
          <span className="mt-1 flex items-start gap-2 text-sm text-muted">
            <Ticket className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{tickets}</span>
          </span>
          <span className="mt-2 flex items-baseline justify-between gap-3 text-sm">
            <span className="text-muted">Pedido #{order.orderId.slice(0, 8)}</span>
            <span className="font-bold tabular-nums">{formatCentavos(order.amountCentavos)}</span>
          </span>
        </span>
      </label>
      {children}
    </li>
  );
}
