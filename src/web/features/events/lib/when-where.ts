import type { EventSummary } from '../../../../shared/schemas/events';
import { formatEventDate, formatEventTime, saoPauloToday } from '../../../../shared/dates';

// Abbreviated pt-BR names from Intl, read at UTC noon of the calendar day so no time zone can
// move the day (as src/shared/dates.ts does for the long form).
const shortDate = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
const shortDateWithYear = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * An event's day in short pt-BR form, 'sáb., 28 de nov.'; the year is added when it is not the
 * current one in São Paulo ('sáb., 9 de jan. de 2027'). The date is a 'yyyy-MM-dd' calendar day
 * in America/Sao_Paulo; formatEventDate validates it (DomainError 'validation_failed').
 */
export function formatEventDateMedium(date: string, now: Date): string {
  formatEventDate(date);
  const [year, month, day] = date.split('-').map(Number);
  const noon = new Date(Date.UTC(2000, 0, 1, 12));
  noon.setUTCFullYear(year, month - 1, day);
  const isThisYear = saoPauloToday(now).slice(0, 4) === date.slice(0, 4);
  return (isThisYear ? shortDate : shortDateWithYear).format(noon);
}

/** The venue with its city when the venue's name does not already say it: 'Cine Joia, São Paulo'. */
export function venueText(event: Pick<EventSummary, 'location' | 'city'>): string {
  const city = event.city?.trim();
  if (!city || event.location.toLocaleLowerCase('pt-BR').includes(city.toLocaleLowerCase('pt-BR'))) return event.location;
  return `${event.location}, ${city}`;
}

type WhenWhereFields = Pick<EventSummary, 'date' | 'startTime' | 'location' | 'city'>;

/** When ('sáb., 28 de nov. · 22:00') and where ('Cine Joia, São Paulo'), to be shown apart or joined. */
export function whenWhereParts(event: WhenWhereFields, now: Date): { when: string; where: string } {
  return { when: `${formatEventDateMedium(event.date, now)} · ${formatEventTime(event.startTime)}`, where: venueText(event) };
}

/** When and where in one line, as the event page shows it under the title: 'sáb., 28 de nov. · 22:00 · Cine Joia, São Paulo'. */
export function whenWhereText(event: WhenWhereFields, now: Date): string {
  const { when, where } = whenWhereParts(event, now);
  return `${when} · ${where}`;
}
