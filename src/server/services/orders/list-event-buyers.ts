import { and, desc, eq, sql } from 'drizzle-orm';
import type { EventBuyer } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import { formatInstant } from '../../../shared/dates';
import { formatPhone } from '../../../shared/phone';
import { csvFileName, decimalReais, toCsv } from '../../lib/csv';
import type { Db } from '../../db/client';
import { events, orderItems, orders } from '../../db/schema';
import { loadOrderSaleCells, ORDER_SALE_HEADER } from './sale-columns';

/**
 * The completed orders of an event, newest payment first (docs/rules/events.md 'Creating and editing events': the
 * buyers list): buyer name, e-mail and phone as given at checkout, units bought, total paid in
 * centavos and when it was paid. Throws DomainError('event_not_found').
 */
export async function listEventBuyers(db: Db, eventId: string): Promise<{ title: string; buyers: EventBuyer[] }> {
  const [event] = await db.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found');
  const paidAt = sql<Date>`coalesce(${orders.completedAt}, ${orders.createdAt})`;
  const rows = await db
    .select({
      orderId: orders.id,
      name: orders.buyerName,
      email: orders.buyerEmail,
      phone: orders.buyerPhone,
      tickets: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      amountCentavos: orders.totalCentavos,
      paidAt,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.eventId, eventId), eq(orders.status, 'completed')))
    .groupBy(orders.id)
    .orderBy(desc(paidAt), desc(orders.id));
  return {
    title: event.title,
    buyers: rows.map((row) => ({
      orderId: row.orderId,
      name: row.name,
      email: row.email,
      phone: row.phone,
      tickets: Number(row.tickets),
      amountCentavos: row.amountCentavos,
      paidAt: new Date(row.paidAt).toISOString(),
    })),
  };
}

const CSV_HEADER = ['Nome', 'E-mail', 'Telefone', 'Ingressos', 'Valor (R$)', 'Data do pagamento', ...ORDER_SALE_HEADER];

/**
 * The buyers list as a CSV file that Excel in pt-BR opens in columns: UTF-8 with a byte order
 * mark, ';' between cells, CRLF between lines, amounts '1234,56', dates 'dd/MM/yyyy HH:mm' in
 * São Paulo time, phones '(11) 99999-9999'; then each order's money columns
 * (sale-columns.ts ORDER_SALE_HEADER: sectors, lots, categories, unit prices, subtotal, discount,
 * fees, refunded, channel, payment). Throws DomainError('event_not_found').
 */
export async function eventBuyersCsv(db: Db, eventId: string): Promise<{ csv: string; fileName: string }> {
  const { title, buyers } = await listEventBuyers(db, eventId);
  const sales = await loadOrderSaleCells(db, eventId);
  const lines = [
    CSV_HEADER,
    ...buyers.map((b) => [
      b.name,
      b.email,
      formatPhone(b.phone),
      String(b.tickets),
      decimalReais(b.amountCentavos),
      formatInstant(b.paidAt).replace(' às ', ' '),
      ...(sales.get(b.orderId) ?? ORDER_SALE_HEADER.map(() => '')),
    ]),
  ];
  return { csv: toCsv(lines), fileName: eventBuyersFileName(title) };
}

/** The CSV's file name, 'compradores-<event title in ASCII, hyphenated>.csv'. */
function eventBuyersFileName(title: string): string {
  return csvFileName('compradores', title);
}
