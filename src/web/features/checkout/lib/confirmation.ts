/** The purchase's confirmation screen: 'Compra confirmada!' of one order, read by its owner. */
export function confirmationPath(orderId: string): string {
  return `/payment-success?order=${encodeURIComponent(orderId)}`;
}

/**
 * The event's .ics ('Adicionar à agenda'): the same file the event page and the order's e-mail
 * give (server domain/calendar buildEventCalendar, times from America/Sao_Paulo).
 */
export function eventCalendarUrl(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
}

/** The event page's full address, the link 'Compartilhar' sends. */
export function eventPageUrl(eventId: string, origin: string): string {
  return new URL(`/event/${encodeURIComponent(eventId)}`, origin).toString();
}
