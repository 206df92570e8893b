import { isEventPast } from '../../../../shared/dates';
import type { MyOrderTickets, TicketView } from '../../../../shared/schemas/tickets';

const isEnded = (ticket: TicketView) => ticket.displayStatus === 'refunded' || ticket.displayStatus === 'cancelled';

/**
 * Splits paid orders into 'Próximos eventos' and 'Histórico' (docs/screens.md 'My tickets').
 * 'Próximos eventos' holds the tickets that still count (valid, used), and those the user transferred
 * away ('Transferido para …', beside the rest of their order), of events not over at `now`
 * (shared/dates isEventPast, as a ticket turns 'Expirado': a night past midnight stays until its
 * end); 'Histórico' holds past events' orders whole, and the refunded
 * or cancelled tickets of the others (a fully refunded order moves there whole). An order with
 * both kinds shows in both, each with its part. Both keep the order given: the server's, newest
 * order first (payment time, then creation).
 */
export function splitOrdersForTickets(orders: MyOrderTickets[], now: Date) {
  const upcoming: MyOrderTickets[] = [];
  const history: MyOrderTickets[] = [];
  for (const order of orders) {
    if (isEventPast(order.event, now)) {
      history.push(order);
      continue;
    }
    const current = order.tickets.filter((ticket) => !isEnded(ticket));
    const ended = order.tickets.filter(isEnded);
    if (current.length) upcoming.push(ended.length ? { ...order, tickets: current } : order);
    if (ended.length) history.push(current.length ? { ...order, tickets: ended } : order);
  }
  return { upcoming, history };
}

/** File name of a downloaded ticket QR (docs/rules/tickets.md 'My tickets'): 'ingresso-pista-premium.png'. */
/**
 * 'ingresso-pista.png'; with `number` (the ticket's place among the order's tickets of that type,
 * when there are several) 'ingresso-pista-2.png', so two downloads never share a name.
 */
export function ticketFileName(sectorName: string, number?: number): string {
  // docs/rules/tickets.md 'My tickets': lower case with hyphens; accents and symbols dropped so every system opens it.
  const slug = sectorName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ºª]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `ingresso-${slug || 'ingresso'}${number ? `-${number}` : ''}.png`;
}
