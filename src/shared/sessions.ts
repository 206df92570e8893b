/**
 * How an event's sessions (a festival's days, a workshop's slots;
 * docs/rules/sessions.md 'Sessions') read in pt-BR, on the event page, the ticket and the door alike. Dates are São Paulo
 * calendar days ('yyyy-MM-dd'), times wall-clock 'HH:mm[:ss]'.
 */

import { describeEventStart } from './dates';

const WEEKDAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

/** '2026-03-13' -> 'Sexta' (the day of the week of a calendar day). */
function weekdayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay()];
}

/** '2026-03-13' -> '13/03'. */
function dayMonthOf(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}

/** A session as the door and the refusals name it: its name and day, 'Sábado 14/03'. */
export function sessionLabel(session: { name: string; date: string }): string {
  return `${session.name} ${dayMonthOf(session.date)}`;
}

/**
 * A session as the event page lists it: weekday, day and start, 'Sexta 13/03 · 22:00'; a start
 * from 00:00 to 05:59 as the night it belongs to, 'Sexta 13/03 · 00:30 (madrugada de sábado)'
 * (shared/dates.ts describeEventStart, docs/rules/sessions.md 'Night starts').
 */
function sessionWhen(session: { date: string; startTime: string }): string {
  const text = describeEventStart(session.date, session.startTime, 'short').text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A session as a ticket lists it: 'Sexta 13/03 · 22:00', with its name when it is not the weekday ('… · Dia 1'). */
export function sessionLine(session: { name: string; date: string; startTime: string }): string {
  const when = sessionWhen(session);
  return session.name === weekdayOf(session.date) ? when : `${when} · ${session.name}`;
}

/**
 * What a sector covers, by the sessions it admits to (`validIds`; empty: every session) among the
 * event's `sessions`: 'Passaporte 3 dias' for all of several, 'Vale para: Sábado' for some, null
 * for an event without sessions.
 */
export function sectorCoverage(sessions: { id: string; name: string }[], validIds: string[]): string | null {
  if (sessions.length === 0) return null;
  const covered = validIds.length === 0 ? sessions : sessions.filter((s) => validIds.includes(s.id));
  if (covered.length === sessions.length && sessions.length > 1)
    return `Passaporte ${sessions.length} ${sessions.length === 1 ? 'dia' : 'dias'}`;
  return `Vale para: ${covered.map((s) => s.name).join(', ')}`;
}
