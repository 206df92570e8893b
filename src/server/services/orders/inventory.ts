import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Tx } from '../../db/client';
import { unnestRows } from '../../lib/unnest';
import { countsAgainstReserve, type Concession } from '../../../shared/concessions';
import type { LotRoll } from '../../domain/lots';
import { moveHoldings, pendingUnitsSql } from './cpf-holdings';
import { offerFreedUnits, sectorsWithWaiting } from './offer-freed-units';

/**
 * The one owner of stock and coupon counters (docs/architecture.md 'Flow of a purchase'): every change
 * of `ticket_types.remaining` and of `coupons.current_uses` / `held_uses` goes through these
 * functions, always inside the caller's transaction and always locking rows in id order, so
 * placing, confirming, releasing, expiring, refunding and cancelling never deadlock one another.
 *
 * The counters keep, for every lot, sold + held + remaining = quantity, where held is the units
 * of pending orders and sold the valid tickets; for every sector, remaining = the sum of its lots'
 * and half_taken = its half-price units held or sold that count against the reserve; for every coupon, held_uses = pending
 * orders using it, current_uses = paid orders using it, their sum within max_uses.
 */

/** Units of one ticket type from one lot; a half-price line names its category (the reserve counts all but 'senior'). */
export interface StockLine {
  sectorId: string | null;
  lotId: string | null;
  quantity: number;
  concession?: Concession | null;
}

/** Stock moves summed per sector and per lot, each sorted by id (the lock order). Lines without a type or lot are dropped. */
function summed(lines: StockLine[]): { types: { id: string; quantity: number; meia: number }[]; lots: { id: string; quantity: number }[] } {
  const types = new Map<string, { id: string; quantity: number; meia: number }>();
  const lots = new Map<string, { id: string; quantity: number }>();
  for (const line of lines) {
    if (!line.sectorId || !line.lotId || line.quantity <= 0) continue;
    const type = types.get(line.sectorId) ?? { id: line.sectorId, quantity: 0, meia: 0 };
    type.quantity += line.quantity;
    if (line.concession && countsAgainstReserve(line.concession)) type.meia += line.quantity;
    types.set(type.id, type);
    const lot = lots.get(line.lotId) ?? { id: line.lotId, quantity: 0 };
    lot.quantity += line.quantity;
    lots.set(lot.id, lot);
  }
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { types: [...types.values()].sort(byId), lots: [...lots.values()].sort(byId) };
}

/**
 * Moves stock by `sign` (-1 takes, +1 gives back) in one statement: the sectors first (their rows
 * are the lock every writer of a sector's lots takes first, in id order), then their lots; a take
 * changes a row only where it has the units. Returns how many sector and lot rows changed.
 */
async function moveStock(
  tx: Tx,
  lines: StockLine[],
  sign: 1 | -1,
): Promise<{ types: number; lots: number; wanted: ReturnType<typeof summed> }> {
  const wanted = summed(lines);
  if (wanted.types.length === 0) return { types: 0, lots: 0, wanted };
  const types = unnestRows(wanted.types, 's', {
    id: ['uuid', (t) => t.id],
    quantity: ['int', (t) => t.quantity],
    meia: ['int', (t) => t.meia],
  });
  const lots = unnestRows(wanted.lots, 'l', { id: ['uuid', (l) => l.id], quantity: ['int', (l) => l.quantity] });
  const [moved] = await queryRows<{ types: number; lots: number }>(
    tx,
    sql`
    WITH sectors AS (
      UPDATE ticket_types t SET remaining = t.remaining + ${sign} * s.quantity, half_taken = t.half_taken - ${sign} * s.meia
      FROM ${types.from}
      WHERE t.id = s.id AND (${sign} > 0 OR t.remaining >= s.quantity)
      RETURNING t.id
    ), lots AS (
      UPDATE ticket_lots x SET remaining = x.remaining + ${sign} * l.quantity
      FROM ${lots.from}
      WHERE x.id = l.id AND (${sign} > 0 OR x.remaining >= l.quantity) AND (SELECT count(*) FROM sectors) = ${wanted.types.length}
      RETURNING x.id
    )
    SELECT (SELECT count(*)::int FROM sectors) AS types, (SELECT count(*)::int FROM lots) AS lots`,
  );
  return { types: Number(moved.types), lots: Number(moved.lots), wanted };
}

/**
 * Takes units out of stock for unpaid orders: the lines summed per sector and lot, then one
 * statement whose conditional updates (`remaining >= quantity`) never oversell; half-price units
 * that count against the meia reserve are added to the sector's `half_taken`. The sale
 * (place-order.ts) calls it with the sectors locked and the lots decided by domain/sale. Throws
 * DomainError('ticket_type_sold_out', { sectorId }) when a sector or lot lacks the units; the
 * caller's transaction then rolls every hold back.
 */
export async function holdUnits(tx: Tx, lines: StockLine[]): Promise<void> {
  const moved = await moveStock(tx, lines, -1);
  if (moved.types === moved.wanted.types.length && moved.lots === moved.wanted.lots.length) return;
  throw new DomainError('ticket_type_sold_out', { sectorId: moved.wanted.types[0]?.id });
}

/**
 * Holds the units again in the lots they came from, and counts the coupon use when `couponId` is
 * given, all or none, for a payment that came after its order's hold ended, once the sale's rules
 * allowed it (services/payments/confirm-payment.ts holdAgain, domain/sale.ts decideHoldAgain).
 * Returns false (nothing changed) when a lot no longer has the units or the coupon no use left.
 * Uses a savepoint.
 */
export async function tryHoldUnits(tx: Tx, lines: StockLine[], couponId: string | null = null): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await holdUnits(savepoint, lines);
      if (couponId && !(await tryCountCouponUse(savepoint, couponId))) throw new DomainError('coupon_exhausted');
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * Puts units back into the lots they came from (which are on sale again if they are the earliest
 * with units, domain/lots): a pending order released (expired, failed, cancelled), tickets
 * refunded or cancelled, a waiting-list offer run out. Half-price units leave the sector's
 * `half_taken`. The one path of freed units: in a sector with people on its waiting list, the
 * units are offered to them in join order instead (offer-freed-units.ts) and
 * taken straight out of public stock again in the same transaction, so nobody outside the list
 * can buy them; the rest goes back on sale. A sector nobody waits for costs one read more.
 * `now` (UTC instant) dates the offers.
 */
export async function returnUnits(tx: Tx, lines: StockLine[], now: Date = new Date()): Promise<void> {
  const sectorIds = [...new Set(lines.flatMap((line) => (line.sectorId && line.lotId && line.quantity > 0 ? [line.sectorId] : [])))];
  if (sectorIds.length === 0) return;
  const waitedFor = await sectorsWithWaiting(tx, sectorIds);
  await moveStock(tx, lines, 1);
  if (waitedFor.size === 0) return;
  // The sectors are locked now (the update above): the entries read after it are current.
  const offered = await offerFreedUnits(
    tx,
    lines.filter((line) => line.sectorId && waitedFor.has(line.sectorId)),
    now,
  );
  const taken = await moveStock(tx, offered, -1);
  if (taken.types !== taken.wanted.types.length || taken.lots !== taken.wanted.lots.length)
    throw new Error('offered units were not in their lots');
}

/**
 * Stores the units of ended lots rolled into the next ones (domain/lots rollEndedLots), inside the
 * sale's transaction with the sectors locked: each lot's quantity and remaining move together.
 */
export async function rollLots(tx: Tx, rolls: LotRoll[]): Promise<void> {
  if (rolls.length === 0) return;
  const delta = new Map<string, number>();
  for (const roll of rolls) {
    delta.set(roll.fromLotId, (delta.get(roll.fromLotId) ?? 0) - roll.units);
    delta.set(roll.toLotId, (delta.get(roll.toLotId) ?? 0) + roll.units);
  }
  const moves = [...delta].map(([id, units]) => ({ id, units })).sort((a, b) => (a.id < b.id ? -1 : 1));
  await tx.execute(sql`
    UPDATE ticket_lots x SET quantity = x.quantity + m.units, remaining = x.remaining + m.units
    FROM ${unnestRows(moves, 'm', { id: ['uuid', (m) => m.id], units: ['int', (m) => m.units] }).from}
    WHERE x.id = m.id`);
}

/**
 * Returns the units and coupon holds of many released orders at once (the hold-expiry sweep):
 * their items summed per lot, then the same updates as returnUnits / releaseCouponHold.
 */
export async function returnHoldsOfOrders(tx: Tx, orderIds: string[], now: Date = new Date()): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const items = await queryRows<{ ticket_type_id: string; lot_id: string; concession: Concession | null; quantity: number }>(
    tx,
    sql`
    SELECT ticket_type_id, lot_id, concession, sum(quantity)::int AS quantity FROM order_items
    WHERE order_id IN (${ids}) AND ticket_type_id IS NOT NULL GROUP BY ticket_type_id, lot_id, concession`,
  );
  await returnUnits(
    tx,
    items.map((i) => ({ sectorId: i.ticket_type_id, lotId: i.lot_id, concession: i.concession, quantity: Number(i.quantity) })),
    now,
  );
  await moveHoldings(tx, pendingUnitsSql(sql`o.id IN (${ids})`), -1);
  const uses = await queryRows<{ coupon_id: string; uses: number }>(
    tx,
    sql`
    SELECT coupon_id, count(*)::int AS uses FROM orders WHERE id IN (${ids}) AND coupon_id IS NOT NULL GROUP BY coupon_id ORDER BY coupon_id`,
  );
  for (const use of uses) await releaseCouponHold(tx, use.coupon_id, Number(use.uses));
}

/**
 * Holds coupon uses for unpaid orders (`uses` per coupon), in one statement over the coupons in
 * id order; throws DomainError('coupon_exhausted', { field: 'couponCode' }) when a coupon has
 * fewer uses left than asked (the caller's transaction then rolls back).
 */
export async function holdCouponUses(tx: Tx, holds: { couponId: string; uses: number }[]): Promise<void> {
  const sorted = [...holds].sort((a, b) => (a.couponId < b.couponId ? -1 : 1));
  if (sorted.length === 0) return;
  const kept = await queryRows<{ id: string }>(
    tx,
    sql`
    UPDATE coupons c SET held_uses = c.held_uses + h.uses
    FROM ${unnestRows(sorted, 'h', { id: ['uuid', (h) => h.couponId], uses: ['int', (h) => h.uses] }).from}
    WHERE c.id = h.id AND (c.max_uses IS NULL OR c.current_uses + c.held_uses + h.uses <= c.max_uses)
    RETURNING c.id`,
  );
  if (kept.length !== sorted.length) throw new DomainError('coupon_exhausted', { field: 'couponCode' });
}

/** Gives back `uses` held coupon uses of released orders. */
export async function releaseCouponHold(tx: Tx, couponId: string, uses = 1): Promise<void> {
  await tx.execute(sql`UPDATE coupons SET held_uses = held_uses - ${uses} WHERE id = ${couponId}`);
}

/** Held uses become counted ones: the orders holding them were paid (`uses` per coupon, in id order). */
export async function settleCouponUses(tx: Tx, settled: { couponId: string; uses: number }[]): Promise<void> {
  const sorted = [...settled].sort((a, b) => (a.couponId < b.couponId ? -1 : 1));
  if (sorted.length === 0) return;
  await tx.execute(sql`
    UPDATE coupons c SET held_uses = c.held_uses - h.uses, current_uses = c.current_uses + h.uses
    FROM ${unnestRows(sorted, 'h', { id: ['uuid', (h) => h.couponId], uses: ['int', (h) => h.uses] }).from}
    WHERE c.id = h.id`);
}

/**
 * Counts a use for a payment that came after its hold ended, if one is left; false otherwise
 * (nothing changed). A refunded sale keeps its use counted: max_uses bounds discounted sales.
 */
async function tryCountCouponUse(tx: Tx, couponId: string): Promise<boolean> {
  const counted = await queryRows<{ id: string }>(
    tx,
    sql`
    UPDATE coupons SET current_uses = current_uses + 1
    WHERE id = ${couponId} AND (max_uses IS NULL OR current_uses + held_uses < max_uses)
    RETURNING id`,
  );
  return counted.length > 0;
}

/**
 * Moves the stock of one lot by `delta` units (the back office editing a lot's quantity), with its
 * sector, refusing a change that would take either below zero. Returns false when it would.
 */
export async function adjustLotStock(tx: Tx, lotId: string, delta: number): Promise<boolean> {
  // The sector's row first: the lock every writer of its lots takes before them.
  await tx.execute(sql`SELECT id FROM ticket_types WHERE id = (SELECT ticket_type_id FROM ticket_lots WHERE id = ${lotId}) FOR UPDATE`);
  const [moved] = await queryRows<{ lots: number }>(
    tx,
    sql`
    WITH lot AS (
      UPDATE ticket_lots SET quantity = quantity + ${delta}, remaining = remaining + ${delta}
      WHERE id = ${lotId} AND remaining + ${delta} >= 0 RETURNING ticket_type_id
    ), sector AS (
      UPDATE ticket_types SET remaining = remaining + ${delta} WHERE id = (SELECT ticket_type_id FROM lot) RETURNING id
    )
    SELECT (SELECT count(*)::int FROM sector) AS lots`,
  );
  return Number(moved.lots) > 0;
}

/**
 * Counts `units` more half-price units against a sector's meia-entrada reserve (`half_taken`) for
 * units already out of its stock: meias a box-office block sells beyond the units it kept for them
 * (domain/sale.ts decideSale's blockMeiaTaken). Nothing for 0.
 */
export async function countReserveUnits(tx: Tx, sectorId: string, units: number): Promise<void> {
  if (units <= 0) return;
  await tx.execute(sql`UPDATE ticket_types SET half_taken = half_taken + ${units} WHERE id = ${sectorId}::uuid`);
}
