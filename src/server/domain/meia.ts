import { eventInstant, saoPauloToday } from '../../shared/dates';
import { MEIA_RESERVE_PERCENT, SENIOR_MIN_AGE } from '../../shared/concessions';

/**
 * The meia-entrada law as the sale applies it (Lei 12.933/2013, Decreto 8.537/2015; docs/rules/meia-entrada.md
 * 'The law'). Pure; money in centavos, instants UTC.
 */

/** Tickets for sale above which the reserve is released 72 hours before the event instead of 48. */
const LARGE_EVENT_TICKETS = 10_000;

/** The meia-entrada reserve of a sector: 40 % of its tickets for sale, rounded up. */
export function meiaReserve(sectorStock: number): number {
  return Math.ceil((sectorStock * MEIA_RESERVE_PERCENT) / 100);
}

/** A half price: half of the lot's price at the moment of the hold, rounded down to the centavo (shared/concessions.ts, which the box-office device prices with too). */
export { meiaPrice } from '../../shared/concessions';

/**
 * From when the unsold reserve may be sold at full price: 48 hours before the event starts, 72
 * when the event has more than 10,000 tickets for sale. Event date and start time in São Paulo.
 */
export function reserveReleaseAt(event: { date: string; startTime: string }, ticketsForSale: number): Date {
  const hours = ticketsForSale > LARGE_EVENT_TICKETS ? 72 : 48;
  return new Date(eventInstant(event.date, event.startTime).getTime() - hours * 3_600_000);
}

/** Whole years of age at `now` (São Paulo calendar) of someone born on `birthDate` ('yyyy-MM-dd'). */
function ageOn(birthDate: string, now: Date): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = saoPauloToday(now).split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether someone born on `birthDate` may buy the 'senior' half price at `now` (60 or more). */
export function isSenior(birthDate: string, now: Date): boolean {
  return ageOn(birthDate, now) >= SENIOR_MIN_AGE;
}
