import type { EventSummary } from '../../../../shared/schemas/events';
import { describeEventStart } from '../../../../shared/dates';

/** The venue with its city when the venue's name does not already say it: 'Cine Joia, São Paulo'. */
export function venueText(event: Pick<EventSummary, 'location' | 'city'>): string {
  const city = event.city?.trim();
  if (!city || event.location.toLocaleLowerCase('pt-BR').includes(city.toLocaleLowerCase('pt-BR'))) return event.location;
  return `${event.location}, ${city}`;
}

type WhenWhereFields = Pick<EventSummary, 'date' | 'startTime' | 'location' | 'city'>;

/**
 * When ('sáb., 28 de nov. · 22:00'; a start from 00:00 to 05:59 as its night, 'qui., 26 de nov. · 00:30 (madrugada de
 * sexta)', shared/dates.ts describeEventStart) and where ('Cine Joia, São Paulo'), to be shown apart or joined; `day` and `time` are `when`'s two halves.
 */
export function whenWhereParts(event: WhenWhereFields, now: Date): { when: string; day: string; time: string; where: string } {
  const start = describeEventStart(event.date, event.startTime, 'medium', now);
  return { when: start.text, day: start.date, time: start.time, where: venueText(event) };
}

/** When and where in one line, as the event page shows it under the title: 'sáb., 28 de nov. · 22:00 · Cine Joia, São Paulo'. */
export function whenWhereText(event: WhenWhereFields, now: Date): string {
  const { when, where } = whenWhereParts(event, now);
  return `${when} · ${where}`;
}
