import { describe, expect, it } from 'vitest';
import { settleSalesMoney, type RefundedOrder } from './sales-money';

const none = { subtotalCentavos: 0, discountCentavos: 0, feeCentavos: 0, absorbedFeeCentavos: 0 };

describe('settleSalesMoney', () => {
  it('is all zeros with no sale', () => {
    expect(settleSalesMoney(none, [])).toEqual({
      grossCentavos: 0,
      discountCentavos: 0,
      refundsCentavos: 0,
      absorbedFeesCentavos: 0,
      netCentavos: 0,
      feesCentavos: 0,
      refundedFeesCentavos: 0,
    });
  });

  it('keeps the fees charged to buyers out of the gross and the net', () => {
    // Two tickets of R$ 80,00 with a 10 % fee passed on, a R$ 10,00 coupon.
    const money = settleSalesMoney({ subtotalCentavos: 16000, discountCentavos: 1000, feeCentavos: 1500, absorbedFeeCentavos: 0 }, []);
    expect(money).toEqual({
      grossCentavos: 15000,
      discountCentavos: 1000,
      refundsCentavos: 0,
      absorbedFeesCentavos: 0,
      netCentavos: 15000,
      feesCentavos: 1500,
      refundedFeesCentavos: 0,
    });
  });

  it('splits a refund into ticket money and the fee it paid back, the ticket at its price less its share of the discount', () => {
    // 2 x R$ 80,00 with R$ 10,00 off (R$ 5,00 each) and R$ 7,50 fee each; one ticket refunded with its fee: 7500 + 750.
    const order = { subtotalCentavos: 16000, discountCentavos: 1000, feeCentavos: 1500, absorbedFeeCentavos: 0 };
    const refunded: RefundedOrder = {
      order,
      tickets: [
        { ticketId: 'a', unitPriceCentavos: 8000, unitFeeCentavos: 750, meiaPrice: false, refundId: 'r1' },
        { ticketId: 'b', unitPriceCentavos: 8000, unitFeeCentavos: 750, meiaPrice: false, refundId: null },
      ],
      refunds: [{ id: 'r1', amountCentavos: 8250 }],
    };
    const money = settleSalesMoney(order, [refunded]);
    expect(money).toEqual({
      grossCentavos: 15000,
      discountCentavos: 1000,
      refundsCentavos: 7500,
      absorbedFeesCentavos: 0,
      netCentavos: 7500,
      feesCentavos: 750,
      refundedFeesCentavos: 750,
    });
    expect(money.grossCentavos - money.refundsCentavos - money.absorbedFeesCentavos).toBe(money.netCentavos);

    // The same refund when the fee was kept (after the withdrawal days): all of it is ticket money.
    const kept = settleSalesMoney(order, [{ ...refunded, refunds: [{ id: 'r1', amountCentavos: 7500 }] }]);
    expect(kept).toMatchObject({ refundsCentavos: 7500, feesCentavos: 1500, refundedFeesCentavos: 0, netCentavos: 7500 });
  });

  it('deducts absorbed fees only on the tickets that stay sold', () => {
    const order = { subtotalCentavos: 30000, discountCentavos: 0, feeCentavos: 0, absorbedFeeCentavos: 3000 };
    const money = settleSalesMoney(order, [
      {
        order,
        tickets: [
          { ticketId: 'a', unitPriceCentavos: 10000, unitFeeCentavos: 1000, meiaPrice: false, refundId: null },
          { ticketId: 'b', unitPriceCentavos: 10000, unitFeeCentavos: 1000, meiaPrice: false, refundId: 'r1' },
          { ticketId: 'c', unitPriceCentavos: 10000, unitFeeCentavos: 1000, meiaPrice: false, refundId: null },
        ],
        refunds: [{ id: 'r1', amountCentavos: 10000 }],
      },
    ]);
    expect(money).toEqual({
      grossCentavos: 30000,
      discountCentavos: 0,
      refundsCentavos: 10000,
      absorbedFeesCentavos: 2000,
      netCentavos: 18000,
      feesCentavos: 0,
      refundedFeesCentavos: 0,
    });
  });

  it('never gives a half-price ticket a share of the discount', () => {
    // R$ 100,00 full with R$ 20,00 off, and a R$ 50,00 meia refunded: R$ 50,00 back.
    const order = { subtotalCentavos: 15000, discountCentavos: 2000, feeCentavos: 0, absorbedFeeCentavos: 0 };
    const money = settleSalesMoney(order, [
      {
        order,
        tickets: [
          { ticketId: 'full', unitPriceCentavos: 10000, unitFeeCentavos: 0, meiaPrice: false, refundId: null },
          { ticketId: 'meia', unitPriceCentavos: 5000, unitFeeCentavos: 0, meiaPrice: true, refundId: 'r1' },
        ],
        refunds: [{ id: 'r1', amountCentavos: 5000 }],
      },
    ]);
    expect(money).toMatchObject({ grossCentavos: 13000, refundsCentavos: 5000, netCentavos: 8000 });
  });

  it('counts a refund without recorded tickets as the order ticket money first, the rest as fee', () => {
    const order = { subtotalCentavos: 5000, discountCentavos: 0, feeCentavos: 500, absorbedFeeCentavos: 0 };
    const money = settleSalesMoney(order, [{ order, tickets: [], refunds: [{ id: 'r1', amountCentavos: 5500 }] }]);
    expect(money).toEqual({
      grossCentavos: 5000,
      discountCentavos: 0,
      refundsCentavos: 5000,
      absorbedFeesCentavos: 0,
      netCentavos: 0,
      feesCentavos: 0,
      refundedFeesCentavos: 500,
    });
  });
});
