import { eventInterval, type EventTimes } from './dates';

/**
 * The UTC instants an event starts and ends, for calendar entries (.ics file, Google Agenda
 * link) and the door's window: eventInterval's `startsAt` and `endsAt` under the names those
 * callers read (an end at or before the start runs past midnight; without an end time, 6 hours).
 * Throws DomainError('validation_failed') for malformed input.
 */
export function eventTimeRange(event: EventTimes): { start: Date; end: Date } {
  const { startsAt, endsAt } = eventInterval(event);
  return { start: startsAt, end: endsAt };
}

/** An instant in the iCalendar / Google Agenda UTC form: 2025-03-15T23:00:00Z -> '20250315T230000Z'. */
export function toUtcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
