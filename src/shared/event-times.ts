import { eventInstant } from './dates';

/** How long an event without an end time is assumed to last in calendars: 2 hours. */
const DEFAULT_EVENT_DURATION_MINUTES = 120;

const DAY_MS = 24 * 60 * 60 * 1000;

const withDefaultDuration = (start: Date) => new Date(start.getTime() + DEFAULT_EVENT_DURATION_MINUTES * 60_000);

/**
 * The UTC instants an event starts and ends, from its São Paulo calendar day and wall-clock
 * times ('yyyy-MM-dd', 'HH:mm[:ss]'). An end time earlier than the start time means the event
 * runs past midnight and ends on the next day (as isEventPast reads it); without an end time,
 * or with one equal to the start, it lasts DEFAULT_EVENT_DURATION_MINUTES. Used for calendar entries
 * (.ics file, Google Agenda link). Throws DomainError('validation_failed') for malformed input.
 */
export function eventTimeRange(event: { date: string; startTime: string; endTime: string | null }): { start: Date; end: Date } {
  const start = eventInstant(event.date, event.startTime);
  if (!event.endTime) return { start, end: withDefaultDuration(start) };
  const sameDayEnd = eventInstant(event.date, event.endTime);
  if (sameDayEnd.getTime() > start.getTime()) return { start, end: sameDayEnd };
  if (sameDayEnd.getTime() === start.getTime()) return { start, end: withDefaultDuration(start) };
  const nextDay = new Date(Date.parse(`${event.date}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { start, end: eventInstant(nextDay, event.endTime) };
}

/** An instant in the iCalendar / Google Agenda UTC form: 2025-03-15T23:00:00Z -> '20250315T230000Z'. */
export function toUtcStamp(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}
