import { CalendarDays, Download, MapPin } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatEventDate, formatEventTime } from '../../../../shared/dates';
import type { MyOrderTickets, TicketView } from '../../../../shared/schemas/tickets';
import { ticketFileName } from '../lib/split-orders';
import { useTicketQr } from '../hooks/use-ticket-qr';


/** Modal 'Seu Ingresso' (SPEC.md section 2 'My tickets'): the QR to show at the door, downloadable. */
export function TicketQrDialog({
  open,
  onOpenChange,
  event,
  ticket,
  typeNumber,
}: {
  typeNumber?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event: MyOrderTickets['event'];
  ticket: TicketView;
}) {
  const qr = useTicketQr(open ? ticket.code : null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Seu Ingresso">
      <div className="flex flex-col items-center text-center">
        <p className="text-lg leading-snug font-bold">{event.title}</p>
        <p className="mt-0.5 font-semibold text-accent">{ticket.ticketTypeName}</p>
        {ticket.holderName ? <p className="mt-0.5 font-medium break-words">Titular: {ticket.holderName}</p> : null}
        <ul className="mt-2 space-y-1 text-sm text-muted">
          <li className="flex items-center justify-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            {formatEventDate(event.date)} · {formatEventTime(event.startTime)}
          </li>
          <li className="flex items-center justify-center gap-1.5">
            <MapPin className="size-4 shrink-0" aria-hidden />
            {event.location}
          </li>
        </ul>

        <div className="mt-4 rounded-2xl bg-white p-1 ring-1 ring-border">
          {qr ? (
            <img src={qr} alt="QR Code do ingresso" width={300} height={300} className="block size-[300px] max-w-full" />
          ) : (
            <Skeleton className="size-[300px] max-w-full bg-neutral-200" />
          )}
        </div>
        {ticket.code ? (
          <p className="mt-2 max-w-[300px] font-mono text-xs break-all text-muted select-all" aria-label={`Código do ingresso: ${ticket.code}`}>
            {ticket.code}
          </p>
        ) : null}
        <p className="mt-3 text-sm">Apresente este QR code na entrada do evento para validação</p>

        <div className="mt-5 grid w-full grid-cols-2 gap-3">
          {qr ? (
            <Button asChild variant="primary" size="lg">
              <a href={qr} download={ticketFileName(ticket.ticketTypeName, typeNumber)}>
                <Download className="size-5" aria-hidden /> Baixar
              </a>
            </Button>
          ) : (
            <Button variant="primary" size="lg" disabled>
              <Download className="size-5" aria-hidden /> Baixar
            </Button>
          )}
          <Button variant="outline" size="lg" onClick={() => onOpenChange(false)}>
            Fechar
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
