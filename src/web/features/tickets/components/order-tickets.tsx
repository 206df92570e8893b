import { Ticket } from 'lucide-react';
import { formatInstant } from '../../../../shared/dates';
import type { MyOrderTickets } from '../../../../shared/schemas/tickets';
import { OrderDetails } from './order-details';
import { TicketCard } from './ticket-card';
import type { TicketPeople } from '../../../../shared/schemas/transfers';

/**
 * One order: event title, 'Pedido #<8>', purchase date, then one card per ticket (docs/rules/tickets.md 'One ticket per unit').
 * `section` names the part of the page, as one order can show in two (its refunded tickets apart).
 */
export function OrderTickets({
  order,
  section,
  people,
}: {
  order: MyOrderTickets;
  section: string;
  people?: ReadonlyMap<string, TicketPeople>;
}) {
  const headingId = `order-${section}-${order.orderId}`;
  // Tickets another buyer transferred to the user (who may have passed them on): their order is not the user's to open.
  const isReceived = order.isBuyer === false;
  return (
    <article aria-labelledby={headingId} className="rounded-3xl border border-border bg-surface/50 p-3 sm:p-4">
      <header className="mb-3 flex items-center gap-3 px-1">
        {order.event.imageUrl ? (
          <img src={order.event.imageUrl} alt="" className="size-14 shrink-0 rounded-xl object-cover" loading="lazy" />
        ) : (
          <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent" aria-hidden>
            <Ticket className="size-6" />
          </span>
        )}
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg leading-snug font-bold">
            {order.event.title}
          </h3>
          <p className="text-sm text-muted">
            {isReceived
              ? 'Recebido por transferência'
              : `Pedido #${order.orderId.slice(0, 8)} · Comprado em ${formatInstant(order.createdAt)}`}
          </p>
        </div>
      </header>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Ingressos do pedido #${order.orderId.slice(0, 8)}`}>
        {order.tickets.map((ticket, index) => {
          const sameType = order.tickets.filter((other) => other.sectorName === ticket.sectorName);
          const typeNumber = sameType.length > 1 ? sameType.indexOf(ticket) + 1 : undefined;
          return (
            <TicketCard
              key={ticket.id}
              event={order.event}
              ticket={ticket}
              position={index + 1}
              count={order.tickets.length}
              typeNumber={typeNumber}
              people={people?.get(ticket.id)}
            />
          );
        })}
      </ul>
      {isReceived ? null : <OrderDetails orderId={order.orderId} className="mt-2 px-1" />}
    </article>
  );
}
