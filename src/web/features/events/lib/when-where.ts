import type { EventSummary } from '../../../../shared/schemas/events';
import { formatEventDateMedium, formatEventTime } from '../../../../shared/dates';

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
