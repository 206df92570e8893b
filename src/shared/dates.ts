import { DomainError } from './errors';

/** The time zone every event date and time is written in (PRODUCT.md 'Money, dates, text'). */
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
const mediumDateWithYearNames = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

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
 * (PRODUCT.md 'Money, dates, text'). The date is a calendar day ('yyyy-MM-dd' in
 * America/Sao_Paulo), so no instant or time zone is involved. Throws
 * DomainError('validation_failed', { field: 'date' }) for anything but a real 'yyyy-MM-dd' day.
 */
export function formatEventDate(date: string): string {
  return longDateNames.format(utcNoon(parseDate(date)));
}

/**
 * Short pt-BR form of an event date: '2025-03-15' -> '15/03/2025' (SPEC.md section 9,
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
 * dates, e.g. SPEC.md section 4's admin 'Ativo' for today or later).
 */
export function saoPauloToday(now: Date): string {
  const { year, month, day } = saoPauloParts(toInstant(now));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * Whether an event is over at `now` (SPEC.md section 4, 'event date already past'): at its end
 * time in São Paulo, or at the end of its calendar day (midnight that follows) when it has no
 * end time. An end time earlier than the start time means the event runs past midnight and
 * ends on the next day. The event counts as past from the end instant itself. Throws
 * DomainError('validation_failed') for malformed dates or times.
 */
export function isEventPast(
  event: { date: string; endTime: string | null; startTime: string },
  now: Date,
): boolean {
  const day = parseDate(event.date);
  let end: Date;
  if (event.endTime) {
    const endTime = parseTime(event.endTime);
    const startTime = parseTime(event.startTime);
    const seconds = (t: WallTime) => t.hour * 3600 + t.minute * 60 + t.second;
    const endDay = seconds(endTime) < seconds(startTime) ? addDays(day, 1) : day;
    end = wallTimeToInstant(endDay, endTime);
  } else {
    end = wallTimeToInstant(addDays(day, 1), { hour: 0, minute: 0, second: 0 });
  }
  return toInstant(now).getTime() >= end.getTime();
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
 * A notification's date in São Paulo time, '15/03 às 20:00' (SPEC.md section 9: dd/MM 'às'
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
