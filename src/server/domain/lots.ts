/**
 * Lots that turn over (docs/rules/sale.md 'Sectors and lots'): a sector sells in lots ('1º lote',
 * '2º lote'), one at a time, each at its price. The lot on sale is the earliest by position that
 * has not ended and still has units; when it has not started yet, nothing of the sector is on sale
 * until it does. A lot ends when its `endsAt` passes; the units it did not sell roll into the next
 * lot that has not ended (rollEndedLots). Units given back by a released order return to the lot
 * they came from, which is on sale again if it is still the earliest with units.
 *
 * Pure: the sale (domain/sale.ts) decides on these with the rows locked, and the inventory
 * (services/orders/inventory.ts) writes what they decided. Instants are UTC; money in centavos.
 */

/** One lot as read with its row locked. `quantity` counts the units it sells in all (rolled ones included). */
export interface SaleLot {
  id: string;
  position: number;
  priceCentavos: number;
  quantity: number;
  remaining: number;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** Units moved from an ended lot into the next one. */
export interface LotRoll {
  fromLotId: string;
  toLotId: string;
  units: number;
}

/** Units taken from one lot, at its price. */
export interface LotTake {
  lotId: string;
  position: number;
  priceCentavos: number;
  quantity: number;
}

function hasEnded(lot: SaleLot, now: Date): boolean {
  return lot.endsAt !== null && lot.endsAt.getTime() <= now.getTime();
}

function hasStarted(lot: SaleLot, now: Date): boolean {
  return lot.startsAt === null || lot.startsAt.getTime() <= now.getTime();
}

function byPosition(lots: SaleLot[]): SaleLot[] {
  return [...lots].sort((a, b) => a.position - b.position);
}

/**
 * Moves the unsold units of every ended lot into the next lot (by position) that has not ended,
 * changing `quantity` and `remaining` of both in `lots`. An ended lot with no later open lot keeps
 * its units (the sector's sales are over). Returns the moves, for the caller to store.
 */
export function rollEndedLots(lots: SaleLot[], now: Date): LotRoll[] {
  const ordered = byPosition(lots);
  const rolls: LotRoll[] = [];
  for (const [i, lot] of ordered.entries()) {
    if (!hasEnded(lot, now) || lot.remaining === 0) continue;
    const next = ordered.slice(i + 1).find((later) => !hasEnded(later, now));
    if (!next) continue;
    rolls.push({ fromLotId: lot.id, toLotId: next.id, units: lot.remaining });
    next.quantity += lot.remaining;
    next.remaining += lot.remaining;
    lot.quantity -= lot.remaining;
    lot.remaining = 0;
  }
  return rolls;
}

/** Where a sector's lots stand at `now`: the lot on sale, the one after it, or when sales open again. */
export interface LotsState {
  /** The lot on sale; null when none is (sold out, ended, or the next one has not started). */
  current: SaleLot | null;
  /** The lot after the current one (its price is 'Próximo lote'); null when none. */
  next: SaleLot | null;
  /** When no lot is on sale but one will start: its start (UTC). */
  opensAt: Date | null;
}

/**
 * The lot on sale at `now`: the earliest by position that has not ended and has units, if it has
 * started (rolls counted as rollEndedLots would make them, without changing `lots`).
 */
export function lotsState(lots: SaleLot[], now: Date): LotsState {
  const ordered = byPosition(lots).map((lot) => ({ ...lot }));
  rollEndedLots(ordered, now);
  const index = ordered.findIndex((lot) => !hasEnded(lot, now) && lot.remaining > 0);
  if (index < 0) return { current: null, next: null, opensAt: null };
  const lot = ordered[index];
  if (!hasStarted(lot, now)) return { current: null, next: lot, opensAt: lot.startsAt };
  const next = ordered.slice(index + 1).find((later) => !hasEnded(later, now)) ?? null;
  return { current: lot, next, opensAt: null };
}

/** Units a sector can still sell at `now`: those of the lot on sale and of the open lots after it. */
export function sellableUnits(lots: SaleLot[], now: Date): number {
  const ordered = byPosition(lots);
  let units = 0;
  for (const lot of ordered) {
    if (hasEnded(lot, now)) continue;
    if (!hasStarted(lot, now)) {
      // A lot that has not started stops the count when it is the first with units.
      if (lot.remaining > 0 && units === 0) return 0;
      if (lot.remaining > 0) break;
      continue;
    }
    units += lot.remaining;
  }
  return units;
}

/**
 * Takes `quantity` units in lot order, starting at the lot on sale and going on to the next lots
 * that have started (a buyer at the turn of a lot pays each unit the price of the lot it came
 * from), after rollEndedLots ran on `lots`. Changes `remaining` in `lots`. Returns the takes, or
 * null (nothing changed) when the open lots have fewer units.
 */
export function takeUnits(lots: SaleLot[], quantity: number, now: Date): LotTake[] | null {
  if (sellableUnits(lots, now) < quantity) return null;
  const takes: LotTake[] = [];
  let left = quantity;
  for (const lot of byPosition(lots)) {
    if (left === 0) break;
    if (hasEnded(lot, now) || lot.remaining === 0) continue;
    const units = Math.min(left, lot.remaining);
    lot.remaining -= units;
    left -= units;
    takes.push({ lotId: lot.id, position: lot.position, priceCentavos: lot.priceCentavos, quantity: units });
  }
  return takes;
}

/** A lot's name, '1º lote'. */
export function lotName(position: number): string {
  return `${position}º lote`;
}
