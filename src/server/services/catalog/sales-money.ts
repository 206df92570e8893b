import { sql, type SQL } from 'drizzle-orm';
import type { SalesMoney } from '../../../shared/schemas/admin-events';
import { saleRefundOrigins } from '../../../shared/statuses';
import { queryRows, type Db } from '../../db/client';
import { settleSalesMoney, type PaidOrdersTotals, type RefundedOrder } from '../../domain/sales-money';

/**
 * Whose sales: every event's, some events' (by id), or the orders one account bought
 * (orders.user_id), whatever their events.
 */
export type SalesScope = { events: 'all' } | { events: string[] } | { buyerId: string };

/** The orders of a scope, as a condition on `o`. */
function scopeOf(scope: SalesScope): SQL {
  if ('buyerId' in scope) return sql`o.user_id = ${scope.buyerId}`;
  if (scope.events === 'all') return sql`true`;
  if (scope.events.length === 0) return sql`false`;
  return sql`o.event_id IN (${sql.join(
    scope.events.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

const emptyPaid = (): PaidOrdersTotals => ({ subtotalCentavos: 0, discountCentavos: 0, feeCentavos: 0, absorbedFeeCentavos: 0 });

/**
 * The money of a scope's sales per event (event id -> figures; an event without paid orders is
 * absent: settleSalesMoney of nothing, all zeros), from one read of its orders, refunds and
 * refunded tickets; domain/sales-money.ts settleSalesMoney decides the figures (docs/rules/money.md
 * 'The figures'). A paid order is one that was completed (paid), whether it is still 'completed'
 * or was 'refunded' later; a refund counts once approved (its tickets no longer admit), when it
 * undoes a sale (saleRefundOrigins: a buyer's request or withdrawal, the event's cancellation).
 * Orders never paid (pending, expired, cancelled) and payments that never bought a ticket (one
 * after its order's hold ended, a second charge) come in and go back outside these figures.
 * Centavos.
 */
export async function loadSalesMoneyByEvent(db: Db, scope: SalesScope): Promise<Map<string, SalesMoney>> {
  const paidOrders = sql`o.status IN ('completed', 'refunded') AND o.completed_at IS NOT NULL AND ${scopeOf(scope)}`;
  const paidRows = await queryRows<{
    event_id: string;
    subtotal: number | string;
    discount: number | string;
    fee: number | string;
    absorbed: number | string;
  }>(
    db,
    sql`
    SELECT o.event_id, coalesce(sum(o.subtotal_centavos), 0)::bigint AS subtotal, coalesce(sum(o.discount_centavos), 0)::bigint AS discount,
      coalesce(sum(o.fee_centavos), 0)::bigint AS fee, coalesce(sum(o.absorbed_fee_centavos), 0)::bigint AS absorbed
    FROM orders o WHERE ${paidOrders} GROUP BY o.event_id`,
  );
  const counted = sql`
    SELECT r.id, r.order_id, r.amount_centavos FROM refunds r JOIN orders o ON o.id = r.order_id
    WHERE r.status IN ('approved', 'processed') AND r.origin::text IN (${sql.join(
      saleRefundOrigins.map((o) => sql`${o}`),
      sql`, `,
    )}) AND ${paidOrders}`;
  const refunds = await queryRows<{ id: string; order_id: string; amount_centavos: number }>(db, counted);

  const refundedByEvent = new Map<string, RefundedOrder[]>();
  if (refunds.length > 0) {
    const orderRows = await queryRows<{
      id: string;
      event_id: string;
      subtotal_centavos: number;
      discount_centavos: number;
      fee_centavos: number;
      absorbed_fee_centavos: number;
    }>(
      db,
      sql`
      SELECT id, event_id, subtotal_centavos, discount_centavos, fee_centavos, absorbed_fee_centavos
      FROM orders WHERE id IN (SELECT order_id FROM (${counted}) c)`,
    );
    const ticketRows = await queryRows<{
      id: string;
      order_id: string;
      refund_id: string | null;
      unit_price_centavos: number;
      unit_fee_centavos: number;
      meia: boolean;
    }>(
      db,
      sql`
      SELECT t.id, t.order_id, t.refund_id, i.unit_price_centavos, i.unit_fee_centavos, i.concession IS NOT NULL AS meia
      FROM tickets t JOIN order_items i ON i.id = t.order_item_id
      WHERE t.order_id IN (SELECT order_id FROM (${counted}) c)
      ORDER BY t.created_at, t.id`,
    );
    const group = <T extends { order_id: string }>(rows: T[]) => {
      const byOrder = new Map<string, T[]>();
      for (const row of rows) {
        const list = byOrder.get(row.order_id);
        if (list) list.push(row);
        else byOrder.set(row.order_id, [row]);
      }
      return byOrder;
    };
    const ticketsOf = group(ticketRows);
    const refundsOf = group(refunds);
    for (const order of orderRows) {
      const list = refundedByEvent.get(order.event_id) ?? [];
      list.push({
        order: {
          subtotalCentavos: Number(order.subtotal_centavos),
          discountCentavos: Number(order.discount_centavos),
          feeCentavos: Number(order.fee_centavos),
          absorbedFeeCentavos: Number(order.absorbed_fee_centavos),
        },
        tickets: (ticketsOf.get(order.id) ?? []).map((t) => ({
          ticketId: t.id,
          unitPriceCentavos: Number(t.unit_price_centavos),
          unitFeeCentavos: Number(t.unit_fee_centavos),
          meiaPrice: t.meia,
          refundId: t.refund_id,
        })),
        refunds: (refundsOf.get(order.id) ?? []).map((r) => ({ id: r.id, amountCentavos: Number(r.amount_centavos) })),
      });
      refundedByEvent.set(order.event_id, list);
    }
  }

  const byEvent = new Map<string, SalesMoney>();
  for (const row of paidRows) {
    const paid: PaidOrdersTotals = {
      subtotalCentavos: Number(row.subtotal),
      discountCentavos: Number(row.discount),
      feeCentavos: Number(row.fee),
      absorbedFeeCentavos: Number(row.absorbed),
    };
    byEvent.set(row.event_id, settleSalesMoney(paid, refundedByEvent.get(row.event_id) ?? []));
  }
  return byEvent;
}

/**
 * The money of a scope's sales in all (loadSalesMoneyByEvent's read, settled over every order of
 * the scope at once: the figures add up over events). Centavos.
 */
export async function loadSalesMoneyOf(db: Db, scope: SalesScope): Promise<SalesMoney> {
  return sumSalesMoney((await loadSalesMoneyByEvent(db, scope)).values());
}

/** The sum of some sales' figures, field by field (all zeros for none: settleSalesMoney of nothing). */
export function sumSalesMoney(figures: Iterable<SalesMoney>): SalesMoney {
  const total = settleSalesMoney(emptyPaid(), []);
  for (const money of figures) for (const key of Object.keys(total) as (keyof SalesMoney)[]) total[key] += money[key];
  return total;
}

/**
 * The organizer's money of one event's sales, or of every event's (`eventId` null): the
 * event's back-office page and the dashboard both show this (loadSalesMoneyOf). Centavos.
 */
export async function loadSalesMoney(db: Db, eventId: string | null): Promise<SalesMoney> {
  return loadSalesMoneyOf(db, eventId === null ? { events: 'all' } : { events: [eventId] });
}
