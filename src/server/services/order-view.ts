import { eq, inArray } from 'drizzle-orm';
import type { OrderView } from '../../shared/schemas/orders';
import type { Db, Tx } from '../db/client';
import { events, orderItems, orders } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

/** Loads orders with their event and items into the API shape (one query per table). */
export async function loadOrderViews(db: Db | Tx, rows: OrderRow[], isSandbox: boolean): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((r) => r.id);
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const [items, eventRows] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
    db
      .select({ id: events.id, title: events.title, date: events.date, startTime: events.startTime, location: events.location })
      .from(events)
      .where(inArray(events.id, eventIds)),
  ]);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  return rows.map((order) => ({
    id: order.id,
    status: order.status,
    eventId: order.eventId,
    event: eventById.get(order.eventId)!,
    items: items
      .filter((i) => i.orderId === order.id)
      .map((i) => ({
        ticketTypeId: i.ticketTypeId,
        ticketTypeName: i.ticketTypeName,
        quantity: i.quantity,
        unitPriceCentavos: i.unitPriceCentavos,
      })),
    subtotalCentavos: order.subtotalCentavos,
    discountCentavos: order.discountCentavos,
    totalCentavos: order.totalCentavos,
    paymentMethod: order.paymentMethod,
    installments: order.installments,
    expiresAt: order.expiresAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    paymentId: order.paymentId,
    pixCode: order.status === 'pending' ? order.pixCode : null,
    isSandbox,
  }));
}

/** One order in the API shape; null when it does not exist. */
export async function loadOrderView(db: Db | Tx, orderId: string, isSandbox: boolean): Promise<OrderView | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const [view] = await loadOrderViews(db, [row], isSandbox);
  return view;
}
