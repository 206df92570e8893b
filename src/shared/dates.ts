import { DomainError } from './errors';

/** The time zone every event date and time is written in (docs/rules/money-and-dates.md 'Event dates and times'). */
export const EVENT_TIME_ZONE = 'America/Sao_Paulo';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number;
}

interface WallTime {
  hour: number;
  minute: number;
  second: number;
}

function parseDate(text: string): CalendarDate {
  const match = DATE_PATTERN.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  throw new DomainError('validation_failed', { field: 'date', value: text });
}

function parseTime(text: string): WallTime {
  const match = TIME_PATTERN.exec(text);
  if (match) {
    const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
    if (hour < 24 && minute < 60 && second < 60) return { hour, minute, second };
  }
  throw new DomainError('validation_failed', { field: 'time', value: text });
}

function toInstant(instant: Date | string): Date {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) {
    throw new DomainError('validation_failed', { field: 'instant', value: String(instant) });
  }
  return date;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

// pt-BR names of weekdays and months come from Intl (CLDR data, as in the browser and in Node),
// read at UTC noon of the calendar day so no time zone can move the day.
const longDateNames = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const monthYearNames = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const shortMonthNames = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'short' });
const mediumDateNames = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
const mediumDateWithYearNames = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function utcNoon({ year, month, day }: CalendarDate): Date {
  const date = new Date(Date.UTC(2000, 0, 1, 12));
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

const saoPauloFields = new Intl.DateTimeFormat('en-US', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

interface SaoPauloParts extends CalendarDate, WallTime {}

/** São Paulo's calendar and wall-clock fields at an instant (its offset there, then UTC fields). */
function saoPauloParts(instant: Date): SaoPauloParts {
  const wall = new Date(instant.getTime() + saoPauloOffset(instant.getTime()));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const HOUR_MS = 3_600_000;
// Offsets by UTC hour: São Paulo's offset has changed only on whole UTC hours since 1914, so
// one Intl call per hour of the calendar serves every instant in it (an event list asks for the
// same few).
const offsetByHour = new Map<number, number>();

// Milliseconds São Paulo wall time is ahead of UTC at that instant (negative: -3 h today).
function saoPauloOffset(instantMs: number): number {
  const hour = Math.floor(instantMs / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetFromIntl(hour * HOUR_MS);
    if (offsetByHour.size >= 4096) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

function offsetFromIntl(instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of saoPauloFields.formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallAsUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour % 24, fields.minute, fields.second);
  return wallAsUtc - instantMs;
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function wallTimeToInstant(date: CalendarDate, time: WallTime): Date {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second);
  let instant = wallAsUtc - saoPauloOffset(wallAsUtc);
  // A second pass settles wall times near an offset change (São Paulo had DST until 2019).
  instant = wallAsUtc - saoPauloOffset(instant);
  return new Date(instant);
}

/**
 * Long pt-BR form of an event date: '2025-03-15' -> 'sábado, 15 de março de 2025'
 * (docs/rules/money-and-dates.md 'Event dates and times'). The date is a calendar day ('yyyy-MM-dd' in
 * America/Sao_Paulo), so no instant or time zone is involved. Throws
 * DomainError('validation_failed', { field: 'date' }) for anything but a real 'yyyy-MM-dd' day.
 */
export function formatEventDate(date: string): string {
  return longDateNames.format(utcNoon(parseDate(date)));
}

/**
 * Short pt-BR form of an event date: '2025-03-15' -> '15/03/2025' (docs/rules/money-and-dates.md 'Event dates and times',
 * dd/MM/yyyy). Throws DomainError('validation_failed', { field: 'date' }) for a malformed date.
 */
export function formatEventDateShort(date: string): string {
  const { year, month, day } = parseDate(date);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/**
 * An event's day in short pt-BR form, 'sáb., 28 de nov.' (the event page's first line); the year
 * is added when it is not the current one in São Paulo at `now` ('sáb., 9 de jan. de 2027').
 * Throws DomainError('validation_failed', { field: 'date' }) for a malformed date.
 */
export function formatEventDateMedium(date: string, now: Date): string {
  const parsed = parseDate(date);
  const isThisYear = saoPauloToday(now).slice(0, 4) === pad(parsed.year, 4);
  return (isThisYear ? mediumDateNames : mediumDateWithYearNames).format(utcNoon(parsed));
}

/**
 * An event time as shown: 'HH:mm' or 'HH:mm:ss' (as the database gives it) -> '20:00'.
 * Throws DomainError('validation_failed', { field: 'time' }) for a malformed time.
 */
export function formatEventTime(time: string): string {
  const { hour, minute } = parseTime(time);
  return `${pad(hour)}:${pad(minute)}`;
}

/**
 * Day and upper-case abbreviated pt-BR month for an event card's date badge:
 * '2025-03-15' -> { day: '15', month: 'MAR' }; the day always has two digits ('05').
 * Throws DomainError('validation_failed', { field: 'date' }) for a malformed date.
 */
export function formatDayMonth(date: string): { day: string; month: string } {
  const parsed = parseDate(date);
  const month = shortMonthNames.format(utcNoon(parsed)).replace('.', '').toUpperCase();
  return { day: pad(parsed.day), month };
}

/**
 * The UTC instant of a São Paulo wall time: eventInstant('2025-03-15', '20:00') is
 * 2025-03-15T23:00:00Z. The offset comes from Intl's time zone data for America/Sao_Paulo,
 * so historic daylight saving time is honoured. Throws DomainError('validation_failed')
 * (field 'date' or 'time') for malformed input.
 */
export function eventInstant(date: string, time: string): Date {
  return wallTimeToInstant(parseDate(date), parseTime(time));
}

/**
 * The calendar day it is in São Paulo at `now`, as 'yyyy-MM-dd' (used to compare with event
 * dates, e.g. the back office's 'Ativo', docs/rules/events.md 'Event status').
 */
export function saoPauloToday(now: Date): string {
  const { year, month, day } = saoPauloParts(toInstant(now));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** How long an event without an end time runs: 6 hours from its start, through the night. */
const EVENT_DURATION_WITHOUT_END_MINUTES = 360;

/** The times that place an event (or one of its sessions) in São Paulo. */
export interface EventTimes {
  /** São Paulo calendar day of the start, 'yyyy-MM-dd'. */
  date: string;
  /** São Paulo wall-clock start, 'HH:mm[:ss]'. */
  startTime: string;
  /** São Paulo wall-clock end, 'HH:mm[:ss]'; null when the organizer gave none. */
  endTime: string | null;
}

/** When an event runs, as UTC instants: from `startsAt` (inclusive) until `endsAt` (exclusive). */
export interface EventInterval {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The one rule for when an event (or a session) starts and ends; every 'is it on, is it over'
 * of the sale, the door, tickets, refunds, calendars and lists goes through it. Returns UTC
 * instants read from the São Paulo calendar day and wall-clock times (America/Sao_Paulo, with
 * its historic offsets):
 * - startsAt: `startTime` on `date`;
 * - endsAt with an end time: `endTime` on `date` when it is later than the start, else on the
 *   next day (an end at or before the start runs past midnight: 23:00 to 02:00 ends at 02:00 of
 *   the day after; 20:00 to 20:00 lasts 24 hours);
 * - endsAt without an end time: EVENT_DURATION_WITHOUT_END_MINUTES (6 hours) after the start, so
 *   a night that starts at 23:00 runs until 05:00 rather than stopping at midnight.
 * The forms ask only a start and an optional end (schemas/admin-events.ts,
 * schemas/sessions.ts), so this reading lives here and nowhere else. Throws
 * DomainError('validation_failed') (field 'date' or 'time') for malformed input.
 */
export function eventInterval(event: EventTimes): EventInterval {
  const day = parseDate(event.date);
  const startTime = parseTime(event.startTime);
  const startsAt = wallTimeToInstant(day, startTime);
  if (!event.endTime) {
    return { startsAt, endsAt: new Date(startsAt.getTime() + EVENT_DURATION_WITHOUT_END_MINUTES * 60_000) };
  }
  const endTime = parseTime(event.endTime);
  const seconds = (t: WallTime) => t.hour * 3600 + t.minute * 60 + t.second;
  const endDay = seconds(endTime) > seconds(startTime) ? day : addDays(day, 1);
  return { startsAt, endsAt: wallTimeToInstant(endDay, endTime) };
}

/**
 * Whether an event is over at `now` (a ticket 'Expirado', the sale's 'event_finished', a refund's
 * 'event_past'): from eventInterval's `endsAt` itself (its end time in São Paulo, past midnight
 * when it is at or before the start; without one, 6 hours after the start). Throws
 * DomainError('validation_failed') for malformed dates or times.
 */
export function isEventPast(event: EventTimes, now: Date): boolean {
  return toInstant(now).getTime() >= eventInterval(event).endsAt.getTime();
}

/**
 * The earliest event date ('yyyy-MM-dd', São Paulo) whose event may still be on at `now`: the day
 * before today, since eventInterval ends every event within the day after its date (an end at or
 * before the start, or 6 hours from a start up to 23:59). For SQL that narrows rows by
 * `date >= this`; isEventPast then decides each one, so the rule is not written twice.
 */
export function earliestOngoingEventDate(now: Date): string {
  const { year, month, day } = addDays(saoPauloParts(toInstant(now)), -1);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * An instant shown in São Paulo time, '15/03/2025 às 20:00' (e.g. when a ticket was used).
 * Accepts a Date or an ISO 8601 string. Throws DomainError('validation_failed',
 * { field: 'instant' }) for an invalid date.
 */
export function formatInstant(instant: Date | string): string {
  const p = saoPauloParts(toInstant(instant));
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)} às ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The clock time of an instant in São Paulo, '10:00' (the waiting room's 'A venda abre às 10:00').
 * Accepts a Date or an ISO 8601 string; throws as formatInstant does.
 */
export function formatClockTime(instant: Date | string): string {
  const p = saoPauloParts(toInstant(instant));
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A notification's date in São Paulo time, '15/03 às 20:00' (docs/rules/notifications.md 'The notification panel': dd/MM 'às'
 * HH:mm). Accepts a Date or an ISO 8601 string; throws as formatInstant does.
 */
export function formatNotificationDate(instant: Date | string): string {
  const p = saoPauloParts(toInstant(instant));
  return `${pad(p.day)}/${pad(p.month)} às ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * Month and year of an instant in São Paulo, 'março de 2025' (e.g. 'Membro desde'). Accepts a
 * Date or an ISO 8601 string; throws as formatInstant does.
 */
export function formatMonthYear(instant: Date | string): string {
  const p = saoPauloParts(toInstant(instant));
  return monthYearNames.format(utcNoon(p));
}

/** The hour (São Paulo wall clock) a night ends: a start before it belongs to the night before. */
const NIGHT_ENDS_HOUR = 6;

const WEEKDAY_NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;

/**
 * The calendar day ('yyyy-MM-dd') a start belongs to as a fan reads it: a start from 00:00 to
 * 05:59 is the night of the day before (a Friday 00:30 party is Thursday's night), any other
 * start its own day (docs/rules/sessions.md 'Night starts'). Throws
 * DomainError('validation_failed') (field 'date' or 'time') for malformed input.
 */
export function eventNightDate(date: string, startTime: string): string {
  const day = parseDate(date);
  const { year, month, day: d } = parseTime(startTime).hour < NIGHT_ENDS_HOUR ? addDays(day, -1) : day;
  return `${pad(year, 4)}-${pad(month)}-${pad(d)}`;
}

/** How an event's or a session's start reads to fans: the day, the time, and both in one line. */
export interface EventStartWording {
  /** The night's day: 'quinta 26/11' (short), 'qui., 26 de nov.' (medium) or 'quinta-feira, 26 de novembro de 2026' (long). */
  date: string;
  /** The time, with the day it falls on for a night start: '22:00', '00:30 (madrugada de sexta)'. */
  time: string;
  /** `${date} · ${time}`. */
  text: string;
}

/**
 * The one wording of an event's or a session's start for fans (event card, event page, ticket
 * card, QR screen, e-mails; docs/rules/sessions.md 'Night starts'). `date` is the São Paulo
 * calendar day ('yyyy-MM-dd') and `startTime` the wall clock ('HH:mm[:ss]') of the start. A start
 * from 00:00 to 05:59 reads as the night before it belongs to: Friday 2026-11-27 at 00:30 ->
 * 'quinta 26/11 · 00:30 (madrugada de sexta)' (short) or 'quinta-feira, 26 de novembro de 2026 ·
 * 00:30 (madrugada de sexta)' (long) or 'qui., 26 de nov. · 00:30 (madrugada de sexta)' (medium,
 * the day as formatEventDateMedium writes it at `now`: with its year when not the current one);
 * any other start reads on its own day ('sexta 27/11 · 22:00', 'sexta-feira, 27 de novembro de
 * 2026 · 22:00', the long day as formatEventDate writes it). Throws
 * DomainError('validation_failed') (field 'date' or 'time') for malformed input.
 */
export function describeEventStart(
  date: string,
  startTime: string,
  style: 'short' | 'medium' | 'long' = 'long',
  now: Date = new Date(),
): EventStartWording {
  const day = parseDate(date);
  const time = parseTime(startTime);
  const night = parseDate(eventNightDate(date, startTime));
  const nightNoon = utcNoon(night);
  const shownDate =
    style === 'short'
      ? `${WEEKDAY_NAMES[nightNoon.getUTCDay()]} ${pad(night.day)}/${pad(night.month)}`
      : style === 'medium'
        ? formatEventDateMedium(eventNightDate(date, startTime), now)
        : longDateNames.format(nightNoon);
  const clock = `${pad(time.hour)}:${pad(time.minute)}`;
  const isNight = time.hour < NIGHT_ENDS_HOUR;
  const shownTime = isNight ? `${clock} (madrugada de ${WEEKDAY_NAMES[utcNoon(day).getUTCDay()]})` : clock;
  return { date: shownDate, time: shownTime, text: `${shownDate} · ${shownTime}` };
}
