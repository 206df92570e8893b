import { describe, expect, it } from 'vitest';
import { settleBorderoLines, totalBorderoMoney, type BorderoOrder, type BorderoUnit } from './bordero';
import { buyerSpentCentavos, settleSalesMoney, type PaidOrdersTotals, type RefundedOrder } from './sales-money';

// The money figures of docs/rules/money.md 'The figures' over one table of orders, and every
// screen's computation of them: the dashboard, the events list and the event page
// (settleSalesMoney over summed orders), the borderô (settleBorderoLines per line, then totalled)
// and the fan's 'Total gasto' (buyerSpentCentavos). Only paid orders reach these functions: an
// order never paid (pending, expired, cancelled) is left out by the query that feeds them.

/** An order as stored, its units and counted refunds, with what its buyer paid and got back. */
interface Row {
  name: string;
  order: BorderoOrder;
  /** Whether the order was paid (the services read only these). */
  paid: boolean;
  /** order total charged to the buyer (tickets - discount + fee passed on), and refunds paid back. */
  chargedCentavos: number;
}

const unit = (over: Partial<BorderoUnit> & { ticketId: string }): BorderoUnit => ({
  lineKey: 'Pista|Inteira|Online',
  unitPriceCentavos: 10000,
  unitFeeCentavos: 0,
  meiaPrice: false,
  refundId: null,
  courtesyFaceCentavos: 0,
  ...over,
});

const table: Row[] = [
  {
    name: 'paid, fee passed on (2 x R$ 100,00 + R$ 10,00 fee each)',
    paid: true,
    chargedCentavos: 22000,
    order: {
      subtotalCentavos: 20000,
      discountCentavos: 0,
      feeCentavos: 2000,
      absorbedFeeCentavos: 0,
      units: [unit({ ticketId: 'p1', unitFeeCentavos: 1000 }), unit({ ticketId: 'p2', unitFeeCentavos: 1000 })],
      refunds: [],
    },
  },
  {
    name: 'paid, fee absorbed by the organizer (R$ 100,00, R$ 10,00 fee)',
    paid: true,
    chargedCentavos: 10000,
    order: {
      subtotalCentavos: 10000,
      discountCentavos: 0,
      feeCentavos: 0,
      absorbedFeeCentavos: 1000,
      units: [unit({ ticketId: 'a1', unitFeeCentavos: 1000 })],
      refunds: [],
    },
  },
  {
    name: 'coupon discount (2 x R$ 80,00, R$ 10,00 off, R$ 7,50 fee each)',
    paid: true,
    chargedCentavos: 16500,
    order: {
      subtotalCentavos: 16000,
      discountCentavos: 1000,
      feeCentavos: 1500,
      absorbedFeeCentavos: 0,
      units: [
        unit({ ticketId: 'c1', unitPriceCentavos: 8000, unitFeeCentavos: 750 }),
        unit({ ticketId: 'c2', unitPriceCentavos: 8000, unitFeeCentavos: 750 }),
      ],
      refunds: [],
    },
  },
  {
    name: 'partly refunded with the fee (one of 2 x R$ 80,00 with R$ 10,00 off: R$ 75,00 + R$ 7,50)',
    paid: true,
    chargedCentavos: 16500,
    order: {
      subtotalCentavos: 16000,
      discountCentavos: 1000,
      feeCentavos: 1500,
      absorbedFeeCentavos: 0,
      units: [
        unit({ ticketId: 'rf1', unitPriceCentavos: 8000, unitFeeCentavos: 750, refundId: 'r-fee' }),
        unit({ ticketId: 'rf2', unitPriceCentavos: 8000, unitFeeCentavos: 750 }),
      ],
      refunds: [{ id: 'r-fee', amountCentavos: 8250 }],
    },
  },
  {
    name: 'partly refunded without the fee (one of 3 x R$ 50,00, R$ 5,00 fee kept)',
    paid: true,
    chargedCentavos: 16500,
    order: {
      subtotalCentavos: 15000,
      discountCentavos: 0,
      feeCentavos: 1500,
      absorbedFeeCentavos: 0,
      units: [
        unit({ ticketId: 'rn1', unitPriceCentavos: 5000, unitFeeCentavos: 500 }),
        unit({ ticketId: 'rn2', unitPriceCentavos: 5000, unitFeeCentavos: 500, refundId: 'r-kept' }),
        unit({ ticketId: 'rn3', unitPriceCentavos: 5000, unitFeeCentavos: 500 }),
      ],
      refunds: [{ id: 'r-kept', amountCentavos: 5000 }],
    },
  },
  {
    name: 'partly refunded, fee absorbed (one of 2 x R$ 100,00 whose R$ 10,00 fees the organizer pays)',
    paid: true,
    chargedCentavos: 20000,
    order: {
      subtotalCentavos: 20000,
      discountCentavos: 0,
      feeCentavos: 0,
      absorbedFeeCentavos: 2000,
      units: [unit({ ticketId: 'ra1', unitFeeCentavos: 1000, refundId: 'r-abs' }), unit({ ticketId: 'ra2', unitFeeCentavos: 1000 })],
      refunds: [{ id: 'r-abs', amountCentavos: 10000 }],
    },
  },
  {
    name: 'courtesy (R$ 150,00 face value, nothing paid)',
    paid: true,
    chargedCentavos: 0,
    order: {
      subtotalCentavos: 0,
      discountCentavos: 0,
      feeCentavos: 0,
      absorbedFeeCentavos: 0,
      units: [unit({ ticketId: 'k1', unitPriceCentavos: 0, courtesyFaceCentavos: 15000, lineKey: 'Pista|Cortesia|Online' })],
      refunds: [],
    },
  },
  {
    name: 'box office, cash (R$ 60,00, no fee)',
    paid: true,
    chargedCentavos: 6000,
    order: {
      subtotalCentavos: 6000,
      discountCentavos: 0,
      feeCentavos: 0,
      absorbedFeeCentavos: 0,
      units: [unit({ ticketId: 'b1', unitPriceCentavos: 6000, lineKey: 'Pista|Inteira|Bilheteria' })],
      refunds: [],
    },
  },
  {
    name: 'cancelled, never paid',
    paid: false,
    chargedCentavos: 11000,
    order: {
      subtotalCentavos: 10000,
      discountCentavos: 0,
      feeCentavos: 1000,
      absorbedFeeCentavos: 0,
      units: [unit({ ticketId: 'x1', unitFeeCentavos: 1000 })],
      refunds: [],
    },
  },
  {
    name: 'expired, never paid',
    paid: false,
    chargedCentavos: 10000,
    order: {
      subtotalCentavos: 10000,
      discountCentavos: 0,
      feeCentavos: 0,
      absorbedFeeCentavos: 0,
      units: [unit({ ticketId: 'x2' })],
      refunds: [],
    },
  },
];

/** What the services feed settleSalesMoney: the paid orders summed, and those with counted refunds. */
function salesInput(orders: BorderoOrder[]): [PaidOrdersTotals, RefundedOrder[]] {
  const paid: PaidOrdersTotals = { subtotalCentavos: 0, discountCentavos: 0, feeCentavos: 0, absorbedFeeCentavos: 0 };
  const refunded: RefundedOrder[] = [];
  for (const o of orders) {
    paid.subtotalCentavos += o.subtotalCentavos;
    paid.discountCentavos += o.discountCentavos;
    paid.feeCentavos += o.feeCentavos;
    paid.absorbedFeeCentavos += o.absorbedFeeCentavos;
    if (o.refunds.length > 0)
      refunded.push({
        order: o,
        tickets: o.units.map(({ ticketId, unitPriceCentavos, unitFeeCentavos, meiaPrice, refundId }) => ({
          ticketId,
          unitPriceCentavos,
          unitFeeCentavos,
          meiaPrice,
          refundId,
        })),
        refunds: o.refunds,
      });
  }
  return [paid, refunded];
}

const paidRows = table.filter((row) => row.paid);

describe('money figures (docs/rules/money.md)', () => {
  it.each(
    // name, gross, discounts, refunds (tickets), refunded fees, fees kept, absorbed fees, net, total spent
    [
      ['paid, fee passed on', 20000, 0, 0, 0, 2000, 0, 20000, 22000],
      ['paid, fee absorbed', 10000, 0, 0, 0, 0, 1000, 9000, 10000],
      ['coupon discount', 15000, 1000, 0, 0, 1500, 0, 15000, 16500],
      ['partly refunded with the fee', 15000, 1000, 7500, 750, 750, 0, 7500, 8250],
      ['partly refunded without the fee', 15000, 0, 5000, 0, 1500, 0, 10000, 11500],
      ['partly refunded, fee absorbed', 20000, 0, 10000, 0, 0, 1000, 9000, 10000],
      ['courtesy', 0, 0, 0, 0, 0, 0, 0, 0],
      ['box office, cash', 6000, 0, 0, 0, 0, 0, 6000, 6000],
    ] as const,
  )(
    '%s: gross %i, discounts %i, refunds %i + fee %i, fees %i, absorbed %i, net %i, spent %i',
    (name, gross, discounts, refunds, refundedFees, fees, absorbed, net, spent) => {
      const row = paidRows.find((r) => r.name.startsWith(name));
      if (!row) throw new Error(name);
      const money = settleSalesMoney(...salesInput([row.order]));
      expect(money).toEqual({
        grossCentavos: gross,
        discountCentavos: discounts,
        refundsCentavos: refunds,
        refundedFeesCentavos: refundedFees,
        feesCentavos: fees,
        absorbedFeesCentavos: absorbed,
        netCentavos: net,
      });
      // The fan's 'Total gasto': what they were charged less what the refunds paid back.
      const paidBack = row.order.refunds.reduce((sum, r) => sum + r.amountCentavos, 0);
      expect(buyerSpentCentavos(money)).toBe(spent);
      expect(buyerSpentCentavos(money)).toBe(row.chargedCentavos - paidBack);
    },
  );

  it('gives every screen the same figures for the whole table', () => {
    const orders = paidRows.map((r) => r.order);
    // Dashboard, events list and event page: one settlement of the summed orders.
    const all = settleSalesMoney(...salesInput(orders));
    expect(all).toEqual({
      grossCentavos: 101000,
      discountCentavos: 2000,
      refundsCentavos: 22500,
      refundedFeesCentavos: 750,
      feesCentavos: 5750,
      absorbedFeesCentavos: 2000,
      netCentavos: 76500,
    });
    expect(all.grossCentavos - all.refundsCentavos - all.absorbedFeesCentavos).toBe(all.netCentavos);

    // Events list: settled per event (here, per order) and summed, the same as all at once.
    const perOrder = orders.map((o) => settleSalesMoney(...salesInput([o])));
    for (const key of Object.keys(all) as (keyof typeof all)[]) expect(perOrder.reduce((s, m) => s + m[key], 0)).toBe(all[key]);

    // Borderô: line by line, then totalled.
    const bordero = totalBorderoMoney(settleBorderoLines(orders).values());
    expect(bordero).toMatchObject(all);
    expect(bordero.courtesyFaceCentavos).toBe(15000);

    // 'Total gasto' of a buyer of all of them: charged less paid back, never the order totals alone.
    const charged = paidRows.reduce((s, r) => s + r.chargedCentavos, 0);
    const paidBack = orders.flatMap((o) => o.refunds).reduce((s, r) => s + r.amountCentavos, 0);
    expect(buyerSpentCentavos(all)).toBe(charged - paidBack);
    expect(buyerSpentCentavos(all)).toBe(84250);
  });

  it('leaves unpaid orders out (the services never read them)', () => {
    const unpaid = table.filter((row) => !row.paid);
    expect(unpaid.map((r) => r.name)).toEqual(['cancelled, never paid', 'expired, never paid']);
    const withThem = settleSalesMoney(...salesInput(paidRows.map((r) => r.order)));
    expect(settleSalesMoney(...salesInput([]))).toMatchObject({ grossCentavos: 0, netCentavos: 0, feesCentavos: 0 });
    expect(withThem.grossCentavos).toBe(101000);
  });
});
