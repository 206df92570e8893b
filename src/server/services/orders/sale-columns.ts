import { sql } from 'drizzle-orm';
import { concessionLabel, type Concession } from '../../../shared/concessions';
import { queryRows, type Db } from '../../db/client';
import { lotName } from '../../domain/lots';
import { ticketRefundAmounts } from '../../domain/refunds';
import { decimalReais } from '../../lib/csv';
import { saleRefundOrigins } from '../../../shared/statuses';

// The money columns of an event's CSV exports (attendees per ticket, buyers per order): sector,
// lot, 'Inteira' / 'Meia-entrada (categoria)' / 'Cortesia', prices, discount, fees, channel and
// payment, so a producer can reconcile them with the event's 'Bruto / Taxas / Líquido'.

interface OrderLabelRow {
  payment_provider: string;
  payment_method: 'pix' | 'card' | 'cash' | 'card_machine';
  channel: 'online' | 'box_office' | 'guest_list';
  installments: number;
  total_centavos: number;
}

/** How a ticket was sold: 'Inteira', 'Meia-entrada (<categoria>)' or 'Cortesia'. */
export function saleCategoryLabel(concession: Concession | null, isCourtesy: boolean): string {
  if (isCourtesy) return 'Cortesia';
  return concession ? `Meia-entrada (${concessionLabel[concession]})` : 'Inteira';
}

/** Where an order was made, in the borderô's words: 'Bilheteria' (the box office at the door), 'Online' (the buyer's checkout) or 'Painel Admin' (a courtesy issued by the back office). */
function channelLabel(order: OrderLabelRow): string {
  if (order.channel === 'box_office') return 'Bilheteria';
  return order.payment_provider === 'courtesy' ? 'Painel Admin' : 'Online';
}

/** How an order was paid: 'PIX', 'Cartão' / 'Cartão 3x', 'Gratuito' (total 0) or 'Cortesia'. */
function paymentLabel(order: OrderLabelRow): string {
  if (order.payment_provider === 'courtesy') return 'Cortesia';
  if (Number(order.total_centavos) === 0) return 'Gratuito';
  if (order.payment_method === 'pix') return 'PIX';
  if (order.payment_method === 'cash') return 'Dinheiro';
  if (order.payment_method === 'card_machine') return 'Maquininha';
  return Number(order.installments) > 1 ? `Cartão ${order.installments}x` : 'Cartão';
}

/** The sector of an item: the sector's name now, or the name the item was sold under ('Pista · Meia-entrada (...)' -> 'Pista'). */
const sectorOf = (row: { sector_name: string | null; ticket_type_name: string }) => row.sector_name ?? row.ticket_type_name.split(' · ')[0];

/** The appended columns of the attendee CSV, one ticket a line. */
export const TICKET_SALE_HEADER = [
  'Setor',
  'Lote',
  'Categoria',
  'Preço (R$)',
  'Desconto (R$)',
  'Taxa de serviço (R$)',
  'Taxa absorvida (R$)',
  'Canal',
  'Pagamento',
];

/**
 * Every ticket of `eventId` with its TICKET_SALE_HEADER cells: its sector and lot, its category,
 * the unit price of its item, its share of the order's discount (shared as refunds share it:
 * domain/refunds ticketRefundAmounts, half-price tickets never discounted), the service fee it was
 * charged or the organizer absorbed, the order's channel and payment. Amounts '1234,56'.
 */
export async function loadTicketSaleCells(db: Db, eventId: string): Promise<Map<string, string[]>> {
  const rows = await queryRows<
    OrderLabelRow & {
      ticket_id: string;
      order_id: string;
      subtotal_centavos: number;
      discount_centavos: number;
      fee_centavos: number;
      absorbed_fee_centavos: number;
      sector_name: string | null;
      ticket_type_name: string;
      lot_position: number | null;
      concession: Concession | null;
      unit_price_centavos: number;
      unit_fee_centavos: number;
    }
  >(
    db,
    sql`
    SELECT t.id AS ticket_id, o.id AS order_id, o.subtotal_centavos, o.discount_centavos, o.fee_centavos, o.absorbed_fee_centavos, o.total_centavos,
      o.payment_provider, o.payment_method, o.channel, o.installments, tt.name AS sector_name, i.ticket_type_name, l.position AS lot_position, i.concession,
      i.unit_price_centavos, i.unit_fee_centavos
    FROM tickets t JOIN order_items i ON i.id = t.order_item_id JOIN orders o ON o.id = t.order_id
    LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id LEFT JOIN ticket_lots l ON l.id = i.lot_id
    WHERE t.event_id = ${eventId}::uuid
    ORDER BY t.order_id, t.created_at, t.id`,
  );
  const cells = new Map<string, string[]>();
  for (let start = 0; start < rows.length;) {
    let end = start;
    while (end < rows.length && rows[end].order_id === rows[start].order_id) end++;
    const own = rows.slice(start, end);
    const order = own[0];
    const paid = ticketRefundAmounts(
      { subtotalCentavos: Number(order.subtotal_centavos), discountCentavos: Number(order.discount_centavos), feeCentavos: 0 },
      own.map((t) => ({ ticketId: t.ticket_id, unitPriceCentavos: Number(t.unit_price_centavos), meiaPrice: t.concession !== null })),
      { includeFee: false },
    );
    for (const t of own) {
      const price = Number(t.unit_price_centavos);
      const fee = Number(t.unit_fee_centavos);
      cells.set(t.ticket_id, [
        sectorOf(t),
        t.lot_position === null ? '' : lotName(Number(t.lot_position)),
        saleCategoryLabel(t.concession, t.payment_provider === 'courtesy'),
        decimalReais(price),
        decimalReais(price - (paid.get(t.ticket_id) ?? price)),
        decimalReais(Number(order.fee_centavos) > 0 ? fee : 0),
        decimalReais(Number(order.absorbed_fee_centavos) > 0 ? fee : 0),
        channelLabel(order),
        paymentLabel(order),
      ]);
    }
    start = end;
  }
  return cells;
}

/** The appended columns of the buyers CSV, one order a line. */
export const ORDER_SALE_HEADER = [
  'Setor',
  'Lote',
  'Categoria',
  'Preço unitário (R$)',
  'Subtotal (R$)',
  'Desconto (R$)',
  'Taxa de serviço (R$)',
  'Taxa absorvida (R$)',
  'Reembolsado (R$)',
  'Canal',
  'Pagamento',
];

/**
 * Every paid ('completed') order of `eventId` with its ORDER_SALE_HEADER cells: its sectors, lots, categories and
 * unit prices (each value once, ' | ' between several: the attendee CSV has them per ticket), its
 * subtotal, discount, fee charged, fee absorbed, what approved refunds paid back (fee included),
 * channel and payment. Amounts '1234,56'.
 */
export async function loadOrderSaleCells(db: Db, eventId: string): Promise<Map<string, string[]>> {
  const orders = await queryRows<
    OrderLabelRow & {
      id: string;
      subtotal_centavos: number;
      discount_centavos: number;
      fee_centavos: number;
      absorbed_fee_centavos: number;
      refunded_centavos: number;
    }
  >(
    db,
    sql`
    SELECT o.id, o.subtotal_centavos, o.discount_centavos, o.fee_centavos, o.absorbed_fee_centavos, o.total_centavos, o.payment_provider, o.payment_method, o.channel,
      o.installments,
      (SELECT coalesce(sum(r.amount_centavos), 0)::int FROM refunds r
        WHERE r.order_id = o.id AND r.status IN ('approved', 'processed') AND r.origin::text IN (${sql.join(
          saleRefundOrigins.map((origin) => sql`${origin}`),
          sql`, `,
        )})) AS refunded_centavos
    FROM orders o WHERE o.event_id = ${eventId}::uuid AND o.status = 'completed'`,
  );
  const items = await queryRows<{
    order_id: string;
    sector_name: string | null;
    ticket_type_name: string;
    lot_position: number | null;
    concession: Concession | null;
    unit_price_centavos: number;
  }>(
    db,
    sql`
    SELECT i.order_id, tt.name AS sector_name, i.ticket_type_name, l.position AS lot_position, i.concession, i.unit_price_centavos
    FROM order_items i JOIN orders o ON o.id = i.order_id
    LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id LEFT JOIN ticket_lots l ON l.id = i.lot_id
    WHERE o.event_id = ${eventId}::uuid AND o.status = 'completed'
    ORDER BY i.order_id, tt.sort_order, l.position, i.id`,
  );
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) {
    const list = itemsOf.get(item.order_id);
    if (list) list.push(item);
    else itemsOf.set(item.order_id, [item]);
  }
  const each = (values: string[]) => [...new Set(values)].join(' | ');
  const cells = new Map<string, string[]>();
  for (const order of orders) {
    const own = itemsOf.get(order.id) ?? [];
    const isCourtesy = order.payment_provider === 'courtesy';
    cells.set(order.id, [
      each(own.map(sectorOf)),
      each(own.flatMap((i) => (i.lot_position === null ? [] : [lotName(Number(i.lot_position))]))),
      each(own.map((i) => saleCategoryLabel(i.concession, isCourtesy))),
      each(own.map((i) => decimalReais(Number(i.unit_price_centavos)))),
      decimalReais(Number(order.subtotal_centavos)),
      decimalReais(Number(order.discount_centavos)),
      decimalReais(Number(order.fee_centavos)),
      decimalReais(Number(order.absorbed_fee_centavos)),
      decimalReais(Number(order.refunded_centavos)),
      channelLabel(order),
      paymentLabel(order),
    ]);
  }
  return cells;
}
