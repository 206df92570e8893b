import type { MyOrderTickets } from '../../../../shared/schemas/tickets';

/**
 * Splits orders into 'Próximos eventos' (event day today or later in São Paulo, `today` as
 * 'yyyy-MM-dd') and 'Eventos passados' (SPEC.md section 2 'My tickets'). Upcoming soonest
 * first, past most recent first; orders of the same day keep newest purchase first.
 */
export function splitOrdersByEventDate(orders: MyOrderTickets[], today: string) {
  const byPurchase = (a: MyOrderTickets, b: MyOrderTickets) => b.createdAt.localeCompare(a.createdAt);
  const upcoming = orders
    .filter((o) => o.event.date >= today)
    .sort((a, b) => a.event.date.localeCompare(b.event.date) || a.event.startTime.localeCompare(b.event.startTime) || byPurchase(a, b));
  const past = orders
    .filter((o) => o.event.date < today)
    .sort((a, b) => b.event.date.localeCompare(a.event.date) || byPurchase(a, b));
  return { upcoming, past };
}

/** File name of a downloaded ticket QR (SPEC.md section 9): 'ingresso-pista-premium.png'. */
/**
 * 'ingresso-pista.png'; with `number` (the ticket's place among the order's tickets of that type,
 * when there are several) 'ingresso-pista-2.png', so two downloads never share a name.
 */
export function ticketFileName(ticketTypeName: string, number?: number): string {
  // SPEC.md section 9: lower case with hyphens; accents and symbols dropped so every system opens it.
  const slug = ticketTypeName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ºª]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `ingresso-${slug || 'ingresso'}${number ? `-${number}` : ''}.png`;
}
