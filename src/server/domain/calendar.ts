import { eventTimeRange, toUtcStamp } from '../../shared/event-times';

/** What an .ics entry needs of an event. Date 'yyyy-MM-dd', times 'HH:mm[:ss]', in São Paulo. */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  date: string;
  startTime: string;
  endTime: string | null;
  location: string;
  fullAddress: string | null;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * A TEXT value escaped as RFC 5545 section 3.3.11 asks: backslash, semicolon and comma get a
 * backslash; every line break (CRLF, LF or CR) becomes the two characters '\n'.
 */
export function escapeCalendarText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded as RFC 5545 section 3.1 asks: no line longer than 75 octets of UTF-8
 * (CRLF not counted), each continuation starting with one space, and never splitting a
 * character. Returns the line with its CRLF.
 */
export function foldCalendarLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF) + CRLF;
}

/**
 * An RFC 5545 VCALENDAR with one VEVENT for an event, ready to serve as text/calendar
 * ('Adicionar à agenda' of the event page). Times are written in UTC (the São Paulo wall times
 * converted with their offset), so no VTIMEZONE is needed; an end time at or before the start
 * time ends on the next day, and an event without an end time lasts 6 hours (eventTimeRange,
 * over shared/dates eventInterval).
 * The UID is stable per event ('<id>@<host of publicUrl>') so a second import updates the
 * first; DTSTAMP is `now`. LOCATION is the venue and its full address; DESCRIPTION is the
 * event's description followed by the page link, which is also the URL property.
 * Throws DomainError('validation_failed') for a malformed date or time.
 */
export function buildEventCalendar(event: CalendarEvent, options: { publicUrl: string; now: Date }): string {
  const { start, end } = eventTimeRange(event);
  const pageUrl = new URL(`/event/${event.id}`, options.publicUrl).toString();
  const host = new URL(options.publicUrl).hostname;
  const location = event.fullAddress ? `${event.location}, ${event.fullAddress}` : event.location;
  const description = [event.description.trim(), `Ingressos e detalhes: ${pageUrl}`].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Next Level//Ingressos//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `DTSTAMP:${toUtcStamp(options.now)}`,
    `DTSTART:${toUtcStamp(start)}`,
    `DTEND:${toUtcStamp(end)}`,
    `SUMMARY:${escapeCalendarText(event.title)}`,
    `LOCATION:${escapeCalendarText(location)}`,
    `DESCRIPTION:${escapeCalendarText(description)}`,
    `URL:${pageUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldCalendarLine).join('');
}
