/** Calendar days as 'yyyy-MM-dd' strings: no time of day, no time zone. */

const DAY_MS = 86_400_000;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, count: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + count * DAY_MS));
}

/** The same day `count` months away, moved back to the month's last day when it has fewer days. */
export function addMonths(day: string, count: number): string {
  const date = toUtc(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return fromUtc(target);
}

function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function isSameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** 0 for Sunday ... 6 for Saturday (Brazilian calendars start the week on Sunday). */
export function weekday(day: string): number {
  return toUtc(day).getUTCDay();
}

/** The first and last day of the Sunday-to-Saturday week holding `day`. */
export function weekBounds(day: string): { first: string; last: string } {
  const first = addDays(day, -weekday(day));
  return { first, last: addDays(first, 6) };
}

/**
 * The weeks of the month holding `day`, Sunday first; days of the neighbouring months are null,
 * so a grid shows only the month's own days.
 */
export function monthWeeks(day: string): (string | null)[][] {
  const first = startOfMonth(day);
  const weeks: (string | null)[][] = [];
  let cursor = addDays(first, -weekday(first));
  while (weeks.length === 0 || isSameMonth(cursor, first)) {
    const week: (string | null)[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(isSameMonth(cursor, first) ? cursor : null);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });

/** 'março de 2025' -> 'Março de 2025'. */
export function monthLabel(day: string): string {
  const text = monthFormat.format(toUtc(day));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Weekday names, Sunday first: long ('domingo') and a short form for the grid header ('dom'). */
export const weekdayNames: { long: string; short: string }[] = Array.from({ length: 7 }, (_, index) => {
  // 2023-01-01 was a Sunday.
  const long = weekdayLong.format(new Date(Date.UTC(2023, 0, 1 + index)));
  return { long, short: long.slice(0, 3) };
});
