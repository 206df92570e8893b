import { describe, expect, it } from 'vitest';
import { formatCentavos } from '../../shared/money';
import {
  borderoKind,
  countEntriesPerHour,
  ecadBaseCentavos,
  ecadEstimate,
  meiaReserveUse,
  nfseText,
  settleBorderoLines,
  splitByLargestRemainder,
  splitNet,
  totalBorderoMoney,
  type BorderoOrder,
  type BorderoUnit,
} from './bordero';
import { settleSalesMoney, type RefundedOrder } from './sales-money';

const unit = (over: Partial<BorderoUnit> & { ticketId: string }): BorderoUnit => ({
  lineKey: 'Pista|1º lote|Inteira|Online',
  unitPriceCentavos: 8000,
  unitFeeCentavos: 0,
  meiaPrice: false,
  refundId: null,
  courtesyFaceCentavos: 0,
  ...over,
});

/** settleSalesMoney over the same orders, the event page's figures the borderô must equal. */
function salesMoneyOf(orders: BorderoOrder[]) {
  const paid = { subtotalCentavos: 0, discountCentavos: 0, feeCentavos: 0, absorbedFeeCentavos: 0 };
  const refunded: RefundedOrder[] = [];
  for (const o of orders) {
    paid.subtotalCentavos += o.subtotalCentavos;
    paid.discountCentavos += o.discountCentavos;
    paid.feeCentavos += o.feeCentavos;
    paid.absorbedFeeCentavos += o.absorbedFeeCentavos;
    if (o.refunds.length > 0) {
      refunded.push({
        order: o,
        tickets: o.units.map((u) => ({
          ticketId: u.ticketId,
          unitPriceCentavos: u.unitPriceCentavos,
          unitFeeCentavos: u.unitFeeCentavos,
          meiaPrice: u.meiaPrice,
          refundId: u.refundId,
        })),
        refunds: o.refunds,
      });
    }
  }
  return settleSalesMoney(paid, refunded);
}

describe('settleBorderoLines', () => {
  // 2 x R$ 80,00 with a R$ 10,00 coupon and a 10 % fee passed on; the second ticket refunded with its fee.
  const couponOrder: BorderoOrder = {
    subtotalCentavos: 16000,
    discountCentavos: 1000,
    feeCentavos: 1500,
    absorbedFeeCentavos: 0,
    units: [
      unit({ ticketId: 'a', unitFeeCentavos: 750 }),
      unit({ ticketId: 'b', unitFeeCentavos: 750, refundId: 'r1', lineKey: 'Pista|1º lote|Inteira|Bilheteria' }),
    ],
    refunds: [{ id: 'r1', amountCentavos: 8250 }],
  };
  // A meia of R$ 50,00 and a full R$ 100,00 whose fee the organizer absorbs.
  const absorbedOrder: BorderoOrder = {
    subtotalCentavos: 15000,
    discountCentavos: 0,
    feeCentavos: 0,
    absorbedFeeCentavos: 1500,
    units: [
      unit({ ticketId: 'c', unitPriceCentavos: 10000, unitFeeCentavos: 1000, lineKey: 'Camarote|Inteira' }),
      unit({ ticketId: 'd', unitPriceCentavos: 5000, unitFeeCentavos: 500, meiaPrice: true, lineKey: 'Camarote|Meia' }),
    ],
    refunds: [],
  };
  const courtesy: BorderoOrder = {
    subtotalCentavos: 0,
    discountCentavos: 0,
    feeCentavos: 0,
    absorbedFeeCentavos: 0,
    units: [unit({ ticketId: 'e', unitPriceCentavos: 0, courtesyFaceCentavos: 10000, lineKey: 'Camarote|Cortesia' })],
    refunds: [],
  };

  it('gives each line its units, list price, discount, gross, fees, refunds and net', () => {
    const lines = settleBorderoLines([couponOrder, absorbedOrder, courtesy]);
    expect(lines.get('Pista|1º lote|Inteira|Online')).toEqual({
      units: 1,
      refundedUnits: 0,
      listCentavos: 8000,
      discountCentavos: 500,
      grossCentavos: 7500,
      refundsCentavos: 0,
      feesCentavos: 750,
      refundedFeesCentavos: 0,
      absorbedFeesCentavos: 0,
      netCentavos: 7500,
      courtesyFaceCentavos: 0,
    });
    expect(lines.get('Pista|1º lote|Inteira|Bilheteria')).toEqual({
      units: 1,
      refundedUnits: 1,
      listCentavos: 8000,
      discountCentavos: 500,
      grossCentavos: 7500,
      refundsCentavos: 7500,
      feesCentavos: 0,
      refundedFeesCentavos: 750,
      absorbedFeesCentavos: 0,
      netCentavos: 0,
      courtesyFaceCentavos: 0,
    });
    expect(lines.get('Camarote|Meia')).toMatchObject({
      units: 1,
      grossCentavos: 5000,
      absorbedFeesCentavos: 500,
      netCentavos: 4500,
      discountCentavos: 0,
    });
    expect(lines.get('Camarote|Cortesia')).toMatchObject({ units: 1, grossCentavos: 0, netCentavos: 0, courtesyFaceCentavos: 10000 });
  });

  it('adds up to the event page figures (settleSalesMoney) to the centavo', () => {
    const orders = [couponOrder, absorbedOrder, courtesy];
    const total = totalBorderoMoney(settleBorderoLines(orders).values());
    const money = salesMoneyOf(orders);
    expect(total).toMatchObject({
      grossCentavos: money.grossCentavos,
      refundsCentavos: money.refundsCentavos,
      absorbedFeesCentavos: money.absorbedFeesCentavos,
      netCentavos: money.netCentavos,
      feesCentavos: money.feesCentavos,
      refundedFeesCentavos: money.refundedFeesCentavos,
    });
    expect(total).toMatchObject({
      units: 5,
      refundedUnits: 1,
      listCentavos: 31000,
      discountCentavos: 1000,
      grossCentavos: 30000,
      courtesyFaceCentavos: 10000,
    });
    expect(total.grossCentavos - total.refundsCentavos - total.absorbedFeesCentavos).toBe(total.netCentavos);
  });

  it('spreads a refund that names no ticket over the whole order, fee last, and still matches the event page', () => {
    // 3 x R$ 33,33 with a R$ 1,00 coupon, fee R$ 3,33 each; a refund of everything but R$ 0,01 of ticket money, no fee.
    const order: BorderoOrder = {
      subtotalCentavos: 9999,
      discountCentavos: 100,
      feeCentavos: 999,
      absorbedFeeCentavos: 0,
      units: ['x', 'y', 'z'].map((id, i) => unit({ ticketId: id, unitPriceCentavos: 3333, unitFeeCentavos: 333, lineKey: `L${i}` })),
      refunds: [{ id: 'r9', amountCentavos: 9898 }],
    };
    const lines = settleBorderoLines([order]);
    const total = totalBorderoMoney(lines.values());
    expect(total).toMatchObject({ grossCentavos: 9899, refundsCentavos: 9898, netCentavos: 1, feesCentavos: 999, refundedFeesCentavos: 0 });
    expect(total).toMatchObject(salesMoneyOf([order]));
    expect([...lines.values()].map((l) => l.refundsCentavos).sort()).toEqual([3299, 3299, 3300]);
  });

  it('puts an order total bound that its units do not show on its first unit', () => {
    // A fee with a minimum per order: the items say 100 each, the order charged 500.
    const order: BorderoOrder = {
      subtotalCentavos: 2000,
      discountCentavos: 0,
      feeCentavos: 500,
      absorbedFeeCentavos: 0,
      units: [
        unit({ ticketId: 'p', unitPriceCentavos: 1000, unitFeeCentavos: 100, lineKey: 'A' }),
        unit({ ticketId: 'q', unitPriceCentavos: 1000, unitFeeCentavos: 100, lineKey: 'B' }),
      ],
      refunds: [],
    };
    const lines = settleBorderoLines([order]);
    expect(lines.get('A')?.feesCentavos).toBe(400);
    expect(lines.get('B')?.feesCentavos).toBe(100);
  });

  it('is empty with no paid order', () => {
    expect(settleBorderoLines([]).size).toBe(0);
    expect(totalBorderoMoney([])).toMatchObject({ grossCentavos: 0, netCentavos: 0, units: 0 });
  });
});

describe('splitByLargestRemainder', () => {
  it('gives the centavos left over to the largest remainders, so the parts add up exactly', () => {
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByLargestRemainder(1000, [3333, 3333, 3334])).toEqual([333, 333, 334]);
    expect(splitByLargestRemainder(10, [0, 0])).toEqual([10, 0]);
    expect(splitByLargestRemainder(7, [])).toEqual([]);
  });
});

describe('ecadEstimate', () => {
  it('is 10 % or 15 % of the ticket receipts, rounded to the centavo', () => {
    expect(ecadEstimate({ grossCentavos: 123456, refundsCentavos: 0 }, 1000)).toBe(12346);
    expect(ecadEstimate({ grossCentavos: 123456, refundsCentavos: 0 }, 1500)).toBe(18518);
    expect(ecadEstimate({ grossCentavos: 0, refundsCentavos: 0 }, 1500)).toBe(0);
  });

  it('leaves out the ticket money refunded or withdrawn: R$ 1.187,00 sold, R$ 442,00 back, R$ 74,50 at 10 %', () => {
    const money = { grossCentavos: 118700, refundsCentavos: 44200 };
    expect(ecadBaseCentavos(money)).toBe(74500);
    expect(ecadEstimate(money, 1000)).toBe(7450);
    // Everything given back: nothing to estimate.
    expect(ecadEstimate({ grossCentavos: 22000, refundsCentavos: 22000 }, 1500)).toBe(0);
  });

  it('takes no service fee, kept or paid back, and not the absorbed one off the receipts', () => {
    // 2 x R$ 80,00 with a R$ 10,00 coupon and a 10 % fee; one ticket refunded with its fee (R$ 82,50).
    const refunded: BorderoOrder = {
      subtotalCentavos: 16000,
      discountCentavos: 1000,
      feeCentavos: 1500,
      absorbedFeeCentavos: 0,
      units: [unit({ ticketId: 'a', unitFeeCentavos: 750 }), unit({ ticketId: 'b', unitFeeCentavos: 750, refundId: 'r1' })],
      refunds: [{ id: 'r1', amountCentavos: 8250 }],
    };
    // R$ 100,00 whose R$ 10,00 fee the organizer absorbs.
    const absorbed: BorderoOrder = {
      subtotalCentavos: 10000,
      discountCentavos: 0,
      feeCentavos: 0,
      absorbedFeeCentavos: 1000,
      units: [unit({ ticketId: 'c', unitPriceCentavos: 10000, unitFeeCentavos: 1000 })],
      refunds: [],
    };
    const total = totalBorderoMoney(settleBorderoLines([refunded, absorbed]).values());
    expect(ecadBaseCentavos(total)).toBe(7500 + 10000);
    expect(ecadEstimate(total, 1000)).toBe(1750);
  });
});

describe('splitNet', () => {
  it('splits the net among co-producers with the rest to the organizer, summing exactly to the net', () => {
    const shares = splitNet(
      100001,
      [
        { name: 'Casa Azul', shareBasisPoints: 3333 },
        { name: 'Som & Luz', shareBasisPoints: 3333 },
      ],
      'Organizador',
    );
    expect(shares).toEqual([
      { name: 'Casa Azul', shareBasisPoints: 3333, amountCentavos: 33330, isOrganizer: false },
      { name: 'Som & Luz', shareBasisPoints: 3333, amountCentavos: 33330, isOrganizer: false },
      { name: 'Organizador', shareBasisPoints: 3334, amountCentavos: 33341, isOrganizer: true },
    ]);
    expect(shares.reduce((s, p) => s + p.amountCentavos, 0)).toBe(100001);
  });

  it('splits 1 centavo, no co-producer, and a negative net exactly', () => {
    const one = splitNet(1, [{ name: 'A', shareBasisPoints: 5000 }], 'Org');
    expect(one.map((s) => s.amountCentavos)).toEqual([1, 0]);
    expect(splitNet(999, [], 'Org')).toEqual([{ name: 'Org', shareBasisPoints: 10000, amountCentavos: 999, isOrganizer: true }]);
    const negative = splitNet(-1001, [{ name: 'A', shareBasisPoints: 5000 }], 'Org');
    expect(negative.map((s) => s.amountCentavos)).toEqual([-501, -500]);
  });
});

describe('meiaReserveUse', () => {
  it('counts the meia sold against 40 % of the stock, seniors apart', () => {
    expect(meiaReserveUse({ stock: 101, meiaEntrada: true, meiaSold: 21, seniorSold: 3 })).toEqual({
      stock: 101,
      reserve: 41,
      meiaSold: 21,
      seniorSold: 3,
      reserveLeft: 20,
      reserveUsedPercent: 51,
    });
    expect(meiaReserveUse({ stock: 10, meiaEntrada: false, meiaSold: 0, seniorSold: 0 })).toMatchObject({
      reserve: 0,
      reserveLeft: 0,
      reserveUsedPercent: 0,
    });
  });
});

describe('countEntriesPerHour', () => {
  it('counts entries per São Paulo hour and gate, in order', () => {
    const at = (iso: string, gate: string) => ({ scannedAt: new Date(iso), gate });
    const rows = countEntriesPerHour(
      [
        at('2026-11-28T23:10:00Z', 'Portão 2'),
        at('2026-11-28T23:59:59Z', 'Portão 1'),
        at('2026-11-28T23:00:00Z', 'Portão 1'),
        at('2026-11-29T00:00:00Z', 'Portão 1'),
      ],
      (d) => `${d.toISOString().slice(11, 13)}h`,
    );
    expect(rows.map((r) => [r.hourLabel, r.gate, r.entries])).toEqual([
      ['23h', 'Portão 1', 2],
      ['23h', 'Portão 2', 1],
      ['00h', 'Portão 1', 1],
    ]);
  });
});

describe('nfseText', () => {
  it('names the provider, the event, the fees as the service value and the ticket money apart', () => {
    const text = nfseText({
      company: { name: 'Next Level Eventos', cnpj: '12.345.678/0001-95', email: 'contato@nextlevel.com.br' },
      event: { title: 'Noite Azul', date: '2026-12-05', venue: 'Arena', city: 'Itajaí' },
      dateLabel: '05/12/2026',
      ticketsSold: 3,
      courtesies: 1,
      feesCentavos: 1500,
      absorbedFeesCentavos: 250,
      ticketMoneyCentavos: 123456,
      formatMoney: formatCentavos,
    });
    expect(text).toContain('Prestador: Next Level Eventos, CNPJ 12.345.678/0001-95');
    expect(text).toContain('“Noite Azul”, em 05/12/2026, Arena, Itajaí.');
    expect(text).toContain('Valor dos serviços: R$ 17,50');
    expect(text).toContain('fora do valor dos serviços: R$ 1.234,56');
  });
});

describe('borderoKind', () => {
  it('reads courtesies and free guest-list names as cortesia, half price as meia, the rest as inteira', () => {
    const sale = { paymentProvider: 'sandbox', channel: 'online', unitPriceCentavos: 8000, concession: null };
    expect(borderoKind(sale)).toBe('inteira');
    expect(borderoKind({ ...sale, unitPriceCentavos: 4000, concession: 'student' })).toBe('meia');
    expect(borderoKind({ ...sale, paymentProvider: 'courtesy', unitPriceCentavos: 0 })).toBe('cortesia');
    expect(borderoKind({ ...sale, paymentProvider: 'guest_list', channel: 'guest_list', unitPriceCentavos: 0 })).toBe('cortesia');
    expect(borderoKind({ ...sale, paymentProvider: 'guest_list', channel: 'guest_list', unitPriceCentavos: 3000 })).toBe('inteira');
    expect(borderoKind({ ...sale, paymentProvider: 'free', unitPriceCentavos: 0 })).toBe('inteira');
    // A courtesy given at the box office, inside a paid sale.
    expect(borderoKind({ ...sale, paymentProvider: 'box_office', channel: 'box_office', unitPriceCentavos: 0 })).toBe('cortesia');
    expect(borderoKind({ ...sale, paymentProvider: 'box_office', channel: 'box_office', unitPriceCentavos: 5000 })).toBe('inteira');
  });
});
