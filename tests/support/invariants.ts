import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

export interface InventoryInvariantOptions {
  /** The stock each ticket type was created with (units); only these types are checked. */
  initialStockBySectorId: Record<string, number>;
  /**
   * The max_uses each coupon was created with, by coupon id; only these coupons are checked.
   * Absent: every coupon of the database, against its own max_uses.
   */
  couponMaxUses?: Record<string, number>;
  /** The instant the holds are judged at (UTC); default now. */
  now?: Date;
  /** How long past its expires_at a pending order may still hold units (the worker's round trip); default 0. */
  pendingGraceMs?: number;
}

/**
 * Reads the stock and coupon counters back from the database and returns every broken
 * invariant as one English sentence (empty = all hold; issue 8 'one owner of stock'):
 *
 * - for each ticket type: sold + held + remaining = its initial stock, where held = units of
 *   its pending orders' items and sold = its tickets (through order_items.ticket_type_id)
 *   whose status is 'valid', checked in or not; and remaining >= 0;
 * - for each lot of those types: sold + held + remaining = its quantity, and the type's
 *   remaining is the sum of its lots';
 * - for each coupon: held_uses = pending orders using it, current_uses = orders using it that
 *   were paid (completed_at set, refunded later or not), both >= 0, and their sum <= max_uses;
 * - no pending order whose expires_at passed more than `pendingGraceMs` before `now`;
 * - a ticket is 'valid' only in a 'completed' order.
 * The last two look at the orders holding items of the given ticket types (all orders when none
 * is given).
 *
 * Works on PGlite and PostgreSQL; reads only.
 */
export async function checkInventoryInvariants(db: Db, options: InventoryInvariantOptions): Promise<string[]> {
  const violations: string[] = [];
  const now = options.now ?? new Date();
  const typeIds = Object.keys(options.initialStockBySectorId);
  const ids = sql.join(
    typeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // The order-level checks look at the orders for these types only (a shared test database).
  const ofTheseTypes =
    typeIds.length > 0 ? sql`AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.ticket_type_id IN (${ids}))` : sql``;

  if (typeIds.length > 0) {
    const rows = await queryRows<{ id: string; name: string; remaining: number; held: number; sold: number }>(
      db,
      sql`
      SELECT tt.id, tt.name, tt.remaining,
        (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE oi.ticket_type_id = tt.id AND o.status = 'pending') AS held,
        (SELECT count(*)::int FROM tickets t JOIN order_items oi ON oi.id = t.order_item_id
          WHERE oi.ticket_type_id = tt.id AND t.status = 'valid') AS sold
      FROM ticket_types tt WHERE tt.id IN (${ids})`,
    );
    for (const id of typeIds) {
      const row = rows.find((r) => r.id === id);
      if (!row) {
        violations.push(`ticket type ${id} is missing`);
        continue;
      }
      const [sold, held, remaining] = [Number(row.sold), Number(row.held), Number(row.remaining)];
      const stock = options.initialStockBySectorId[id];
      if (sold + held + remaining !== stock) {
        violations.push(
          `ticket type '${row.name}' (${id}): sold ${sold} + held ${held} + remaining ${remaining} = ${sold + held + remaining}, not its stock ${stock}`,
        );
      }
      if (remaining < 0) violations.push(`ticket type '${row.name}' (${id}): remaining ${remaining} < 0`);
    }
  }

  // Every lot of these sectors: sold + held + remaining = its quantity; the sector's remaining is its lots' sum.
  if (typeIds.length > 0) {
    const lots = await queryRows<{
      id: string;
      ticket_type_id: string;
      position: number;
      quantity: number;
      remaining: number;
      held: number;
      sold: number;
      sector_remaining: number;
    }>(
      db,
      sql`
      SELECT l.id, l.ticket_type_id, l.position, l.quantity, l.remaining, t.remaining AS sector_remaining,
        (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.lot_id = l.id AND o.status = 'pending') AS held,
        (SELECT count(*)::int FROM tickets k JOIN order_items oi ON oi.id = k.order_item_id WHERE oi.lot_id = l.id AND k.status = 'valid') AS sold
      FROM ticket_lots l JOIN ticket_types t ON t.id = l.ticket_type_id WHERE l.ticket_type_id IN (${ids})`,
    );
    for (const lot of lots) {
      const [sold, held, remaining, quantity] = [Number(lot.sold), Number(lot.held), Number(lot.remaining), Number(lot.quantity)];
      if (sold + held + remaining !== quantity)
        violations.push(
          `lot ${lot.position} of ${lot.ticket_type_id}: sold ${sold} + held ${held} + remaining ${remaining} != quantity ${quantity}`,
        );
    }
    for (const id of typeIds) {
      const mine = lots.filter((l) => l.ticket_type_id === id);
      const sum = mine.reduce((total, l) => total + Number(l.remaining), 0);
      if (mine.length > 0 && sum !== Number(mine[0].sector_remaining))
        violations.push(`ticket type ${id}: remaining ${mine[0].sector_remaining} is not its lots' ${sum}`);
    }
  }

  const couponIds = options.couponMaxUses ? Object.keys(options.couponMaxUses) : null;
  if (!couponIds || couponIds.length > 0) {
    const only = couponIds
      ? sql`WHERE c.id IN (${sql.join(
          couponIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const rows = await queryRows<{
      id: string;
      code: string;
      max_uses: number | null;
      current_uses: number;
      held_uses: number;
      pending_orders: number;
      paid_orders: number;
    }>(
      db,
      sql`
      SELECT c.id, c.code, c.max_uses, c.current_uses, c.held_uses,
        (SELECT count(*)::int FROM orders o WHERE o.coupon_id = c.id AND o.status = 'pending') AS pending_orders,
        (SELECT count(*)::int FROM orders o WHERE o.coupon_id = c.id AND o.completed_at IS NOT NULL) AS paid_orders
      FROM coupons c ${only}`,
    );
    for (const id of couponIds ?? rows.map((r) => r.id)) {
      const row = rows.find((r) => r.id === id);
      if (!row) {
        violations.push(`coupon ${id} is missing`);
        continue;
      }
      const [current, held] = [Number(row.current_uses), Number(row.held_uses)];
      const max = options.couponMaxUses?.[id] ?? (row.max_uses === null ? null : Number(row.max_uses));
      if (held !== Number(row.pending_orders)) {
        violations.push(`coupon ${row.code}: held_uses ${held}, but ${row.pending_orders} pending orders use it`);
      }
      if (current !== Number(row.paid_orders)) {
        violations.push(`coupon ${row.code}: current_uses ${current}, but ${row.paid_orders} paid orders used it`);
      }
      if (current < 0 || held < 0) violations.push(`coupon ${row.code}: negative uses (current ${current}, held ${held})`);
      if (max !== null && current + held > max) {
        violations.push(`coupon ${row.code}: current_uses ${current} + held_uses ${held} > max_uses ${max}`);
      }
    }
  }

  const overdue = await queryRows<{ id: string; expires_at: Date | string; units: number }>(
    db,
    sql`
    SELECT o.id, o.expires_at, (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = o.id) AS units
    FROM orders o
    WHERE o.status = 'pending' AND o.expires_at < ${new Date(now.getTime() - (options.pendingGraceMs ?? 0))} ${ofTheseTypes}
    ORDER BY o.expires_at`,
  );
  for (const order of overdue) {
    violations.push(
      `order ${order.id} still holds ${order.units} units, pending past its hold (expired at ${new Date(order.expires_at).toISOString()})`,
    );
  }

  const strayTickets = await queryRows<{ order_id: string; status: string; tickets: number }>(
    db,
    sql`
    SELECT t.order_id, o.status, count(*)::int AS tickets FROM tickets t JOIN orders o ON o.id = t.order_id
    WHERE t.status = 'valid' AND o.status <> 'completed' ${ofTheseTypes}
    GROUP BY t.order_id, o.status`,
  );
  for (const stray of strayTickets) {
    violations.push(`order ${stray.order_id} is '${stray.status}' but has ${stray.tickets} valid tickets`);
  }
  return violations;
}

/**
 * Who holds what as the database keeps it (cpf_holdings: units and meias per 'cpf:<digits>' and
 * 'account:<id>', moved by every change of a ticket's holder) against what the orders and tickets
 * say now (units of pending orders, valid tickets of paid ones, each for its named holder's CPF,
 * else the buyer's while the buyer owns it, and for its account). Returns one English sentence per
 * difference (empty: they agree), for the events `eventIds` (all when absent).
 */
export async function checkHoldingsLedger(db: Db, eventIds?: string[]): Promise<string[]> {
  const rows = await queryRows<{
    event_id: string;
    holder: string;
    kept_units: number | null;
    kept_meias: number | null;
    units: number | null;
    meias: number | null;
  }>(
    db,
    sql`
    WITH truth AS (
      SELECT event_id, holder, sum(units)::int AS units, sum(meias)::int AS meias FROM (
        SELECT o.event_id, 'cpf:' || coalesce(i.holder_cpf, nullif(i.holder_cpfs[n], ''), o.buyer_cpf) AS holder, 1 AS units, (i.concession IS NOT NULL)::int AS meias
        FROM orders o JOIN order_items i ON i.order_id = o.id CROSS JOIN LATERAL generate_series(1, i.quantity) AS n
        WHERE o.status = 'pending' AND coalesce(i.holder_cpf, nullif(i.holder_cpfs[n], ''), o.buyer_cpf) <> ''
        UNION ALL
        SELECT o.event_id, 'account:' || o.user_id, i.quantity, 0 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status = 'pending' AND o.user_id IS NOT NULL
        UNION ALL
        SELECT t.event_id, 'cpf:' || coalesce(t.holder_cpf, CASE WHEN t.user_id IS DISTINCT FROM o.user_id THEN '' ELSE o.buyer_cpf END), 1, (t.concession IS NOT NULL)::int
        FROM tickets t JOIN orders o ON o.id = t.order_id
        WHERE t.status = 'valid' AND o.status = 'completed' AND coalesce(t.holder_cpf, CASE WHEN t.user_id IS DISTINCT FROM o.user_id THEN '' ELSE o.buyer_cpf END) <> ''
        UNION ALL
        SELECT t.event_id, 'account:' || t.user_id, 1, 0 FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.status = 'valid' AND o.status = 'completed' AND t.user_id IS NOT NULL
      ) held GROUP BY event_id, holder
    ), kept AS (SELECT event_id, holder, units, meias FROM cpf_holdings WHERE units > 0 OR meias > 0)
    SELECT coalesce(k.event_id, t.event_id) AS event_id, coalesce(k.holder, t.holder) AS holder, k.units AS kept_units, k.meias AS kept_meias, t.units, t.meias
    FROM kept k FULL JOIN truth t ON t.event_id = k.event_id AND t.holder = k.holder
    WHERE k.units IS DISTINCT FROM t.units OR k.meias IS DISTINCT FROM t.meias`,
  );
  const filtered = eventIds ? rows.filter((r) => eventIds.includes(r.event_id)) : rows;
  return filtered.map(
    (r) =>
      `event ${r.event_id}, ${r.holder}: kept ${r.kept_units ?? 0} units / ${r.kept_meias ?? 0} meias, holds ${r.units ?? 0} / ${r.meias ?? 0}`,
  );
}
