import { sql, type SQL } from 'drizzle-orm';

/**
 * The tickets each CPF holds for an event, as the limit per CPF counts them (PRODUCT.md
 * 'Buying': limits per CPF; a meia-entrada unit counts for its holder's CPF, any other unit for
 * the buyer's): one row per order item of a pending or paid order of `eventId`, with
 * `cpf` (digits; '' for orders without one: courtesies, anonymised buyers), `order_id`,
 * `status` ('pending' | 'completed'), `units`, `half` (1 when the item counts for its holder,
 * 0 for the buyer), `name` (the buyer's name, or the holder's for a holder's unit) and `at`
 * (the order's creation). Units of a paid order count whatever became of its tickets later.
 * `cpfs` narrows it to those CPFs (the sale reads only the CPFs of its requests, through the
 * indexes on orders (event_id, buyer_cpf) and order_items (holder_cpf)); null reads every CPF
 * (the back office's sales per CPF). The one statement of this rule: services/orders/sale-state.ts
 * sums it for the limit, services/orders/cpf-sales.ts for the report.
 */
export function cpfHoldingsSql(eventId: string, cpfs: string[] | null): SQL {
  const list = cpfs === null ? null : sql.join(cpfs.map((cpf) => sql`${cpf}`), sql`, `);
  return sql`
    SELECT o.buyer_cpf AS cpf, o.id AS order_id, o.status::text AS status, i.quantity AS units, 0 AS half, o.buyer_name AS name, o.created_at AS at
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.event_id = ${eventId}::uuid AND o.status IN ('pending', 'completed') ${list ? sql`AND o.buyer_cpf IN (${list})` : sql``} AND i.holder_cpf IS NULL
    UNION ALL
    SELECT i.holder_cpf, o.id, o.status::text, i.quantity, 1, coalesce(i.holder_names[1], o.buyer_name), o.created_at
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE ${list ? sql`i.holder_cpf IN (${list})` : sql`i.holder_cpf IS NOT NULL`} AND o.event_id = ${eventId}::uuid AND o.status IN ('pending', 'completed')`;
}
