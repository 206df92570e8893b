import { DomainError } from '../../shared/errors';
import { saoPauloToday } from '../../shared/dates';

/**
 * The waiting list on sold-out sectors ('Lista de espera', docs/rules/waiting-list.md):
 * units freed later in a sector (a pending order released, tickets refunded or cancelled, a
 * box-office block returned) are offered to the people waiting, in the order they joined, each
 * held for them for a time, then offered to the next. Pure rules; the services load, lock and write.
 */

/** Minutes an offer is held on the sector's on-sale day, and on any other day, when the organizer set nothing. */
const ON_SALE_DAY_OFFER_MINUTES = 30;
const OTHER_DAY_OFFER_MINUTES = 12 * 60;

/** One person waiting: their entry, the units they want, and their turn (the join sequence). */
export interface WaitingEntry {
  id: string;
  seq: number;
  quantity: number;
}

/** Units of one lot freed in a sector, at the lot's price (centavos) and turn (position). */
export interface FreedUnits {
  lotId: string;
  position: number;
  priceCentavos: number;
  quantity: number;
}

/** Units of one lot offered to one entry, at the lot's price in centavos. */
export interface OfferAllotment {
  entryId: string;
  lotId: string;
  quantity: number;
  unitPriceCentavos: number;
}

/**
 * Shares units freed in one sector among the people waiting for it: entries in join order
 * (ascending `seq`, whatever order they are given in), lots in their turn (ascending position).
 * Each entry gets one offer, from one lot, of as many units as it wants and that lot still has;
 * an entry that gets an offer is not offered again. What no one waits for goes back on sale
 * (`backOnSale`, per lot). Source: docs/rules/waiting-list.md 'Offers', 'offers go out in the
 * order people joined'.
 */
export function allotFreedUnits(
  freed: FreedUnits[],
  waiting: WaitingEntry[],
): { offers: OfferAllotment[]; backOnSale: { lotId: string; quantity: number }[] } {
  const queue = [...waiting].sort((a, b) => a.seq - b.seq);
  const lots = [...freed].filter((lot) => lot.quantity > 0).sort((a, b) => a.position - b.position);
  const offers: OfferAllotment[] = [];
  const backOnSale: { lotId: string; quantity: number }[] = [];
  let next = 0;
  for (const lot of lots) {
    let left = lot.quantity;
    while (left > 0 && next < queue.length) {
      const entry = queue[next++];
      const quantity = Math.min(entry.quantity, left);
      if (quantity <= 0) continue;
      offers.push({ entryId: entry.id, lotId: lot.lotId, quantity, unitPriceCentavos: lot.priceCentavos });
      left -= quantity;
    }
    if (left > 0) backOnSale.push({ lotId: lot.lotId, quantity: left });
  }
  return { offers, backOnSale };
}

/**
 * The freed units of one sector the waiting list may offer: at most `fullAvailable`, the units full
 * price may take now (domain/sale.ts sectorMeia, with the sector locked), taken lot by lot in their
 * turn (ascending position). Offers are full-price sales (assertOfferBuyable), so units freed from
 * the meia-entrada reserve go back to it while it lasts (Lei 12.933/2013: 40 % of the tickets for
 * meia-entrada until its release time, domain/meia.ts reserveReleaseAt); what is not offered stays on sale.
 */
export function offerableFreedUnits(freed: FreedUnits[], fullAvailable: number): FreedUnits[] {
  let left = Math.max(0, fullAvailable);
  const offerable: FreedUnits[] = [];
  for (const lot of [...freed].sort((a, b) => a.position - b.position)) {
    const quantity = Math.min(lot.quantity, left);
    if (quantity <= 0) continue;
    offerable.push({ ...lot, quantity });
    left -= quantity;
  }
  return offerable;
}

/**
 * How long an offer is held for its person, in minutes: the organizer's setting for the event
 * (events.waitlist_offer_minutes) when there is one; otherwise 30 minutes on the day the sector's
 * sales opened (its on-sale day, in America/Sao_Paulo) and 12 hours on any other day, or when the
 * sector has no opening instant.
 */
export function offerHoldMinutes(setting: number | null, salesStartAt: Date | null, now: Date): number {
  if (setting !== null) return setting;
  if (salesStartAt && saoPauloToday(salesStartAt) === saoPauloToday(now)) return ON_SALE_DAY_OFFER_MINUTES;
  return OTHER_DAY_OFFER_MINUTES;
}

/** When an offer made at `now` ends (UTC instant), held offerHoldMinutes. */
export function offerExpiresAt(setting: number | null, salesStartAt: Date | null, now: Date): Date {
  return new Date(now.getTime() + offerHoldMinutes(setting, salesStartAt, now) * 60_000);
}

/** A sector as joining its waiting list reads it. */
export interface WaitlistSector {
  eventId: string;
  /** Units on public sale (the sum of its lots' remaining). */
  remaining: number;
  salesEndAt: Date | null;
  hiddenWithoutCode: boolean;
}

/**
 * Whether a person may join a sector's waiting list at `now`: the sector exists for this event
 * and is public (ticket_type_not_found), its sales have not closed (sector_closed), and it is sold
 * out (waitlist_not_sold_out: with units on sale, buy them). The event itself is checked on sale
 * before (domain/sale assertOnSale).
 */
export function assertCanJoin(sector: WaitlistSector | null, eventId: string, now: Date): asserts sector is WaitlistSector {
  if (!sector || sector.eventId !== eventId || sector.hiddenWithoutCode) throw new DomainError('ticket_type_not_found');
  if (sector.salesEndAt && now.getTime() >= sector.salesEndAt.getTime()) throw new DomainError('sector_closed');
  if (sector.remaining > 0) throw new DomainError('waitlist_not_sold_out');
}

/** An offer as the sale reads it, with its row locked. Price in centavos; `expiresAt` UTC. */
export interface SaleOffer {
  id: string;
  userId: string;
  sectorId: string;
  lotId: string;
  quantity: number;
  unitPriceCentavos: number;
  status: 'open' | 'taken' | 'expired';
  expiresAt: Date;
}

/**
 * Whether `userId` may buy `quantity` units of `sectorId` from `offer` at `now`: only the
 * person it was made for (waitlist_offer_not_yours), while open and before it expires
 * (waitlist_offer_expired), only its sector at full price (waitlist_offer_mismatch) and at most
 * its units (waitlist_offer_mismatch). The units are taken from the offer, never from public stock.
 */
export function assertOfferBuyable(
  offer: SaleOffer | null,
  userId: string | null,
  lines: { sectorId: string; quantity: number; concession?: unknown }[],
  now: Date,
): asserts offer is SaleOffer {
  if (!offer || offer.userId !== userId) throw new DomainError('waitlist_offer_not_yours');
  if (offer.status !== 'open' || now.getTime() >= offer.expiresAt.getTime()) throw new DomainError('waitlist_offer_expired');
  const chosen = lines.filter((line) => line.quantity > 0);
  const units = chosen.reduce((sum, line) => sum + line.quantity, 0);
  if (chosen.some((line) => line.sectorId !== offer.sectorId || line.concession) || units < 1 || units > offer.quantity) {
    throw new DomainError('waitlist_offer_mismatch', { sectorId: offer.sectorId, quantity: offer.quantity });
  }
}
