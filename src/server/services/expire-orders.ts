import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/**
 * Expires every `pending` order whose `expires_at` has passed (PRODUCT.md: held units are
 * released when an unpaid order expires) and returns their units and coupon uses, in one
 * statement. `now` is a UTC instant. Returns how many orders expired.
 */
export async function expireOrders(db: Db, now: Date): Promise<number> {
  const [row] = await queryRows<{ expired: number }>(db, sql`
    WITH expired AS (
      UPDATE orders SET status = 'expired', updated_at = ${now}
      WHERE status = 'pending' AND expires_at < ${now}
      RETURNING id, coupon_id
    ), returned_units AS (
      UPDATE ticket_types t SET remaining = t.remaining + s.quantity
      FROM (
        SELECT oi.ticket_type_id, sum(oi.quantity)::int AS quantity
        FROM order_items oi JOIN expired e ON e.id = oi.order_id
        WHERE oi.ticket_type_id IS NOT NULL
        GROUP BY oi.ticket_type_id
      ) s
      WHERE t.id = s.ticket_type_id
    ), returned_coupons AS (
      UPDATE coupons c SET held_uses = c.held_uses - s.uses
      FROM (SELECT coupon_id, count(*)::int AS uses FROM expired WHERE coupon_id IS NOT NULL GROUP BY coupon_id) s
      WHERE c.id = s.coupon_id
    )
    SELECT count(*)::int AS expired FROM expired
  `);
  return Number(row.expired);
}
