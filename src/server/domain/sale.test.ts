import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import {
  assertCapacityFor,
  decideHoldAgain,
  decideOrder,
  decideSale,
  type HeldAgainItem,
  type OrderLine,
  type OrderRequest,
  type SaleCoupon,
  type SaleSector,
  type SaleState,
} from './sale';
import { lotsState, rollEndedLots, type SaleLot } from './lots';
import { serviceFeeOf } from './service-fee';
import { meiaReserve, reserveReleaseAt } from './meia';
import type { SaleOffer } from './waitlist';

// The event is on 2026-12-20 at 22:00 in São Paulo (2026-12-21T01:00Z); "now" is weeks before.
const now = new Date('2026-11-25T12:00:00.000Z');
const BUYER = '52998224725';
const noFee = { basisPoints: 0, minCentavos: null, maxCentavos: null, absorbed: false };

function lot(id: string, position: number, priceCentavos: number, remaining: number, extra: Partial<SaleLot> = {}): SaleLot {
  return { id, position, priceCentavos, quantity: remaining, remaining, startsAt: null, endsAt: null, ...extra };
}

function sector(id: string, lots: SaleLot[], extra: Partial<SaleSector> = {}): SaleSector {
  return {
    id,
    eventId: 'ev1',
    name: id === 'pista' ? 'Pista' : id.toUpperCase(),
    remaining: lots.reduce((s, l) => s + l.remaining, 0),
    meiaTaken: 0,
    salesStartAt: null,
    salesEndAt: null,
    hiddenWithoutCode: false,
    lots,
    ...extra,
  };
}

function state(sectors: SaleSector[], event: Partial<NonNullable<SaleState['event']>> = {}, coupons: SaleCoupon[] = []): SaleState {
  return {
    event: {
      id: 'ev1',
      isPublished: true,
      isCancelled: false,
      date: '2026-12-20',
      startTime: '22:00',
      endTime: '05:00',
      capacity: null,
      meiaEntrada: true,
      maxTicketsPerOrder: null,
      maxTicketsPerCpf: null,
      fee: noFee,
      ...event,
    },
    sectors,
    couponsByCode: new Map(coupons.map((c) => [c.code, c])),
    takenByCpf: new Map(),
  };
}

function coupon(extra: Partial<SaleCoupon> = {}): SaleCoupon {
  return {
    id: 'c1',
    code: 'NEXT10',
    discountType: 'percentage',
    discountValue: 10,
    minPurchaseCentavos: null,
    maxUses: null,
    currentUses: 0,
    heldUses: 0,
    validFrom: null,
    validUntil: null,
    isActive: true,
    eventId: null,
    unlocksSectorId: null,
    ...extra,
  };
}

const full = (quantity: number, sectorId = 'pista'): OrderLine => ({ sectorId, quantity });
const meia = (cpf: string, concession: OrderLine['concession'] = 'student', birthDate = '2004-05-10', sectorId = 'pista'): OrderLine => ({
  sectorId,
  quantity: 1,
  concession,
  holder: { name: 'Bia Souza', cpf, birthDate, documentNumber: 'CIE-123' },
});
const order = (lines: OrderLine[], extra: Partial<OrderRequest> = {}): OrderRequest => ({
  lines,
  buyerCpf: BUYER,
  paymentMethod: 'pix',
  installments: 1,
  ...extra,
});

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

const outcomes = (s: SaleState, requests: OrderRequest[]) =>
  decideSale(s, requests, now).decisions.map((d) => (d.accepted ? d.priced.totalCentavos : d.error.code));

describe('decideSale: first come, first served', () => {
  it('sells what remains in arrival order and refuses what no longer fits', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 8)])]);
    // A reserve of 40 % (4 of 8) stays out of full-price sales weeks before the event.
    expect(outcomes(s, [order([full(3)]), order([full(2)]), order([full(1)])])).toEqual([24000, 'full_price_sold_out', 8000]);
    expect(s.sectors[0].remaining).toBe(4);
  });

  it('holds a code use per accepted order, so the last use goes to one order', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)])], {}, [coupon({ maxUses: 1 })]);
    expect(outcomes(s, [order([full(1)], { couponCode: ' next10 ' }), order([full(1)], { couponCode: 'NEXT10' })])).toEqual([
      7200,
      'coupon_exhausted',
    ]);
  });

  it('refuses everything for a cancelled event', () => {
    expect(outcomes(state([sector('pista', [lot('p1', 1, 8000, 10)])], { isCancelled: true }), [order([full(1)])])).toEqual([
      'event_cancelled',
    ]);
  });
});

describe('lots that turn over', () => {
  it('sells the first lot at its price, then the next lot, splitting an order at the turn', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 3), lot('p2', 2, 10000, 100)])]);
    const { decisions } = decideSale(s, [order([full(2)]), order([full(2)]), order([full(1)])], now);
    const items = decisions.map((d) => (d.accepted ? d.priced.items.map((i) => [i.lotId, i.quantity, i.unitPriceCentavos]) : d.error.code));
    expect(items).toEqual([
      [['p1', 2, 8000]],
      [
        ['p1', 1, 8000],
        ['p2', 1, 10000],
      ],
      [['p2', 1, 10000]],
    ]);
    expect(s.sectors[0].lots.map((l) => l.remaining)).toEqual([0, 98]);
  });

  it('rolls the units of a lot whose date passed into the next one, at the next price', () => {
    const lots = [lot('p1', 1, 8000, 30, { endsAt: new Date('2026-11-20T00:00:00Z') }), lot('p2', 2, 10000, 70)];
    const s = state([sector('pista', lots)]);
    const { decisions, rolls } = decideSale(s, [order([full(1)])], now);
    expect(rolls).toEqual([{ fromLotId: 'p1', toLotId: 'p2', units: 30 }]);
    expect(decisions[0].accepted && decisions[0].priced.items[0]).toMatchObject({ lotId: 'p2', unitPriceCentavos: 10000 });
    expect(s.sectors[0].lots.map((l) => [l.quantity, l.remaining])).toEqual([
      [0, 0],
      [100, 99],
    ]);
  });

  it('reopens an earlier lot when units come back to it', () => {
    const lots = [lot('p1', 1, 8000, 0, { quantity: 10 }), lot('p2', 2, 10000, 50)];
    expect(lotsState(lots, now).current?.id).toBe('p2');
    lots[0].remaining = 1;
    expect(lotsState(lots, now)).toMatchObject({ current: { id: 'p1' }, next: { id: 'p2' } });
  });

  it('sells nothing while the next lot has not started', () => {
    const s = state([
      sector('pista', [lot('p1', 1, 8000, 0, { quantity: 10 }), lot('p2', 2, 10000, 50, { startsAt: new Date('2026-12-01T13:00:00Z') })]),
    ]);
    expect(outcomes(s, [order([full(1)])])).toEqual(['ticket_type_sold_out']);
    expect(lotsState(s.sectors[0].lots, now).opensAt?.toISOString()).toBe('2026-12-01T13:00:00.000Z');
  });

  it('keeps the units of an ended last lot out of sale', () => {
    const lots = [lot('p1', 1, 8000, 5, { endsAt: new Date('2026-11-01T00:00:00Z') })];
    expect(rollEndedLots(lots, now)).toEqual([]);
    expect(outcomes(state([sector('pista', lots)]), [order([full(1)])])).toEqual(['ticket_type_sold_out']);
  });
});

describe('meia-entrada', () => {
  it('reserves 40 % of every sector, rounded up', () => {
    expect([meiaReserve(100), meiaReserve(101), meiaReserve(1)]).toEqual([40, 41, 1]);
  });

  it('charges meia the lot price, rounded down, never discounted by a coupon', () => {
    const s = state([sector('pista', [lot('p1', 1, 8001, 100)])], {}, [coupon()]);
    const { priced } = decideOrder(s, order([full(1), meia('11144477735')], { couponCode: 'NEXT10' }), now);
    expect(priced.items.map((i) => [i.name, i.unitPriceCentavos])).toEqual([
      ['Pista', 8001],
      ['Pista · Meia-entrada (Estudante)', 4000],
    ]);
    expect(priced.discountCentavos).toBe(800);
    expect(priced.totalCentavos).toBe(8001 + 4000 - 800);
  });

  it('sells half price only within the reserve, and full price only outside it until 48 hours before', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 10)], { meiaTaken: 3 })]);
    expect(codeOf(() => decideOrder(s, order([meia('11144477735')]), now))).toBeUndefined();
    s.sectors[0].meiaTaken = 4;
    expect(codeOf(() => decideOrder(s, order([meia('11144477735')]), now))).toBe('meia_sold_out');
    s.sectors[0].meiaTaken = 0;
    expect(codeOf(() => decideOrder(s, order([full(7)]), now))).toBe('full_price_sold_out');
    expect(codeOf(() => decideOrder(s, order([full(6)]), now))).toBeUndefined();
    const late = new Date(reserveReleaseAt({ date: '2026-12-20', startTime: '22:00' }, 10).getTime() + 1000);
    expect(codeOf(() => decideOrder(s, order([full(10)]), late))).toBeUndefined();
  });

  it('releases the reserve 72 hours before an event with more than 10,000 tickets', () => {
    const start = new Date('2026-12-21T01:00:00Z').getTime();
    expect(start - reserveReleaseAt({ date: '2026-12-20', startTime: '22:00' }, 10_000).getTime()).toBe(48 * 3_600_000);
    expect(start - reserveReleaseAt({ date: '2026-12-20', startTime: '22:00' }, 10_001).getTime()).toBe(72 * 3_600_000);
  });

  it('gives one meia per CPF per event, a companion only beside a PcD unit, and the senior half price from 60', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)])]);
    expect(codeOf(() => decideOrder(s, order([meia('11144477735'), meia('11144477735')]), now))).toBe('meia_cpf_repeated');
    s.takenByCpf.set('11144477735', { units: 1, meia: 1 });
    expect(codeOf(() => decideOrder(s, order([meia('11144477735')]), now))).toBe('meia_cpf_repeated');
    expect(codeOf(() => decideOrder(s, order([meia('39053344705', 'pcd_companion')]), now))).toBe('meia_companion_without_pcd');
    expect(codeOf(() => decideOrder(s, order([meia('39053344705', 'pcd'), meia('71428793860', 'pcd_companion')]), now))).toBeUndefined();
    expect(codeOf(() => decideOrder(s, order([meia('39053344705', 'senior', '1967-01-10')]), now))).toBe('meia_senior_age');
    expect(codeOf(() => decideOrder(s, order([meia('39053344705', 'senior', '1966-11-25')]), now))).toBeUndefined();
  });

  it('does not count the senior half price against the reserve', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 10)], { meiaTaken: 4 })]);
    expect(outcomes(s, [order([meia('39053344705', 'senior', '1950-01-01')])])).toEqual([4000]);
    expect(s.sectors[0].meiaTaken).toBe(4);
  });
});

describe('limits per order and per CPF, capacity', () => {
  it('refuses more than the limit per order, naming it', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)])], { maxTicketsPerOrder: 6 });
    const error = (() => {
      try {
        decideOrder(s, order([full(7)]), now);
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect([error?.code, error?.message]).toEqual(['order_limit', 'Limite de 6 ingressos por pedido neste evento']);
  });

  it('counts what a CPF already holds and what the earlier orders of the group took', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)])], { maxTicketsPerCpf: 4 });
    s.takenByCpf.set(BUYER, { units: 1, meia: 0 });
    expect(outcomes(s, [order([full(2)]), order([full(2)]), order([full(1)])])).toEqual([16000, 'cpf_limit', 8000]);
  });

  it('never sells past the event capacity, shared by its sectors', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 50)]), sector('vip', [lot('v1', 1, 18000, 50)])], { capacity: 10 });
    s.sectors[0].lots[0].remaining = 44;
    s.sectors[0].remaining = 44;
    expect(outcomes(s, [order([full(3, 'vip')]), order([full(2, 'pista')])])).toEqual([54000, 'event_sold_out']);
  });
});

describe('service fee', () => {
  it('rounds each ticket fee to the centavo within its bounds, never on a free ticket', () => {
    expect(serviceFeeOf({ basisPoints: 1000, minCentavos: null, maxCentavos: null, absorbed: false }, 8005)).toBe(801);
    expect(serviceFeeOf({ basisPoints: 1000, minCentavos: 300, maxCentavos: null, absorbed: false }, 1000)).toBe(300);
    expect(serviceFeeOf({ basisPoints: 1000, minCentavos: null, maxCentavos: 1500, absorbed: false }, 50000)).toBe(1500);
    expect(serviceFeeOf({ basisPoints: 1000, minCentavos: 300, maxCentavos: null, absorbed: false }, 0)).toBe(0);
  });

  it('is computed on what each ticket costs after meia and the coupon, and adds to the total', () => {
    const fee = { basisPoints: 1000, minCentavos: null, maxCentavos: null, absorbed: false };
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)])], { fee }, [coupon()]);
    const { priced } = decideOrder(s, order([full(2), meia('11144477735')], { couponCode: 'NEXT10' }), now);
    // Full: 8000 - 800 (10 %) = 7200 -> 720 each; meia 4000 -> 400.
    expect(priced.items.map((i) => i.unitFeeCentavos)).toEqual([720, 400]);
    expect(priced).toMatchObject({
      subtotalCentavos: 20000,
      discountCentavos: 1600,
      feeCentavos: 1840,
      totalCentavos: 20000 - 1600 + 1840,
    });
  });

  it('leaves the buyer total alone when the organizer absorbs it', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)])], {
      fee: { basisPoints: 1000, minCentavos: null, maxCentavos: null, absorbed: true },
    });
    expect(decideOrder(s, order([full(1)]), now).priced).toMatchObject({ feeCentavos: 0, absorbedFeeCentavos: 800, totalCentavos: 8000 });
  });
});

describe('windows, pre-sale codes and the price the buyer saw', () => {
  it('refuses a sector before its window opens and after it closes', () => {
    const opens = new Date('2026-12-01T13:00:00Z');
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)], { salesStartAt: opens })]);
    expect(codeOf(() => decideOrder(s, order([full(1)]), now))).toBe('sector_not_open');
    s.sectors[0].salesStartAt = null;
    s.sectors[0].salesEndAt = new Date('2026-11-01T00:00:00Z');
    expect(codeOf(() => decideOrder(s, order([full(1)]), now))).toBe('sector_closed');
  });

  it('sells a hidden sector only with the code that unlocks it', () => {
    const s = state([sector('fan', [lot('f1', 1, 6000, 50)], { hiddenWithoutCode: true })], {}, [
      coupon({ code: 'AYYOFA', discountValue: 0, unlocksSectorId: 'fan' }),
    ]);
    expect(codeOf(() => decideOrder(s, order([full(1, 'fan')]), now))).toBe('ticket_type_not_found');
    expect(decideOrder(s, order([full(1, 'fan')], { couponCode: 'ayyofa' }), now).priced.totalCentavos).toBe(6000);
  });

  it('issues a free courtesy without fee, outside the limits and the reserve, on a draft event too', () => {
    const fee = { basisPoints: 1000, minCentavos: 300, maxCentavos: null, absorbed: false };
    const s = state([sector('pista', [lot('p1', 1, 8000, 10)])], { isPublished: false, maxTicketsPerOrder: 1, fee });
    const { priced } = decideOrder(s, order([full(8)], { courtesy: true }), now);
    expect(priced).toMatchObject({ totalCentavos: 0, feeCentavos: 0, quantity: 8 });
    expect(priced.items[0].name).toBe('Pista · Cortesia');
    expect(codeOf(() => decideOrder(s, order([full(1)]), now))).toBe('event_not_found');
  });

  it('refuses with the new total when the price moved since the buyer saw it', () => {
    const s = state([sector('pista', [lot('p1', 1, 8000, 100)])]);
    expect(codeOf(() => decideOrder(s, order([full(1)], { expectedTotalCentavos: 7000 }), now))).toBe('price_changed');
    expect(decideOrder(s, order([full(1)], { expectedTotalCentavos: 8000 }), now).priced.totalCentavos).toBe(8000);
  });
});

describe('a waiting-list offer', () => {
  const offered = (extra: Partial<SaleOffer> = {}): SaleOffer => ({
    id: 'offer1',
    userId: 'fan',
    sectorId: 'pista',
    lotId: 'l1',
    quantity: 2,
    unitPriceCentavos: 8000,
    status: 'open',
    expiresAt: new Date(now.getTime() + 30 * 60_000),
    ...extra,
  });
  const soldOut = () => {
    const s = state([sector('pista', [lot('l1', 1, 9000, 0)])]);
    s.offersById = new Map([['offer1', offered()]]);
    return s;
  };

  it("sells the offer's units at its price to its person, though the sector is sold out, and only once", () => {
    const s = soldOut();
    expect(
      outcomes(s, [order([full(2)], { offerId: 'offer1', userId: 'fan' }), order([full(1)], { offerId: 'offer1', userId: 'fan' })]),
    ).toEqual([16000, 'waitlist_offer_expired']);
    // Public stock does not move: the offer's units had left it already.
    expect(s.sectors[0].remaining).toBe(0);
    expect(s.sectors[0].lots[0].remaining).toBe(0);
  });

  it('refuses anyone else, and anyone without the offer finds the sector sold out', () => {
    expect(outcomes(soldOut(), [order([full(1)], { offerId: 'offer1', userId: 'someone' }), order([full(1)], { userId: 'fan' })])).toEqual([
      'waitlist_offer_not_yours',
      'ticket_type_sold_out',
    ]);
  });
});

describe('capacity', () => {
  const codeOf = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      return error instanceof DomainError ? error.code : 'other';
    }
    return null;
  };
  // Pass: 10 units, 6 taken; Saturday: 10 units, 1 taken.
  const sectors = [sector('pass', [lot('p1', 1, 30000, 4, { quantity: 10 })]), sector('sat', [lot('s1', 1, 12000, 9, { quantity: 10 })])];
  const saturday = { id: 'sab', name: 'Sábado', capacity: 9, sectorIds: ['pass', 'sat'] };
  const friday = { id: 'sex', name: 'Sexta', capacity: 7, sectorIds: ['pass'] };

  it("holds the event's capacity over every sector and each session's over the sectors admitting to it", () => {
    expect(codeOf(() => assertCapacityFor(10, sectors, new Map([['sat', 3]])))).toBe(null);
    expect(codeOf(() => assertCapacityFor(10, sectors, new Map([['sat', 4]])))).toBe('event_sold_out');
    expect(codeOf(() => assertCapacityFor(null, sectors, new Map([['sat', 2]]), [saturday, friday]))).toBe(null);
    expect(codeOf(() => assertCapacityFor(null, sectors, new Map([['sat', 3]]), [saturday, friday]))).toBe('session_sold_out');
    // A pass counts in every session it admits to: Friday's 7 stop it first.
    expect(codeOf(() => assertCapacityFor(null, sectors, new Map([['pass', 2]]), [saturday, friday]))).toBe('session_sold_out');
    expect(codeOf(() => assertCapacityFor(null, sectors, new Map([['pass', 1]]), [saturday, friday]))).toBe(null);
    // A session none of the asked sectors admits to does not limit them.
    expect(codeOf(() => assertCapacityFor(null, sectors, new Map([['sat', 2]]), [{ ...friday, capacity: 6 }]))).toBe(null);
  });
});

describe('decideHoldAgain', () => {
  const item = (extra: Partial<HeldAgainItem> = {}): HeldAgainItem => ({
    sectorId: 'pista',
    lotId: 'l1',
    quantity: 1,
    concession: null,
    holderCpf: null,
    holderCpfs: [],
    ...extra,
  });
  const refusal = (decision: ReturnType<typeof decideHoldAgain>) => (decision.accepted ? null : decision.error.code);

  it('holds the units again in their lot and counts them, as a sale would', () => {
    const sale = state([sector('pista', [lot('l1', 1, 8000, 5, { quantity: 10 })], { meiaTaken: 0 })], {
      meiaEntrada: false,
      maxTicketsPerCpf: 4,
    });
    expect(decideHoldAgain(sale, { buyerCpf: BUYER, userId: 'u1', items: [item({ quantity: 2 })] }, now)).toEqual({ accepted: true });
    expect(sale.sectors[0].remaining).toBe(3);
    expect(sale.sectors[0].lots[0].remaining).toBe(3);
    expect(sale.takenByCpf.get(BUYER)).toEqual({ units: 2, meia: 0 });
  });

  it("refuses past the event's capacity, the limit per CPF, or a lot without the units", () => {
    const sectors = () => [sector('pista', [lot('l1', 1, 8000, 5, { quantity: 10 })])];
    expect(
      refusal(
        decideHoldAgain(
          state(sectors(), { capacity: 6, meiaEntrada: false }),
          { buyerCpf: BUYER, userId: null, items: [item({ quantity: 2 })] },
          now,
        ),
      ),
    ).toBe('event_sold_out');
    const limited = state(sectors(), { meiaEntrada: false, maxTicketsPerCpf: 3 });
    limited.takenByCpf.set(BUYER, { units: 2, meia: 0 });
    expect(refusal(decideHoldAgain(limited, { buyerCpf: BUYER, userId: null, items: [item({ quantity: 2 })] }, now))).toBe('cpf_limit');
    expect(
      refusal(
        decideHoldAgain(state(sectors(), { meiaEntrada: false }), { buyerCpf: BUYER, userId: null, items: [item({ quantity: 6 })] }, now),
      ),
    ).toBe('ticket_type_sold_out');
  });

  it('keeps the meia-entrada reserve: a meia only while it lasts, one per CPF, and full price outside it', () => {
    // 10 units, reserve 4; 6 left, 3 meias taken: 1 meia left, 5 full-price units.
    const sectors = () => [sector('pista', [lot('l1', 1, 8000, 6, { quantity: 10 })], { meiaTaken: 3 })];
    const meia = item({ concession: 'student', holderCpf: '11144477735' });
    expect(decideHoldAgain(state(sectors()), { buyerCpf: BUYER, userId: null, items: [meia] }, now)).toEqual({ accepted: true });
    expect(
      refusal(
        decideHoldAgain(
          state([sector('pista', [lot('l1', 1, 8000, 6, { quantity: 10 })], { meiaTaken: 4 })]),
          { buyerCpf: BUYER, userId: null, items: [meia] },
          now,
        ),
      ),
    ).toBe('meia_sold_out');
    const repeated = state(sectors());
    repeated.takenByCpf.set('11144477735', { units: 1, meia: 1 });
    expect(refusal(decideHoldAgain(repeated, { buyerCpf: BUYER, userId: null, items: [meia] }, now))).toBe('meia_cpf_repeated');
    expect(refusal(decideHoldAgain(state(sectors()), { buyerCpf: BUYER, userId: null, items: [item({ quantity: 6 })] }, now))).toBe(
      'full_price_sold_out',
    );
    expect(decideHoldAgain(state(sectors()), { buyerCpf: BUYER, userId: null, items: [item({ quantity: 5 })] }, now)).toEqual({
      accepted: true,
    });
  });
});
