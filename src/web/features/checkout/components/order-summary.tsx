import type { ReactNode } from 'react';
import { CalendarDays, MapPin } from 'lucide-react';
import type { EventDetail } from '../../../../shared/schemas/events';
import { formatCentavos } from '../../../../shared/money';
import { formatEventDate, formatEventTime } from '../../../../shared/dates';
import { ageRatingDescription, minorsRule } from '../../../../shared/event-info';
import { AgeRatingBadge } from '../../../components/age-rating-badge';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface SummaryItem {
  key: string;
  /** 'Pista', 'Pista · Meia-entrada (Estudante)'. */
  name: string;
  /** '2º lote'; null when unknown. */
  lotName: string | null;
  quantity: number;
  unitPriceCentavos: number;
}

export interface SummaryAmounts {
  subtotalCentavos: number;
  discountCentavos: number;
  /** The applied code, shown beside the discount. */
  discountCode?: string | null;
  /** The service fee the buyer pays ('Taxa de serviço'); 0 hides the line. */
  feeCentavos: number;
  totalCentavos: number;
}

/**
 * Event and tickets with their lots, the discount, the service fee and the total: the server's
 * quote in the checkout, the order's own amounts once placed.
 */
export function OrderSummary({
  event,
  items,
  amounts,
  feeNote,
  status,
  headingLevel = 3,
}: {
  /** With its age rating when known (the checkout's event): the badge and its sentence show under the venue. */
  event: Pick<EventDetail, 'title' | 'date' | 'startTime' | 'location'> & Partial<Pick<EventDetail, 'ageRating' | 'minorsAccompanied'>>;
  items: SummaryItem[];
  amounts: SummaryAmounts;
  /** Under the fee line: when the fee goes back on a refund. */
  feeNote?: string;
  /** Under the total: the quote being asked again, a refusal, a price that changed. */
  status?: ReactNode;
  /** The title's heading level: 3 inside the checkout's dialog, 2 on a page under its h1. */
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const Subtitle = headingLevel === 2 ? 'h3' : 'h4';
  const { subtotalCentavos, discountCentavos, discountCode, feeCentavos, totalCentavos } = amounts;
  const minors = minorsRule(event.ageRating ?? null, event.minorsAccompanied ?? false);
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-2xl border border-border bg-surface/60 p-4">
      <Title id="checkout-summary-title" className="text-base leading-snug font-bold">
        {event.title}
      </Title>
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
        {event.ageRating ? (
          <li className="flex items-start gap-2">
            <AgeRatingBadge rating={event.ageRating} className="-ml-0.5" />
            <span>
              {ageRatingDescription(event.ageRating)}
              {minors ? `. ${minors}` : null}
            </span>
          </li>
        ) : null}
      </ul>
      <div className="mt-3 border-t border-border pt-3">
        <Subtitle className="sr-only">Ingressos selecionados</Subtitle>
        <ul className="space-y-1.5 text-sm" aria-label="Ingressos do pedido">
          {items.map((item) => (
            <li key={item.key} className="flex justify-between gap-3">
              <span className="min-w-0">
                {item.quantity} x {item.name}
                {item.lotName ? <span className="block text-xs text-muted">{item.lotName}</span> : null}
              </span>
              <span className="shrink-0 tabular-nums">{formatCentavos(item.quantity * item.unitPriceCentavos)}</span>
            </li>
          ))}
        </ul>
        {discountCentavos > 0 || feeCentavos > 0 ? (
          <dl className="mt-3 space-y-1.5 border-t border-border pt-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{formatCentavos(subtotalCentavos)}</dd>
            </div>
            {discountCentavos > 0 ? (
              <div className="flex justify-between gap-3 font-medium text-success">
                <dt>
                  Desconto
                  {discountCode ? (
                    <>
                      {' '}
                      (<span className="font-mono">{discountCode}</span>)
                    </>
                  ) : null}
                </dt>
                <dd className="tabular-nums">-{formatCentavos(discountCentavos)}</dd>
              </div>
            ) : null}
            {feeCentavos > 0 ? (
              <div className="flex justify-between gap-3">
                <dt>Taxa de serviço</dt>
                <dd className="tabular-nums">{formatCentavos(feeCentavos)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {feeCentavos > 0 && feeNote ? <p className="mt-1.5 text-xs text-muted">{feeNote}</p> : null}
        <p className="mt-3 flex items-baseline justify-between gap-3 border-t border-border pt-3 font-bold">
          <span>Total</span>
          <span className="text-lg tabular-nums">{totalCentavos === 0 ? 'Gratuito' : formatCentavos(totalCentavos)}</span>
        </p>
        {status}
      </div>
    </section>
  );
}
