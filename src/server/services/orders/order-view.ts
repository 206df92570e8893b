import { eq, inArray } from 'drizzle-orm';
import { splitInstallments } from '../../../shared/money';
import type { OrderView } from '../../../shared/schemas/orders';
import type { Db, Tx } from '../../db/client';
import { events, orderItems, orders, ticketLots } from '../../db/schema';
import { lotName } from '../../domain/lots';
import type { Concession } from '../../../shared/concessions';
import type { ServiceDeps } from '../deps';

type OrderRow = typeof orders.$inferSelect;

/** Loads orders with their event and items into the API shape (one query per table). */
async function loadOrderViews(db: Db | Tx, rows: OrderRow[], isSandbox: boolean): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((r) => r.id);
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const [items, eventRows] = await Promise.all([
    db
      .select({ item: orderItems, lotPosition: ticketLots.position })
      .from(orderItems)
      .leftJoin(ticketLots, eq(ticketLots.id, orderItems.lotId))
      .where(inArray(orderItems.orderId, orderIds))
      .then((rows) => rows.map((r) => ({ ...r.item, lotPosition: r.lotPosition }))),
    db
      .select({ id: events.id, title: events.title, date: events.date, startTime: events.startTime, location: events.location })
      .from(events)
      .where(inArray(events.id, eventIds)),
  ]);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  return rows.map((order) =>
    toOrderView(
      order,
      eventById.get(order.eventId)!,
      items.filter((i) => i.orderId === order.id),
      isSandbox,
    ),
  );
}

type OrderEvent = { id: string; title: string; date: string; startTime: string; location: string };
type OrderLine = {
  sectorId: string | null;
  sectorName: string;
  quantity: number;
  unitPriceCentavos: number;
  unitFeeCentavos: number;
  lotPosition: number | null;
  concession: Concession | null;
};

/** One order in the API shape from its row, event and items (no query). */
export function toOrderView(order: OrderRow, event: OrderEvent, items: OrderLine[], isSandbox: boolean): OrderView {
  return {
    id: order.id,
    status: order.status,
    eventId: order.eventId,
    event: { id: event.id, title: event.title, date: event.date, startTime: event.startTime, location: event.location },
    items: items.map((i) => ({
      sectorId: i.sectorId,
      sectorName: i.sectorName,
      quantity: i.quantity,
      unitPriceCentavos: i.unitPriceCentavos,
      unitFeeCentavos: order.feeCentavos > 0 ? i.unitFeeCentavos : 0,
      lotName: i.lotPosition === null ? null : lotName(i.lotPosition),
      concession: i.concession,
    })),
    subtotalCentavos: order.subtotalCentavos,
    discountCentavos: order.discountCentavos,
    feeCentavos: order.feeCentavos,
    totalCentavos: order.totalCentavos,
    paymentMethod: order.paymentMethod,
    installments: order.installments,
    installmentAmountsCentavos: splitInstallments(order.totalCentavos, order.installments),
    expiresAt: order.expiresAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    paymentId: order.paymentId,
    pixCode: order.status === 'pending' ? order.pixCode : null,
    clientSecret: null,
    paymentError: order.status === 'pending' ? order.paymentError : null,
    isSandbox,
    buyerEmail: order.buyerEmail,
  };
}

/**
 * One order in the API shape; null when it does not exist. While a card order waits for payment
 * with a real provider, it carries the client secret the browser confirms with: the one given
 * (just created), or, with `fetchInstructions`, asked of the provider again (resuming the order).
 */
export async function loadOrderView(
  deps: Pick<ServiceDeps, 'db' | 'payments' | 'log'>,
  orderId: string,
  options: { clientSecret?: string | null; fetchInstructions?: boolean } = {},
): Promise<OrderView | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const [view] = await loadOrderViews(deps.db, [row], deps.payments.isSandbox);
  if (row.status === 'pending' && row.paymentMethod === 'card' && row.paymentId && !deps.payments.isSandbox) {
    view.clientSecret = options.clientSecret ?? null;
    if (!view.clientSecret && options.fetchInstructions) {
      try {
        view.clientSecret = (await deps.payments.getPaymentInstructions(row.paymentId)).clientSecret;
      } catch (error) {
        deps.log.warn({ err: error, orderId }, 'provider did not give the payment instructions again');
      }
    }
  }
  return view;
}
