import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Tx } from '../../db/client';
import { unnestRows } from '../../lib/unnest';

/**
 * The one owner of stock and coupon counters (ARCHITECTURE.md 'Flow of a purchase'): every change
 * of `ticket_types.remaining` and of `coupons.current_uses` / `held_uses` goes through these
 * functions, always inside the caller's transaction and always locking rows in id order, so
 * placing, confirming, releasing, expiring, refunding and cancelling never deadlock one another.
 *
 * The counters keep, for every ticket type, sold + held + remaining = stock, where held is the
 * units of pending orders and sold the valid tickets; and for every coupon, held_uses = pending
 * orders using it, current_uses = paid orders using it, their sum within max_uses.
 */

/** Units of one ticket type. */
export interface StockLine {
  ticketTypeId: string | null;
  quantity: number;
}

/** Sums the lines per ticket type and sorts them by id (the lock order). Lines without a type are dropped. */
function byTicketType(lines: StockLine[]): { ticketTypeId: string; quantity: number }[] {
  const merged = new Map<string, { ticketTypeId: string; quantity: number }>();
  for (const line of lines) {
    if (!line.ticketTypeId || line.quantity <= 0) continue;
    const known = merged.get(line.ticketTypeId);
    if (known) known.quantity += line.quantity;
    else merged.set(line.ticketTypeId, { ticketTypeId: line.ticketTypeId, quantity: line.quantity });
  }
  return [...merged.values()].sort((a, b) => (a.ticketTypeId < b.ticketTypeId ? -1 : a.ticketTypeId > b.ticketTypeId ? 1 : 0));
}

/**
 * Takes units out of stock for unpaid orders: the lines summed per ticket type, their rows
 * locked in id order, then one conditional `UPDATE ... WHERE remaining >= quantity` for all of
 * them, so it never oversells. Throws DomainError('ticket_type_sold_out', { ticketTypeId }) for
 * the first type without the units; the caller's transaction then rolls every hold back. The
 * sale (place-order.ts) calls it with the types already locked and the quantities decided.
 */
export async function holdUnits(tx: Tx, lines: StockLine[]): Promise<void> {
  const holds = byTicketType(lines);
  if (holds.length === 0) return;
  if (holds.length > 1) {
    await tx.execute(sql`SELECT id FROM ticket_types WHERE id IN (${sql.join(holds.map((h) => sql`${h.ticketTypeId}::uuid`), sql`, `)}) ORDER BY id FOR UPDATE`);
  }
  const held = await queryRows<{ id: string }>(tx, sql`
    UPDATE ticket_types t SET remaining = t.remaining - h.quantity
    FROM ${unnestRows(holds, 'h', { id: ['uuid', (l) => l.ticketTypeId], quantity: ['int', (l) => l.quantity] }).from}
    WHERE t.id = h.id AND t.remaining >= h.quantity
    RETURNING t.id`);
  if (held.length === holds.length) return;
  const took = new Set(held.map((row) => row.id));
  throw new DomainError('ticket_type_sold_out', { ticketTypeId: holds.find((h) => !took.has(h.ticketTypeId))!.ticketTypeId });
}

/**
 * Holds the units again, and counts the coupon use when `couponId` is given, all or none, for a
 * payment that came after its order's hold ended. Returns false (nothing changed) when a type no
 * longer has the units or the coupon no use left. Uses a savepoint.
 */
export async function tryHoldUnits(tx: Tx, lines: StockLine[], couponId: string | null = null): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await holdUnits(savepoint, lines.map((l) => ({ ticketTypeId: l.ticketTypeId, quantity: l.quantity })));
      if (couponId && !(await tryCountCouponUse(savepoint, couponId))) throw new DomainError('coupon_exhausted');
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * Puts units back into stock: a pending order released (expired, failed, cancelled), or tickets
 * refunded or cancelled. One UPDATE per type, in id order.
 */
export async function returnUnits(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of byTicketType(lines)) {
    await tx.execute(sql`UPDATE ticket_types SET remaining = remaining + ${line.quantity} WHERE id = ${line.ticketTypeId}`);
  }
}

/**
 * Returns the units and coupon holds of many released orders at once (the hold-expiry sweep):
 * their items summed per type, then the same updates as returnUnits / releaseCouponHolds.
 */
export async function returnHoldsOfOrders(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = sql.join(orderIds.map((id) => sql`${id}::uuid`), sql`, `);
  const items = await queryRows<{ ticket_type_id: string; quantity: number }>(tx, sql`
    SELECT ticket_type_id, sum(quantity)::int AS quantity FROM order_items
    WHERE order_id IN (${ids}) AND ticket_type_id IS NOT NULL GROUP BY ticket_type_id`);
  await returnUnits(tx, items.map((i) => ({ ticketTypeId: i.ticket_type_id, quantity: Number(i.quantity) })));
  const uses = await queryRows<{ coupon_id: string; uses: number }>(tx, sql`
    SELECT coupon_id, count(*)::int AS uses FROM orders WHERE id IN (${ids}) AND coupon_id IS NOT NULL GROUP BY coupon_id ORDER BY coupon_id`);
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
  const kept = await queryRows<{ id: string }>(tx, sql`
    UPDATE coupons c SET held_uses = c.held_uses + h.uses
    FROM ${unnestRows(sorted, 'h', { id: ['uuid', (h) => h.couponId], uses: ['int', (h) => h.uses] }).from}
    WHERE c.id = h.id AND (c.max_uses IS NULL OR c.current_uses + c.held_uses + h.uses <= c.max_uses)
    RETURNING c.id`);
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
export async function tryCountCouponUse(tx: Tx, couponId: string): Promise<boolean> {
  const counted = await queryRows<{ id: string }>(tx, sql`
    UPDATE coupons SET current_uses = current_uses + 1
    WHERE id = ${couponId} AND (max_uses IS NULL OR current_uses + held_uses < max_uses)
    RETURNING id`);
  return counted.length > 0;
}

/**
 * Moves the stock of one ticket type by `delta` units (the back office editing availability),
 * refusing a change that would take it below zero. Returns false when it would.
 */
export async function adjustStock(tx: Tx, ticketTypeId: string, delta: number): Promise<boolean> {
  const moved = await queryRows<{ id: string }>(tx, sql`
    UPDATE ticket_types SET remaining = remaining + ${delta} WHERE id = ${ticketTypeId} AND remaining + ${delta} >= 0 RETURNING id`);
  return moved.length > 0;
}
