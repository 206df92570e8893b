import { eventInstant, formatInstant } from '../../../../shared/dates';

const LOCAL_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;
const SHOWN_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4}) às (\d{2}):(\d{2})$/;

/** A datetime-local value ('2025-03-15T20:00'), read as São Paulo time, as a UTC ISO instant; '' when blank or incomplete. */
export function saoPauloLocalToIso(local: string): string {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return '';
  try {
    return eventInstant(match[1], match[2]).toISOString();
  } catch {
    return '';
  }
}

/** A UTC instant as a datetime-local value in São Paulo time ('2025-03-15T20:00'); '' for none. */
export function isoToSaoPauloLocal(iso: string | null | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  const match = SHOWN_PATTERN.exec(formatInstant(iso));
  if (!match) return '';
  const [, day, month, year, hour, minute] = match;
  return `${year}-${month}-${day}T${hour}:${minute}`;
}
