import { sql } from 'drizzle-orm';
import type { SalesMoney } from '../../../shared/schemas/admin-events';
import { saleRefundOrigins } from '../../../shared/statuses';
import { queryRows, type Db } from '../../db/client';
import { settleSalesMoney, type RefundedOrder } from '../../domain/sales-money';

/**
 * The organizer's money of one event's sales, or of every event's (`eventId` null): gross,
 * refunds, absorbed fees, net, and the fees charged to buyers apart (domain/sales-money.ts
 * settleSalesMoney decides; the event's back-office page and the dashboard both show this).
 * A paid order is one that was completed (paid), whether it is still 'completed' or was
 * 'refunded' later; a refund counts once approved (its tickets no longer admit), when it undoes a
 * sale (saleRefundOrigins: a buyer's request or withdrawal, the event's cancellation). Payments that never bought a ticket (one
 * after its order's hold ended, a second charge) come in and go back outside these figures.
 * Centavos.
 */
export async function loadSalesMoney(db: Db, eventId: string | null): Promise<SalesMoney> {
  const ofEvent = eventId === null ? sql`` : sql`AND o.event_id = ${eventId}::uuid`;
  const paidOrders = sql`o.status IN ('completed', 'refunded') AND o.completed_at IS NOT NULL ${ofEvent}`;
  const [paid] = await queryRows<{ subtotal: number | string; discount: number | string; fee: number | string; absorbed: number | string }>(
    db,
    sql`
    SELECT coalesce(sum(o.subtotal_centavos), 0)::bigint AS subtotal, coalesce(sum(o.discount_centavos), 0)::bigint AS discount,
      coalesce(sum(o.fee_centavos), 0)::bigint AS fee, coalesce(sum(o.absorbed_fee_centavos), 0)::bigint AS absorbed
    FROM orders o WHERE ${paidOrders}`,
  );
  const counted = sql`
    SELECT r.id, r.order_id, r.amount_centavos FROM refunds r JOIN orders o ON o.id = r.order_id
    WHERE r.status IN ('approved', 'processed') AND r.origin::text IN (${sql.join(
      saleRefundOrigins.map((o) => sql`${o}`),
      sql`, `,
    )}) AND ${paidOrders}`;
  const refunds = await queryRows<{ id: string; order_id: string; amount_centavos: number }>(db, counted);

  const refunded: RefundedOrder[] = [];
  if (refunds.length > 0) {
    const orderRows = await queryRows<{
      id: string;
      subtotal_centavos: number;
      discount_centavos: number;
      fee_centavos: number;
      absorbed_fee_centavos: number;
    }>(
      db,
      sql`
      SELECT id, subtotal_centavos, discount_centavos, fee_centavos, absorbed_fee_centavos
      FROM orders WHERE id IN (SELECT order_id FROM (${counted}) c)`,
    );
    const ticketRows = await queryRows<{
      id: string;
      order_id: string;
      refund_id: string | null;
      unit_price_centavos: number;
      unit_fee_centavos: number;
      half: boolean;
    }>(
      db,
      sql`
      SELECT t.id, t.order_id, t.refund_id, i.unit_price_centavos, i.unit_fee_centavos, i.concession IS NOT NULL AS half
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
      refunded.push({
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
          halfPrice: t.half,
          refundId: t.refund_id,
        })),
        refunds: (refundsOf.get(order.id) ?? []).map((r) => ({ id: r.id, amountCentavos: Number(r.amount_centavos) })),
      });
    }
  }
  return settleSalesMoney(
    {
      subtotalCentavos: Number(paid.subtotal),
      discountCentavos: Number(paid.discount),
      feeCentavos: Number(paid.fee),
      absorbedFeeCentavos: Number(paid.absorbed),
    },
    refunded,
  );
}
