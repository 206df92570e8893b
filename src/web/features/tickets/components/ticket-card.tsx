import { useState } from 'react';
import { CalendarDays, CalendarRange, CheckCircle2, Clock, MapPin, QrCode, Send } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { describeEventStart, formatInstant } from '../../../../shared/dates';
import { ticketStatusLabel } from '../../../../shared/ticket-status';
import type { MyOrderTickets, TicketDisplayStatus, TicketView } from '../../../../shared/schemas/tickets';
import { cn } from '../../../lib/cn';
import { AgeRatingBadge } from '../../../components/age-rating-badge';
import { ageRatingDescription, minorsRule } from '../../../../shared/event-info';
import type { TicketPeople } from '../../../../shared/schemas/transfers';
import { TicketQrDialog } from './ticket-qr-dialog';
import { TicketPeopleActions } from './ticket-people-actions';

const badgeTone: Record<TicketDisplayStatus, 'success' | 'neutral' | 'warning' | 'danger'> = {
  valid: 'success',
  used: 'neutral',
  expired: 'neutral',
  pending: 'warning',
  refunded: 'neutral',
  cancelled: 'danger',
  transferred: 'neutral',
};

/**
 * One admission: type, date, place, status; 'Ver QR Code' only while it can admit (docs/rules/tickets.md 'Ticket status');
 * one the fan transferred away reads 'Transferido para <recipient> em dd/mm', with no QR (docs/rules/transfers.md 'Ownership').
 * Its date is the start of the session it is valid for on an event with sessions (docs/rules/sessions.md 'The session of
 * a ticket'), else the event's, worded as its night (describeEventStart: 'quinta-feira, 26 de novembro de 2026 · 00:30 (madrugada de sexta)').
 */
export function TicketCard({
  event,
  ticket,
  position,
  count,
  typeNumber,
  people,
}: {
  event: MyOrderTickets['event'];
  ticket: TicketView;
  position: number;
  count: number;
  /** Its number among the order's tickets of the same type, when there are several (download name). */
  typeNumber?: number;
  /** Its holder and transfers (GET /api/tickets/people); absent offline or while loading: no actions. */
  people?: TicketPeople;
}) {
  const [isQrOpen, setQrOpen] = useState(false);
  const status = ticket.displayStatus;
  const canShowQr = status === 'valid' && Boolean(ticket.code);

  return (
    <li
      className={cn(
        'relative flex min-w-0 flex-col rounded-2xl border bg-card p-4 shadow-sm',
        status === 'valid' ? 'border-border' : 'border-border/70',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="leading-snug font-bold">{ticket.sectorName}</h4>
          {ticket.holderName ? <p className="text-sm break-words">{ticket.holderName}</p> : null}
          {count > 1 ? (
            <p className="text-xs text-muted">
              Ingresso {position} de {count}
            </p>
          ) : null}
        </div>
        <Badge tone={badgeTone[status]} className="shrink-0">
          {ticketStatusLabel[status]}
        </Badge>
      </div>

      <ul className="mt-3 space-y-1.5 text-sm text-muted">
        <li className="flex items-start gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span data-testid="ticket-when" className="first-letter:uppercase">
            {describeEventStart((ticket.session ?? event).date, (ticket.session ?? event).startTime).text}
          </span>
        </li>
        <li className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{event.location}</span>
        </li>
        {event.ageRating ? (
          <li className="flex items-start gap-2" data-testid="ticket-age-rating">
            <AgeRatingBadge rating={event.ageRating} className="-ml-0.5" />
            <span>{minorsRule(event.ageRating, event.minorsAccompanied) ?? ageRatingDescription(event.ageRating)}</span>
          </li>
        ) : null}
        {ticket.sessions && ticket.sessions.length > 0 ? (
          <li className="flex items-start gap-2" data-testid="ticket-sessions">
            <CalendarRange className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>Vale para: {ticket.sessions.join('; ')}</span>
          </li>
        ) : null}
      </ul>

      <div className="mt-auto pt-4">
        {canShowQr ? (
          <Button className="w-full" onClick={() => setQrOpen(true)}>
            <QrCode className="size-5" aria-hidden /> Ver QR Code
          </Button>
        ) : status === 'used' ? (
          <p className="flex items-center gap-2 rounded-xl bg-success/10 px-3 py-2.5 text-sm font-medium">
            <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden />
            <span>Utilizado em: {ticket.checkedInAt ? formatInstant(ticket.checkedInAt) : '—'}</span>
          </p>
        ) : status === 'transferred' && ticket.transferredTo ? (
          <p className="flex items-start gap-2 rounded-xl bg-surface px-3 py-2.5 text-sm" data-testid="ticket-transferred-to">
            <Send className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              Transferido para <strong className="font-semibold">{ticket.transferredTo.name}</strong> em{' '}
              {formatInstant(ticket.transferredTo.at).slice(0, 5)}
            </span>
          </p>
        ) : status === 'pending' ? (
          <p className="flex items-center gap-2 rounded-xl bg-surface px-3 py-2.5 text-sm">
            <Clock className="size-4 shrink-0" aria-hidden />
            Aguardando confirmação do pagamento
          </p>
        ) : null}
        {people ? <TicketPeopleActions people={people} /> : null}
      </div>

      {/* Kept while open after the ticket is admitted, so the QR screen itself turns 'Utilizado'. */}
      {canShowQr || isQrOpen ? (
        <TicketQrDialog open={isQrOpen} onOpenChange={setQrOpen} event={event} ticket={ticket} typeNumber={typeNumber} />
      ) : null}
    </li>
  );
}
