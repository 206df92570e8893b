import type { EventDetail } from '../../../../shared/schemas/events';
import { eventTimeRange, toUtcStamp } from '../../../../shared/event-times';

/** The public address of an event page, on the origin the person is using. */
export function eventPageUrl(eventId: string, origin: string): string {
  return new URL(`/event/${eventId}`, origin).toString();
}

/** WhatsApp's share link: the event title and its page, ready to send to a contact or group. */
export function whatsAppShareUrl(title: string, pageUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title}\n${pageUrl}`)}`;
}

const MAX_DETAILS = 1200;

/** Google Agenda's 'new event' link, prefilled with the event's UTC times, place and page. */
export function googleCalendarUrl(
  event: Pick<EventDetail, 'title' | 'description' | 'date' | 'startTime' | 'endTime' | 'location' | 'fullAddress'>,
  pageUrl: string,
): string {
  const { start, end } = eventTimeRange(event);
  const description = event.description.length > MAX_DETAILS ? `${event.description.slice(0, MAX_DETAILS - 1)}…` : event.description;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${toUtcStamp(start)}/${toUtcStamp(end)}`,
    details: [description, `Ingressos e detalhes: ${pageUrl}`].filter(Boolean).join('\n\n'),
    location: event.fullAddress ? `${event.location}, ${event.fullAddress}` : event.location,
    ctz: 'America/Sao_Paulo',
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
