import { CalendarDays, MapPin } from 'lucide-react';
import type { EventDetail } from '../../../../shared/schemas/events';
import { formatCentavos } from '../../../../shared/money';
import { formatEventDate, formatEventTime } from '../../../../shared/dates';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface SelectedLine {
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceCentavos: number;
}

/**
 * Event and chosen tickets with the total (after the coupon's discount, when one is applied);
 * amounts are for display, the server prices the order.
 */
export function OrderSummary({
  event,
  lines,
  totalCentavos,
  discount,
}: {
  event: Pick<EventDetail, 'title' | 'date' | 'startTime' | 'location'>;
  lines: SelectedLine[];
  totalCentavos: number;
  discount?: { code?: string; subtotalCentavos: number; discountCentavos: number } | null;
}) {
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-2xl border border-border bg-surface/60 p-4">
      <h3 id="checkout-summary-title" className="text-base leading-snug font-bold">
        {event.title}
      </h3>
      <ul className="mt-2 space-y-1 text-sm text-muted">
        <li className="flex items-start gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {capitalize(formatEventDate(event.date))} · {formatEventTime(event.startTime)}
          </span>
        </li>
        <li className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{event.location}</span>
        </li>
      </ul>
      <div className="mt-3 border-t border-border pt-3">
        <h4 className="sr-only">Ingressos selecionados</h4>
        <ul className="space-y-1.5 text-sm">
          {lines.map((line) => (
            <li key={line.ticketTypeId} className="flex justify-between gap-3">
              <span>
                {line.quantity} x {line.name}
              </span>
              <span className="shrink-0 tabular-nums">{formatCentavos(line.quantity * line.unitPriceCentavos)}</span>
            </li>
          ))}
        </ul>
        {discount ? (
          <dl className="mt-3 space-y-1.5 border-t border-border pt-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{formatCentavos(discount.subtotalCentavos)}</dd>
            </div>
            <div className="flex justify-between gap-3 font-medium text-success">
              <dt>
                Desconto
                {discount.code ? (
                  <>
                    {' '}
                    (<span className="font-mono">{discount.code}</span>)
                  </>
                ) : null}
              </dt>
              <dd className="tabular-nums">-{formatCentavos(discount.discountCentavos)}</dd>
            </div>
          </dl>
        ) : null}
        <p className="mt-3 flex items-baseline justify-between gap-3 border-t border-border pt-3 font-bold">
          <span>Total</span>
          <span className="text-lg tabular-nums">{totalCentavos === 0 ? 'Gratuito' : formatCentavos(totalCentavos)}</span>
        </p>
      </div>
    </section>
  );
}
