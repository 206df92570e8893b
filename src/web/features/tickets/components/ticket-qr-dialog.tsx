import { type KeyboardEvent, type TouchEvent, useEffect, useRef, useState } from 'react';
import { CalendarDays, CheckCircle2, ChevronLeft, ChevronRight, Download, MapPin } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { describeEventStart, formatInstant } from '../../../../shared/dates';
import type { MyOrderTickets, TicketView } from '../../../../shared/schemas/tickets';
import { ticketFileName } from '../lib/split-orders';
import { useMyTickets } from '../api/get-my-tickets';
import { useQrPayload, useTicketQr } from '../hooks/use-ticket-qr';
import { useTicketImage } from '../hooks/use-ticket-image';
import { WalletButtons } from './wallet-buttons';
import { AgeRatingBadge } from '../../../components/age-rating-badge';
import { ageRatingDescription, minorsRule } from '../../../../shared/event-info';

/** A horizontal move longer than this (px), and wider than tall, is a swipe to the next or previous QR. */
const SWIPE_PX = 40;

/** While the QR is on screen its tickets are read again this often (ms): an admission at the door shows as 'Utilizado'. */
const REFRESH_WHILE_OPEN_MS = 20_000;

/** Whether a ticket's QR can be shown: it admits and has its code. */
const canShow = (ticket: TicketView) => ticket.displayStatus === 'valid' && Boolean(ticket.code);

/**
 * Modal 'Seu ingresso' (docs/rules/tickets.md 'My tickets'): the QR to show at the door, downloadable,
 * with its holder and sector. The QR codes of the ticket's order can be gone through here (friends
 * who bought together enter one by one, docs/rules/tickets.md 'One ticket per unit'): a swipe left or right, 'Anterior' /
 * 'Próximo' with '2 de 3', or the arrow keys. The order's tickets are `orderTickets` when the
 * opener has them, else read from 'Meus ingressos' (the query the page already holds); only those
 * that can admit are shown. Opens on `ticket`.
 */
export function TicketQrDialog({
  open,
  onOpenChange,
  event,
  ticket,
  typeNumber,
  orderTickets,
}: {
  typeNumber?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event: MyOrderTickets['event'];
  ticket: TicketView;
  /** Every ticket of the ticket's order, in the order 'Meus ingressos' lists them. */
  orderTickets?: TicketView[];
}) {
  const mine = useMyTickets(open ? REFRESH_WHILE_OPEN_MS : undefined);
  const order = orderTickets ?? mine.data?.orders.find((o) => o.tickets.some((t) => t.id === ticket.id))?.tickets ?? [ticket];
  const shown = order.filter(canShow);
  const list = shown.some((t) => t.id === ticket.id) ? shown : [ticket, ...shown];

  const [currentId, setCurrentId] = useState(ticket.id);
  useEffect(() => {
    if (open) setCurrentId(ticket.id);
  }, [open, ticket.id]);
  const index = Math.max(
    0,
    list.findIndex((t) => t.id === currentId),
  );
  const current = list[index];
  const isRotating = Boolean(current.code && current.rotationSecret);
  // Admitted while this screen was open (it re-reads the tickets): no QR to show any more.
  const isUsed = current.displayStatus === 'used';
  const payload = useQrPayload(open ? current.code : null, current.rotationSecret);
  const qr = useTicketQr(payload);
  const when = describeEventStart((current.session ?? event).date, (current.session ?? event).startTime).text;
  // 'Baixar' saves the ticket with what it is for, the QR inside (never a rotating or a used one).
  const image = useTicketImage(
    open && current.code && !isRotating && !isUsed
      ? {
          code: current.code,
          eventTitle: event.title,
          when: when.charAt(0).toUpperCase() + when.slice(1),
          location: event.location,
          sectorName: current.sectorName,
          holderName: current.holderName ?? null,
        }
      : null,
  );
  const sameType = order.filter((other) => other.sectorName === current.sectorName);
  const currentTypeNumber =
    current.id === ticket.id ? typeNumber : sameType.length > 1 ? sameType.findIndex((t) => t.id === current.id) + 1 : undefined;

  const go = (step: -1 | 1) => {
    const next = list[index + step];
    if (next) setCurrentId(next.id);
  };
  const touch = useRef<{ x: number; y: number } | null>(null);
  function onTouchStart(e: TouchEvent) {
    const point = e.touches[0];
    touch.current = point ? { x: point.clientX, y: point.clientY } : null;
  }
  function onTouchEnd(e: TouchEvent) {
    const start = touch.current;
    const point = e.changedTouches[0];
    touch.current = null;
    if (!start || !point) return;
    const dx = point.clientX - start.x;
    const dy = point.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  }
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
  }

  const isMany = list.length > 1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Seu ingresso">
      <div className="flex flex-col items-center text-center" onKeyDown={isMany ? onKeyDown : undefined}>
        <p className="text-lg leading-snug font-bold">{event.title}</p>
        <ul className="mt-1 space-y-1 text-sm text-muted">
          <li className="flex items-center justify-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            <span data-testid="ticket-qr-when" className="first-letter:uppercase">
              {when}
            </span>
          </li>
          <li className="flex items-center justify-center gap-1.5">
            <MapPin className="size-4 shrink-0" aria-hidden />
            {event.location}
          </li>
          {event.ageRating ? (
            <li className="flex items-center justify-center gap-1.5" data-testid="ticket-qr-age-rating">
              <AgeRatingBadge rating={event.ageRating} />
              {minorsRule(event.ageRating, event.minorsAccompanied) ?? ageRatingDescription(event.ageRating)}
            </li>
          ) : null}
        </ul>

        <div className="mt-3 w-full" data-testid="ticket-qr-current" data-ticket-id={current.id}>
          <p className="font-semibold text-accent">{current.sectorName}</p>
          {current.holderName ? (
            <p className="mt-0.5 font-medium break-words" data-testid="ticket-qr-holder">
              Titular: {current.holderName}
            </p>
          ) : null}
        </div>

        <div
          className="mt-3 touch-pan-y rounded-2xl bg-white p-1 ring-1 ring-border select-none"
          onTouchStart={isMany ? onTouchStart : undefined}
          onTouchEnd={isMany ? onTouchEnd : undefined}
          data-testid="ticket-qr-swipe"
        >
          {isUsed ? (
            <p
              role="status"
              className="flex size-[300px] max-w-full flex-col items-center justify-center gap-3 rounded-xl bg-success/10 p-4 text-lg font-semibold text-neutral-900"
            >
              <CheckCircle2 className="size-14 text-success" aria-hidden />
              <span>Utilizado em {current.checkedInAt ? formatInstant(current.checkedInAt) : '—'}</span>
            </p>
          ) : qr ? (
            <img
              src={qr}
              alt="QR Code do ingresso"
              width={300}
              height={300}
              className="pointer-events-none block size-[300px] max-w-full"
              draggable={false}
            />
          ) : (
            <Skeleton className="size-[300px] max-w-full bg-neutral-200" />
          )}
        </div>

        {isMany ? (
          <nav aria-label="Ingressos do pedido" className="mt-3 flex w-full items-center justify-between gap-2">
            <Button variant="outline" className="min-w-0 flex-1" onClick={() => go(-1)} disabled={index === 0}>
              <ChevronLeft className="size-5 shrink-0" aria-hidden /> Anterior
            </Button>
            <p
              className="shrink-0 px-1 text-sm font-semibold whitespace-nowrap tabular-nums"
              aria-live="polite"
              aria-atomic="true"
              data-testid="ticket-qr-position"
            >
              <span className="sr-only">Ingresso </span>
              {index + 1} de {list.length}
            </p>
            <Button variant="outline" className="min-w-0 flex-1" onClick={() => go(1)} disabled={index === list.length - 1}>
              Próximo <ChevronRight className="size-5 shrink-0" aria-hidden />
            </Button>
          </nav>
        ) : null}

        {isRotating ? (
          <p className="mt-2 max-w-[300px] text-sm font-medium" role="note">
            Este QR code muda a cada 30 segundos: capturas de tela e cópias não entram.
          </p>
        ) : current.code ? (
          <p
            className="mt-2 max-w-[300px] font-mono text-xs break-all text-muted select-all"
            aria-label={`Código do ingresso: ${current.code}`}
          >
            {current.code}
          </p>
        ) : null}
        {isUsed ? null : <p className="mt-3 text-sm">Apresente este QR code na entrada do evento para validação</p>}
        {isMany ? <p className="mt-1 text-sm text-muted">Deslize para o lado para ver os outros ingressos do pedido.</p> : null}

        <div className="mt-5 grid w-full grid-cols-2 gap-3">
          {image && !isRotating && !isUsed ? (
            <Button asChild variant="primary" size="lg">
              <a href={image} download={ticketFileName(current.sectorName, currentTypeNumber)}>
                <Download className="size-5" aria-hidden /> Baixar
              </a>
            </Button>
          ) : isRotating || isUsed ? null : (
            <Button variant="primary" size="lg" disabled>
              <Download className="size-5" aria-hidden /> Baixar
            </Button>
          )}
          {/* A rotating QR is never downloaded: 'Fechar' takes the row. */}
          <Button
            variant="outline"
            size="lg"
            className={isRotating || isUsed ? 'col-span-2' : undefined}
            onClick={() => onOpenChange(false)}
          >
            Fechar
          </Button>
        </div>
        <WalletButtons ticket={current} />
      </div>
    </Dialog>
  );
}
