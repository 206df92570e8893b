import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import {
  allotFreedUnits,
  assertCanJoin,
  assertOfferBuyable,
  offerExpiresAt,
  offerHoldMinutes,
  offerableFreedUnits,
  type SaleOffer,
} from './waitlist';

const lot = (lotId: string, quantity: number, position = 1, priceCentavos = 8000) => ({ lotId, quantity, position, priceCentavos });

describe('allotFreedUnits', () => {
  it('offers freed units in the order people joined, whatever order the entries come in', () => {
    const { offers, backOnSale } = allotFreedUnits(
      [lot('a', 1)],
      [
        { id: 'late', seq: 9, quantity: 1 },
        { id: 'first', seq: 2, quantity: 1 },
      ],
    );
    expect(offers).toEqual([{ entryId: 'first', lotId: 'a', quantity: 1, unitPriceCentavos: 8000 }]);
    expect(backOnSale).toEqual([]);
  });

  it('gives each person up to what they wanted and the rest to the next in line', () => {
    const { offers } = allotFreedUnits(
      [lot('a', 3)],
      [
        { id: 'one', seq: 1, quantity: 2 },
        { id: 'two', seq: 2, quantity: 2 },
        { id: 'three', seq: 3, quantity: 1 },
      ],
    );
    expect(offers.map((o) => [o.entryId, o.quantity])).toEqual([
      ['one', 2],
      ['two', 1],
    ]);
  });

  it('puts back on sale what nobody waits for', () => {
    const { offers, backOnSale } = allotFreedUnits([lot('a', 4)], [{ id: 'one', seq: 1, quantity: 1 }]);
    expect(offers).toHaveLength(1);
    expect(backOnSale).toEqual([{ lotId: 'a', quantity: 3 }]);
  });

  it("takes lots in their turn, one offer per person at that lot's price", () => {
    const { offers } = allotFreedUnits(
      [lot('second', 1, 2, 9000), lot('first', 1, 1, 8000)],
      [
        { id: 'one', seq: 1, quantity: 2 },
        { id: 'two', seq: 2, quantity: 1 },
      ],
    );
    expect(offers).toEqual([
      { entryId: 'one', lotId: 'first', quantity: 1, unitPriceCentavos: 8000 },
      { entryId: 'two', lotId: 'second', quantity: 1, unitPriceCentavos: 9000 },
    ]);
  });
});

describe('offerHoldMinutes', () => {
  const onSale = new Date('2026-11-20T13:00:00Z'); // 10:00 in São Paulo
  it('holds an offer 30 minutes on the day the sector went on sale', () => {
    expect(offerHoldMinutes(null, onSale, new Date('2026-11-21T01:30:00Z'))).toBe(30); // 22:30 the same day in São Paulo
  });
  it('holds it 12 hours on any other day, or without an on-sale instant', () => {
    expect(offerHoldMinutes(null, onSale, new Date('2026-11-21T03:30:00Z'))).toBe(720); // 00:30 the next day in São Paulo
    expect(offerHoldMinutes(null, null, onSale)).toBe(720);
  });
  it("follows the organizer's minutes when set", () => {
    expect(offerHoldMinutes(45, onSale, onSale)).toBe(45);
    expect(offerExpiresAt(45, null, onSale).toISOString()).toBe('2026-11-20T13:45:00.000Z');
  });
});

describe('assertCanJoin', () => {
  const now = new Date('2026-11-20T13:00:00Z');
  const sector = { eventId: 'e', remaining: 0, salesEndAt: null, hiddenWithoutCode: false };
  const code = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (error) {
      return error instanceof DomainError ? error.code : 'other';
    }
  };
  it('lets a person join a sold-out sector only', () => {
    expect(code(() => assertCanJoin(sector, 'e', now))).toBeNull();
    expect(code(() => assertCanJoin({ ...sector, remaining: 2 }, 'e', now))).toBe('waitlist_not_sold_out');
  });
  it('refuses another event, a pre-sale sector and a closed one', () => {
    expect(code(() => assertCanJoin(sector, 'other', now))).toBe('ticket_type_not_found');
    expect(code(() => assertCanJoin({ ...sector, hiddenWithoutCode: true }, 'e', now))).toBe('ticket_type_not_found');
    expect(code(() => assertCanJoin({ ...sector, salesEndAt: now }, 'e', now))).toBe('sector_closed');
  });
});

describe('assertOfferBuyable', () => {
  const now = new Date('2026-11-20T13:00:00Z');
  const offer: SaleOffer = {
    id: 'o',
    userId: 'u',
    sectorId: 't',
    lotId: 'l',
    quantity: 2,
    unitPriceCentavos: 8000,
    status: 'open',
    expiresAt: new Date('2026-11-20T13:30:00Z'),
  };
  const code = (o: SaleOffer | null, userId: string, lines: { sectorId: string; quantity: number; concession?: string }[], at = now) => {
    try {
      assertOfferBuyable(o, userId, lines, at);
      return null;
    } catch (error) {
      return (error as DomainError).code;
    }
  };
  it('sells the offered units to their person only', () => {
    expect(code(offer, 'u', [{ sectorId: 't', quantity: 2 }])).toBeNull();
    expect(code(offer, 'someone-else', [{ sectorId: 't', quantity: 1 }])).toBe('waitlist_offer_not_yours');
    expect(code(null, 'u', [{ sectorId: 't', quantity: 1 }])).toBe('waitlist_offer_not_yours');
  });
  it('refuses once the offer ran out or was used', () => {
    expect(code(offer, 'u', [{ sectorId: 't', quantity: 1 }], offer.expiresAt)).toBe('waitlist_offer_expired');
    expect(code({ ...offer, status: 'taken' }, 'u', [{ sectorId: 't', quantity: 1 }])).toBe('waitlist_offer_expired');
  });
  it('refuses more units than offered, another sector or a half price', () => {
    expect(code(offer, 'u', [{ sectorId: 't', quantity: 3 }])).toBe('waitlist_offer_mismatch');
    expect(code(offer, 'u', [{ sectorId: 'x', quantity: 1 }])).toBe('waitlist_offer_mismatch');
    expect(code(offer, 'u', [{ sectorId: 't', quantity: 1, concession: 'student' }])).toBe('waitlist_offer_mismatch');
  });
});

describe('offerableFreedUnits', () => {
  it('offers only what full price may take now, lot by lot in their turn', () => {
    expect(offerableFreedUnits([lot('l2', 2, 2), lot('l1', 1, 1)], 0)).toEqual([]);
    expect(offerableFreedUnits([lot('l2', 2, 2), lot('l1', 1, 1)], 2)).toEqual([lot('l1', 1, 1), lot('l2', 1, 2)]);
    expect(offerableFreedUnits([lot('l1', 2, 1)], 5)).toEqual([lot('l1', 2, 1)]);
  });
});
