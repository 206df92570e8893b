import { sql, type SQL } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Tx } from '../../db/client';
import { unnestRows } from '../../lib/unnest';
import { isCheckViolation } from '../../db/errors';

/**
 * The CPF a valid ticket of a paid order counts for (tickets t joined with orders o): its holder's
 * where one is named, else its buyer's while the buyer's account still owns it, else none ('': a
 * ticket transferred away without a CPF counts only for the account that owns it now).
 */
const ticketCpfSql = sql.raw(`coalesce(t.holder_cpf, CASE WHEN t.user_id IS DISTINCT FROM o.user_id THEN '' ELSE o.buyer_cpf END)`);

/**
 * The CPF the n-th unit of a pending order's item counts for (order_items i of orders o, `n` from
 * 1): the meia's holder, else the CPF named for that unit, else the buyer's. The tickets issued for
 * it carry the same (payments/confirm-payment.ts), so ticketCpfSql gives it back once paid.
 */
const pendingCpfSql = sql.raw(`coalesce(i.holder_cpf, nullif(i.holder_cpfs[n], ''), o.buyer_cpf)`);

/**
 * Who holds what of an event, per CPF, as the limit per CPF and one meia-entrada per CPF count it
 * (domain/sale.ts assertMayHold): one row per unit, of the pending orders (their items' units) and
 * of the paid orders (their tickets still valid, as they are now: a transfer accepted or a holder
 * edit moves a ticket to its new holder's CPF, a refund or a cancellation takes it away). A unit
 * counts for its holder's CPF where one is named (a meia-entrada's holder, a nominal ticket's
 * holder), else for the buyer's. Columns: `cpf` (digits; '' for orders without one: courtesies,
 * anonymous box-office sales, anonymised buyers), `order_id`, `status` ('pending' | 'completed'),
 * `units` (1), `meia` (1 for a meia-entrada unit), `holder` (1 when the unit counts for a named
 * holder rather than the buyer), `name` (the buyer's name, or the holder's) and `at` (the order's
 * creation). `cpfs` narrows it to those CPFs, reached through the indexes on orders (event_id,
 * buyer_cpf), order_items (holder_cpf) and tickets (event_id, holder_cpf); null reads every CPF
 * (the back office's 'Vendas por CPF'). The one statement of this rule: services/orders/sale-state.ts
 * sums it for the sale and for every channel that gives a ticket to a person, services/orders/cpf-sales.ts
 * for the report. `ticketCpfOf` gives one ticket's CPF by the same rule.
 */
export function cpfHoldingsSql(eventId: string, cpfs: string[] | null): SQL {
  const list =
    cpfs === null
      ? null
      : sql.join(
          cpfs.map((cpf) => sql`${cpf}`),
          sql`, `,
        );
  const candidates = list
    ? sql`SELECT o.id FROM orders o WHERE o.event_id = ${eventId}::uuid AND o.status IN ('pending', 'completed') AND o.buyer_cpf IN (${list})
          UNION SELECT i.order_id FROM order_items i JOIN orders o ON o.id = i.order_id
            WHERE i.holder_cpf IN (${list}) AND o.event_id = ${eventId}::uuid AND o.status IN ('pending', 'completed')
          UNION SELECT o.id FROM orders o JOIN order_items i ON i.order_id = o.id
            WHERE o.event_id = ${eventId}::uuid AND o.status = 'pending' AND cardinality(i.holder_cpfs) > 0 AND i.holder_cpfs && ARRAY[${list}]::text[]
          UNION SELECT t.order_id FROM tickets t WHERE t.event_id = ${eventId}::uuid AND t.holder_cpf IN (${list}) AND t.status = 'valid'`
    : sql`SELECT o.id FROM orders o WHERE o.event_id = ${eventId}::uuid AND o.status IN ('pending', 'completed')`;
  return sql`
    WITH candidates AS (${candidates}),
    units AS (
      SELECT ${pendingCpfSql} AS cpf, o.id AS order_id, 'pending'::text AS status,
             (i.concession IS NOT NULL)::int AS meia, (coalesce(i.holder_cpf, nullif(i.holder_cpfs[n], '')) IS NOT NULL)::int AS holder,
             CASE WHEN coalesce(i.holder_cpf, nullif(i.holder_cpfs[n], '')) IS NOT NULL THEN coalesce(i.holder_names[n], o.buyer_name) ELSE o.buyer_name END AS name,
             o.created_at AS at
      FROM candidates c JOIN orders o ON o.id = c.id AND o.status = 'pending' JOIN order_items i ON i.order_id = o.id
      CROSS JOIN LATERAL generate_series(1, i.quantity) AS n
      UNION ALL
      SELECT ${ticketCpfSql}, o.id, 'completed', (t.concession IS NOT NULL)::int, (t.holder_cpf IS NOT NULL)::int,
             CASE WHEN t.holder_cpf IS NOT NULL THEN coalesce(t.holder_name, o.buyer_name) ELSE o.buyer_name END, o.created_at
      FROM candidates c JOIN orders o ON o.id = c.id AND o.status = 'completed' JOIN tickets t ON t.order_id = o.id AND t.status = 'valid'
    )
    SELECT cpf, order_id, status, 1 AS units, meia, holder, name, at FROM units ${list ? sql`WHERE cpf IN (${list})` : sql``}`;
}

/**
 * The units each account holds for an event, as the limit per CPF counts the account too
 * (domain/sale.ts assertMayHold: typing other CPFs buys nothing more): the units of its pending
 * orders and the valid tickets it owns now (tickets.user_id: a transfer accepted moves them to the
 * recipient's account). Columns `user_id`, `units`; only accounts holding something appear.
 */
export function accountHoldingsSql(eventId: string, userIds: string[]): SQL {
  const list = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    SELECT user_id, sum(units)::int AS units FROM (
      SELECT o.user_id, i.quantity AS units FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.user_id IN (${list}) AND o.event_id = ${eventId}::uuid AND o.status = 'pending'
      UNION ALL
      SELECT t.user_id, 1 FROM tickets t JOIN orders o ON o.id = t.order_id
      WHERE t.user_id IN (${list}) AND t.event_id = ${eventId}::uuid AND t.status = 'valid' AND o.status = 'completed'
    ) held GROUP BY user_id`;
}

/** The CPF one valid ticket counts for now, by the rule of cpfHoldingsSql: its holder's, else its buyer's while the buyer's account owns it, else ''. */
export function ticketCpfOf(
  ticket: { holderCpf: string | null; userId: string | null },
  order: { userId: string | null; buyerCpf: string },
): string {
  return ticket.holderCpf ?? (ticket.userId !== order.userId ? '' : order.buyerCpf);
}

/**
 * The units of orders matched by `where` (over orders o) as pending orders hold them, one row per
 * unit: event_id, cpf (pendingCpfSql; '' none), user_id (the account; null none), meia (1 for a
 * meia), exempt (a courtesy or a guest-list name: outside the limit per CPF). Their state is not
 * asked: a release counts off what the order held. `from` names the orders `o` and their items
 * `i` (default the tables; the order writer passes the rows its statement inserts).
 */
export function pendingUnitsSql(where: SQL, from: SQL = sql`orders o JOIN order_items i ON i.order_id = o.id`): SQL {
  return sql`
    SELECT o.event_id, ${pendingCpfSql} AS cpf, o.user_id, (i.concession IS NOT NULL)::int AS meia, o.payment_provider IN ('courtesy', 'guest_list') AS exempt
    FROM ${from} CROSS JOIN LATERAL generate_series(1, i.quantity) AS n
    WHERE ${where}`;
}

/** The tickets matched by `where` (over tickets t and their orders o) as they are held, one row per ticket, with pendingUnitsSql's columns. */
export function ticketUnitsSql(where: SQL): SQL {
  return sql`
    SELECT t.event_id, ${ticketCpfSql} AS cpf, t.user_id, (t.concession IS NOT NULL)::int AS meia, o.payment_provider IN ('courtesy', 'guest_list') AS exempt
    FROM tickets t JOIN orders o ON o.id = t.order_id
    WHERE ${where}`;
}

/**
 * The common table expressions and the statement that move cpf_holdings by the units `units`
 * gives, `sign` +1 or -1 (moveHoldings): `ctes` (u: the units, m: per holder) to put in a WITH
 * list, `upsert` the INSERT ... ON CONFLICT that follows it. Rows are locked in (event, holder)
 * order; taking off never goes below 0; adding sets the event's limit (none for exempt units).
 */
export function holdingsMoveSql(units: SQL, sign: 1 | -1): { ctes: SQL; upsert: SQL } {
  return {
    ctes: sql`
      u AS (${units}),
      m AS (
        SELECT event_id, 'cpf:' || cpf AS holder, count(*)::int AS units, sum(meia)::int AS meias, bool_and(exempt) AS exempt FROM u WHERE cpf <> '' GROUP BY event_id, cpf
        UNION ALL
        SELECT event_id, 'account:' || user_id, count(*)::int, 0, bool_and(exempt) FROM u WHERE user_id IS NOT NULL GROUP BY event_id, user_id
      )`,
    upsert: sql`
      INSERT INTO cpf_holdings (event_id, holder, units, meias, unit_limit)
      SELECT m.event_id, m.holder, greatest(0, ${sign} * m.units), greatest(0, ${sign} * m.meias), CASE WHEN m.exempt THEN NULL ELSE e.max_tickets_per_cpf END
      FROM m JOIN events e ON e.id = m.event_id
      ORDER BY m.event_id, m.holder
      ON CONFLICT (event_id, holder) DO UPDATE SET
        units = greatest(0, cpf_holdings.units + ${sign} * (SELECT m2.units FROM m m2 WHERE m2.event_id = excluded.event_id AND m2.holder = excluded.holder)),
        meias = greatest(0, cpf_holdings.meias + ${sign} * (SELECT m2.meias FROM m m2 WHERE m2.event_id = excluded.event_id AND m2.holder = excluded.holder)),
        unit_limit = CASE WHEN ${sign} > 0 THEN excluded.unit_limit ELSE cpf_holdings.unit_limit END
      RETURNING event_id, holder, units, meias`,
  };
}

/**
 * The rule's error for the database refusing a move of cpf_holdings: DomainError('meia_cpf_repeated')
 * or DomainError('cpf_limit') (the transaction is aborted then: the limit's figure cannot be read,
 * the code's message says it); null for any other error.
 */
export function holdingsRefusal(error: unknown): DomainError | null {
  if (isCheckViolation(error, 'cpf_holdings_one_meia')) return new DomainError('meia_cpf_repeated');
  if (isCheckViolation(error, 'cpf_holdings_within_limit')) return new DomainError('cpf_limit');
  return null;
}

/**
 * Moves who holds what (cpf_holdings) by the units `units` gives (pendingUnitsSql or
 * ticketUnitsSql): `sign` +1 when they come to their CPFs and accounts, -1 when they leave. Adding
 * sets each row's limit to the event's limit per CPF (none for exempt units), and the table's
 * CHECKs refuse a CPF or an account past it and a second meia of a CPF, whatever the concurrency:
 * DomainError('cpf_limit') or DomainError('meia_cpf_repeated') (the sale refuses these first
 * with the limit's figure, domain/sale.ts assertMayHold). Taking off never goes below 0, and a row
 * left at 0 is removed. Called in the transaction of the change, after it is written.
 */
export async function moveHoldings(tx: Tx, units: SQL, sign: 1 | -1): Promise<void> {
  const move = holdingsMoveSql(units, sign);
  try {
    const moved = await queryRows<{ event_id: string; holder: string; units: number; meias: number }>(
      tx,
      sql`WITH ${move.ctes} ${move.upsert}`,
    );
    // A CPF nobody holds anything for any more is not kept (an account deleted leaves no CPF behind).
    const emptied = moved.filter((row) => Number(row.units) === 0 && Number(row.meias) === 0);
    if (emptied.length > 0) {
      const rows = unnestRows(emptied, 'x', { event_id: ['uuid', (r) => r.event_id], holder: ['text', (r) => r.holder] });
      await tx.execute(
        sql`DELETE FROM cpf_holdings h USING ${rows.from} WHERE h.event_id = x.event_id AND h.holder = x.holder AND h.units = 0 AND h.meias = 0`,
      );
    }
  } catch (error) {
    throw holdingsRefusal(error) ?? error;
  }
}
