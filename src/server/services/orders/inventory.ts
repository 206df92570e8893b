import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Tx } from '../../db/client';

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

/** Units of one ticket type; `unitPriceCentavos` given = held only while the price is still that. */
export interface StockLine {
  ticketTypeId: string | null;
  quantity: number;
  unitPriceCentavos?: number;
}

/** Sums the lines per ticket type and sorts them by id (the lock order). Lines without a type are dropped. */
function byTicketType(lines: StockLine[]): { ticketTypeId: string; quantity: number; unitPriceCentavos?: number }[] {
  const merged = new Map<string, { ticketTypeId: string; quantity: number; unitPriceCentavos?: number }>();
  for (const line of lines) {
    if (!line.ticketTypeId || line.quantity <= 0) continue;
    const known = merged.get(line.ticketTypeId);
    if (known) known.quantity += line.quantity;
    else merged.set(line.ticketTypeId, { ticketTypeId: line.ticketTypeId, quantity: line.quantity, unitPriceCentavos: line.unitPriceCentavos });
  }
  return [...merged.values()].sort((a, b) => (a.ticketTypeId < b.ticketTypeId ? -1 : a.ticketTypeId > b.ticketTypeId ? 1 : 0));
}

/**
 * Takes units out of stock for an unpaid order: one conditional `UPDATE ... WHERE remaining >=
 * quantity` per type, in id order, so it never oversells. With `unitPriceCentavos`, only at that
 * price. Throws DomainError 'price_changed' or 'ticket_type_sold_out' (details.ticketTypeId);
 * the caller's transaction then rolls every hold back.
 */
export async function holdUnits(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of byTicketType(lines)) {
    const held = await queryRows<{ id: string }>(tx, sql`
      UPDATE ticket_types SET remaining = remaining - ${line.quantity}
      WHERE id = ${line.ticketTypeId} AND remaining >= ${line.quantity}
        AND (${line.unitPriceCentavos ?? null}::int IS NULL OR price_centavos = ${line.unitPriceCentavos ?? null}::int)
      RETURNING id`);
    if (held.length > 0) continue;
    const [current] = await queryRows<{ price_centavos: number }>(tx, sql`SELECT price_centavos FROM ticket_types WHERE id = ${line.ticketTypeId}`);
    if (current && line.unitPriceCentavos !== undefined && current.price_centavos !== line.unitPriceCentavos) {
      throw new DomainError('price_changed', { ticketTypeId: line.ticketTypeId });
    }
    throw new DomainError('ticket_type_sold_out', { ticketTypeId: line.ticketTypeId });
  }
}

/**
 * The hold of one ticket type for several unpaid orders at once, first come first served, as
 * three CTEs of one statement (place-order.ts places a group of orders with it): `stock` locks the
 * event (key share, first, as every other hold) and then the type's row, only while the event is
 * published and not cancelled and the type is of that event at exactly the unit price; `chosen`
 * is the longest prefix of `requests` (in `ord` order) whose units fit in what remains; `held`
 * takes their sum out with `WHERE remaining >= sum`, so it never oversells. `requests` names a
 * relation with columns `quantity` (int) and `ord` (its turn); the other arguments are parameter
 * placeholders ('$1'...): ticket type id (uuid), unit price (int centavos), event id (uuid).
 * `held` has one row, with what remains after it, when units were held; rows of `chosen` are the
 * orders that got them; `stock` has no row when the event or the price no longer allows a hold. The
 * statement commits or fails as a whole, so the hot stock row stays locked only inside it.
 */
export function holdInTurnText(requests: string, ticketTypeId: string, unitPriceCentavos: string, eventId: string): string {
  return `stock AS (
      SELECT remaining FROM ticket_types
      WHERE id = ${ticketTypeId}::uuid AND price_centavos = ${unitPriceCentavos}::int
        AND event_id = (SELECT id FROM events WHERE id = ${eventId}::uuid AND is_published AND cancelled_at IS NULL FOR KEY SHARE)
      FOR UPDATE
    ), chosen AS (
      SELECT r.* FROM (SELECT q.*, sum(q.quantity) OVER (ORDER BY q.ord) AS running FROM ${requests} q) r, stock
      WHERE r.running <= stock.remaining
    ), held AS (
      UPDATE ticket_types SET remaining = remaining - (SELECT sum(quantity) FROM chosen)
      WHERE id = ${ticketTypeId}::uuid AND remaining >= (SELECT sum(quantity) FROM chosen)
      RETURNING id, remaining
    )`;
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

/** Holds one use of a coupon for an unpaid order; throws DomainError('coupon_exhausted') when none is left. */
export async function holdCouponUse(tx: Tx, couponId: string): Promise<void> {
  const kept = await queryRows<{ id: string }>(tx, sql`
    UPDATE coupons SET held_uses = held_uses + 1
    WHERE id = ${couponId} AND (max_uses IS NULL OR current_uses + held_uses < max_uses)
    RETURNING id`);
  if (kept.length === 0) throw new DomainError('coupon_exhausted', { field: 'couponCode' });
}

/** Gives back `uses` held coupon uses of released orders. */
export async function releaseCouponHold(tx: Tx, couponId: string, uses = 1): Promise<void> {
  await tx.execute(sql`UPDATE coupons SET held_uses = held_uses - ${uses} WHERE id = ${couponId}`);
}

/** A held use becomes a counted one: the order was paid. */
export async function settleCouponUse(tx: Tx, couponId: string): Promise<void> {
  await tx.execute(sql`UPDATE coupons SET held_uses = held_uses - 1, current_uses = current_uses + 1 WHERE id = ${couponId}`);
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
