import { useState } from 'react';
import { ShoppingCart } from 'lucide-react';
import type { EventDetail, TicketTypeView } from '../../../../shared/schemas/events';
import { formatCentavos } from '../../../../shared/money';
import { MAX_TICKETS_PER_TYPE } from '../../../../shared/order-limits';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ticketPriceText } from './price-text';
import { QuantityStepper } from './quantity-stepper';

export interface TicketSelection {
  ticketTypeId: string;
  quantity: number;
}

interface TicketTypePickerProps {
  event: EventDetail;
  onBuy(selection: TicketSelection[], event: EventDetail): void;
}

function remainingText(remaining: number) {
  if (remaining <= 0) return 'Esgotado';
  return remaining === 1 ? '1 disponível' : `${remaining} disponíveis`;
}

/** 'Tipos de ingresso' (SPEC.md section 2): quantities per type, subtotal, total and the buy button. */
export function TicketTypePicker({ event, onBuy }: TicketTypePickerProps) {
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const chosen = event.ticketTypes
    .map((type) => ({ type, quantity: quantities[type.id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const count = chosen.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = chosen.reduce((sum, line) => sum + line.quantity * line.type.priceCentavos, 0);
  const isSoldOut = event.ticketTypes.length > 0 && event.ticketTypes.every((type) => type.remaining <= 0);

  return (
    <section aria-labelledby="ticket-types-title" className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="ticket-types-title" className="text-xl font-bold">
        Tipos de ingresso
      </h2>
      {event.isCancelled ? (
        <p className="mt-3 rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium">Evento cancelado: as vendas foram encerradas.</p>
      ) : event.isPast ? (
        <p className="mt-3 rounded-xl bg-surface px-3 py-2 text-sm font-medium">Vendas encerradas: este evento já aconteceu.</p>
      ) : null}
      {event.ticketTypes.length === 0 ? (
        <p className="mt-3 text-muted">Nenhum ingresso à venda no momento.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {event.ticketTypes.map((type) => (
            <TicketTypeRow
              key={type.id}
              type={type}
              quantity={quantities[type.id] ?? 0}
              isDisabled={event.isPast || event.isCancelled}
              onChange={(quantity) => setQuantities((current) => ({ ...current, [type.id]: quantity }))}
            />
          ))}
        </ul>
      )}
      {count > 0 ? (
        <div className="mt-4 border-t border-border pt-4">
          <ul className="space-y-1 text-sm text-muted">
            {chosen.map(({ type, quantity }) => (
              <li key={type.id} className="flex justify-between gap-3">
                <span>
                  {quantity}x {type.name}
                </span>
                <span className="tabular-nums">{formatCentavos(quantity * type.priceCentavos)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1">
            <div className="flex justify-between gap-3 text-sm">
              <dt className="text-muted">Subtotal</dt>
              <dd className="tabular-nums">{formatCentavos(subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-lg font-bold">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatCentavos(subtotal)}</dd>
            </div>
          </dl>
          <Button
            size="lg"
            className="mt-4 w-full"
            onClick={() => onBuy(chosen.map(({ type, quantity }) => ({ ticketTypeId: type.id, quantity })), event)}
          >
            <ShoppingCart aria-hidden className="size-5" />
            {`Comprar ${count} ingresso(s)`}
          </Button>
        </div>
      ) : isSoldOut && !event.isPast && !event.isCancelled ? (
        <p role="status" className="mt-4 rounded-xl bg-surface px-3 py-2 text-sm font-medium">
          Ingressos esgotados: não há mais ingressos à venda para este evento.
        </p>
      ) : event.ticketTypes.length > 0 && !event.isPast && !event.isCancelled ? (
        <p className="mt-4 text-sm text-muted">Escolha a quantidade para continuar.</p>
      ) : null}
    </section>
  );
}

interface TicketTypeRowProps {
  type: TicketTypeView;
  quantity: number;
  isDisabled: boolean;
  onChange(quantity: number): void;
}

function TicketTypeRow({ type, quantity, isDisabled, onChange }: TicketTypeRowProps) {
  const isSoldOut = type.remaining <= 0;
  return (
    <li className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <h3 className="font-semibold [overflow-wrap:anywhere]">{type.name}</h3>
        <p className="text-lg font-bold">{ticketPriceText(type.priceCentavos)}</p>
        {type.description ? <p className="mt-0.5 text-sm text-muted">{type.description}</p> : null}
        <p className={cn('mt-1 text-xs font-semibold', isSoldOut ? 'text-danger' : 'text-success')}>
          {remainingText(type.remaining)}
        </p>
      </div>
      <QuantityStepper
        name={type.name}
        value={quantity}
        max={Math.min(type.remaining, MAX_TICKETS_PER_TYPE)}
        isDisabled={isDisabled || isSoldOut}
        onChange={onChange}
      />
    </li>
  );
}
