import type { SalesMoney } from '../../shared/schemas/admin-events';
import { ticketRefundAmounts } from './refunds';

/** Sums over the paid orders of a scope (an event, or every event), in centavos. */
export interface PaidOrdersTotals {
  subtotalCentavos: number;
  discountCentavos: number;
  feeCentavos: number;
  absorbedFeeCentavos: number;
}

/** A paid order with refunds that count, its tickets and those refunds. */
export interface RefundedOrder {
  order: { subtotalCentavos: number; discountCentavos: number; feeCentavos: number; absorbedFeeCentavos: number };
  /** Every ticket of the order in creation order (the order refunds share the discount in), with the counted refund it belongs to. */
  tickets: { ticketId: string; unitPriceCentavos: number; unitFeeCentavos: number; meiaPrice: boolean; refundId: string | null }[];
  /** Its approved or processed refunds of a sale (a buyer's request or the event's cancellation). */
  refunds: { id: string; amountCentavos: number }[];
}

/**
 * The one definition of the money of a set of sales (docs/rules/money.md 'The figures'), read by
 * every screen that shows money: the admin dashboard, the back office's events list and event
 * page, the borderô (domain/bordero.ts settleBorderoLines settles the same figures per line and
 * adds up to these to the centavo) and the fan's 'Total gasto' (buyerSpentCentavos). `paid` sums
 * the paid orders of the scope (an event, a set of events, every event, or one buyer's orders);
 * `refunded` lists those of them with counted refunds. In centavos:
 * - gross ('Vendas brutas'): what buyers paid for the tickets of paid orders, refunded later or
 *   not, net of discounts, without service fees; courtesies add 0;
 * - discounts ('Descontos'): the coupons' discounts on those orders (already out of the gross);
 * - refunds ('Reembolsos'): the ticket money of approved and processed refunds, each ticket at
 *   its price less its share of the discount (domain/refunds ticketRefundAmounts, the amount the
 *   refund itself was computed with); the rest of a refund's amount is the service fee it paid
 *   back (`refundedFeesCentavos`), so whether a refund returned the fee is read from what it paid.
 *   A refund whose tickets are not recorded counts as ticket money first, up to the order's;
 * - absorbed fees ('Taxas absorvidas'): the fees the organizer absorbs, on the tickets that stay
 *   sold (an undone sale carries no fee);
 * - net ('Líquido') = gross - refunds - absorbed fees, what the organizer keeps;
 * - fees ('Taxas de serviço'): charged to buyers and not paid back; the ticketing's, apart from
 *   the net.
 */
export function settleSalesMoney(paid: PaidOrdersTotals, refunded: RefundedOrder[]): SalesMoney {
  let refundsCentavos = 0;
  let refundedFeesCentavos = 0;
  let refundedAbsorbedCentavos = 0;
  for (const { order, tickets, refunds } of refunded) {
    const ticketMoney = ticketRefundAmounts({ ...order, feeCentavos: 0 }, tickets, { includeFee: false });
    for (const refund of refunds) {
      const own = tickets.filter((t) => t.refundId === refund.id);
      const ticketPart =
        own.length > 0
          ? own.reduce((sum, t) => sum + (ticketMoney.get(t.ticketId) ?? 0), 0)
          : order.subtotalCentavos - order.discountCentavos;
      const ticketsBack = Math.min(ticketPart, refund.amountCentavos);
      refundsCentavos += ticketsBack;
      refundedFeesCentavos += refund.amountCentavos - ticketsBack;
      if (order.absorbedFeeCentavos > 0) refundedAbsorbedCentavos += own.reduce((sum, t) => sum + t.unitFeeCentavos, 0);
    }
  }
  const grossCentavos = paid.subtotalCentavos - paid.discountCentavos;
  const absorbedFeesCentavos = paid.absorbedFeeCentavos - refundedAbsorbedCentavos;
  return {
    grossCentavos,
    discountCentavos: paid.discountCentavos,
    refundsCentavos,
    absorbedFeesCentavos,
    netCentavos: grossCentavos - refundsCentavos - absorbedFeesCentavos,
    feesCentavos: paid.feeCentavos - refundedFeesCentavos,
    refundedFeesCentavos,
  };
}

/**
 * What buyers paid and kept paid, in centavos ('Total gasto' on the fan's profile, over their own
 * orders): the tickets' money and the service fees charged to them, less everything refunds paid
 * back (the tickets' part and the fee's) = gross - refunds + fees (fees already net of those paid
 * back). Absorbed fees are the organizer's, never the buyer's. docs/rules/money.md 'The figures'.
 */
export function buyerSpentCentavos(money: Pick<SalesMoney, 'grossCentavos' | 'refundsCentavos' | 'feesCentavos'>): number {
  return money.grossCentavos - money.refundsCentavos + money.feesCentavos;
}
