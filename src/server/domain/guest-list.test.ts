import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import {
  alreadyAdmittedMessage,
  assertGuestListTakesNames,
  describeGuestListRule,
  guestCharge,
  pickGuestUnit,
  readGuestCsv,
  type GuestListRule,
} from './guest-list';
import type { SaleLot } from './lots';
import type { SaleEvent, SaleSector } from './sale';

// 00:30 in São Paulo (UTC-3) on the night of 2026-12-20 -> 21: 03:30 UTC on the 21st.
const freeUntil = new Date('2026-12-21T03:30:00.000Z');
const priceRule: GuestListRule = { freeUntil, afterKind: 'price', afterPriceCentavos: 4000, discountPercent: null };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

function lot(id: string, position: number, quantity: number, remaining: number): SaleLot {
  return { id, position, priceCentavos: 5000, quantity, remaining, startsAt: null, endsAt: null };
}

function sector(id: string, lots: SaleLot[]): SaleSector {
  return {
    id,
    eventId: 'ev1',
    name: id,
    remaining: lots.reduce((s, l) => s + l.remaining, 0),
    meiaTaken: 0,
    salesStartAt: null,
    salesEndAt: null,
    hiddenWithoutCode: false,
    lots,
  };
}

describe('the rule of a guest list', () => {
  it('is free before the free time and charges the price from that instant on', () => {
    expect(guestCharge(priceRule, new Date('2026-12-21T03:29:59.999Z'))).toBe(0);
    expect(guestCharge(priceRule, freeUntil)).toBe(4000);
    expect(guestCharge(priceRule, new Date('2026-12-21T05:00:00.000Z'))).toBe(4000);
  });

  it('takes the percent off the reference price after the free time, rounded to the centavo', () => {
    const rule: GuestListRule = { freeUntil, afterKind: 'discount', afterPriceCentavos: 4999, discountPercent: 50 };
    expect(guestCharge(rule, new Date('2026-12-21T02:00:00.000Z'))).toBe(0);
    expect(guestCharge(rule, new Date('2026-12-21T04:00:00.000Z'))).toBe(2500);
    expect(guestCharge({ ...rule, discountPercent: 100 }, new Date('2026-12-21T04:00:00.000Z'))).toBe(0);
  });

  it('never charges a list free all night', () => {
    expect(
      guestCharge({ freeUntil, afterKind: 'free', afterPriceCentavos: null, discountPercent: null }, new Date('2026-12-21T09:00:00.000Z')),
    ).toBe(0);
  });

  it('reads in pt-BR with the time in São Paulo', () => {
    expect(describeGuestListRule(priceRule)).toBe('Grátis até 00:30, depois R$ 40,00');
    expect(describeGuestListRule({ freeUntil, afterKind: 'discount', afterPriceCentavos: 6000, discountPercent: 50 })).toBe(
      'Grátis até 00:30, depois 50% de desconto (R$ 30,00)',
    );
    expect(describeGuestListRule({ freeUntil, afterKind: 'free', afterPriceCentavos: null, discountPercent: null })).toBe(
      'Grátis a noite toda',
    );
  });

  it('says when a name already came in', () => {
    expect(alreadyAdmittedMessage(new Date('2026-12-21T02:40:00.000Z'))).toBe('Já entrou às 23:40');
  });
});

describe('a list taking names', () => {
  const closesAt = new Date('2026-12-20T23:00:00.000Z');
  it('refuses once closed, from the closing instant on', () => {
    expect(
      codeOf(() => assertGuestListTakesNames({ closesAt, quota: 10, entriesCount: 0 }, new Date('2026-12-20T22:59:59.000Z'))),
    ).toBeUndefined();
    expect(codeOf(() => assertGuestListTakesNames({ closesAt, quota: 10, entriesCount: 0 }, closesAt))).toBe('guest_list_closed');
  });

  it('refuses past its quota', () => {
    const now = new Date('2026-12-20T20:00:00.000Z');
    expect(codeOf(() => assertGuestListTakesNames({ closesAt, quota: 2, entriesCount: 1 }, now))).toBeUndefined();
    expect(codeOf(() => assertGuestListTakesNames({ closesAt, quota: 2, entriesCount: 2 }, now))).toBe('guest_list_full');
  });
});

// The night of 2026-12-20, 20:00 to 23:00 in São Paulo; names added a week before.
const weekBefore = new Date('2026-12-13T15:00:00.000Z');
function night(extra: Partial<SaleEvent> = {}): SaleEvent {
  return {
    id: 'ev1',
    isPublished: true,
    isCancelled: false,
    date: '2026-12-20',
    startTime: '20:00',
    endTime: '23:00',
    capacity: null,
    meiaEntrada: true,
    maxTicketsPerOrder: null,
    maxTicketsPerCpf: 2,
    fee: { basisPoints: 1000, minCentavos: 300, maxCentavos: null, absorbed: false },
    ...extra,
  };
}

describe('the unit a list name holds', () => {
  it('takes the first lot with units of the list sector, whatever the lots dates', () => {
    const sectors = [sector('pista', [lot('l1', 1, 5, 0), lot('l2', 2, 5, 3)])];
    expect(pickGuestUnit(night(), sectors, 'pista', weekBefore)).toEqual({ lotId: 'l2' });
  });

  it('counts in the event capacity as the sale does, all sectors together', () => {
    // 8 of 10 taken across the sectors (5 + 3): one more fits, not when 10 are taken.
    const sectors = [sector('pista', [lot('l1', 1, 10, 5)]), sector('camarote', [lot('c1', 1, 10, 7)])];
    expect(pickGuestUnit(night({ capacity: 9 }), sectors, 'pista', weekBefore)).toEqual({ lotId: 'l1' });
    expect(codeOf(() => pickGuestUnit(night({ capacity: 8 }), sectors, 'pista', weekBefore))).toBe('event_sold_out');
  });

  it('counts in the capacity of each session the sector admits to, and only those', () => {
    const sectors = [sector('pista', [lot('l1', 1, 10, 7)]), sector('camarote', [lot('c1', 1, 10, 10)])];
    const saturday = { id: 's1', name: 'Sábado', capacity: 3, sectorIds: ['pista'] };
    expect(codeOf(() => pickGuestUnit(night({ sessionCapacities: [saturday] }), sectors, 'pista', weekBefore))).toBe('session_sold_out');
    expect(pickGuestUnit(night({ sessionCapacities: [saturday] }), sectors, 'camarote', weekBefore)).toEqual({ lotId: 'c1' });
  });

  it('takes names for a draft, as a courtesy is issued before publishing, and none for an event cancelled, over or gone', () => {
    const sectors = [sector('pista', [lot('l1', 1, 5, 5)])];
    expect(pickGuestUnit(night({ isPublished: false }), sectors, 'pista', weekBefore)).toEqual({ lotId: 'l1' });
    expect(codeOf(() => pickGuestUnit(night({ isCancelled: true }), sectors, 'pista', weekBefore))).toBe('event_cancelled');
    // At 22:30 in São Paulo (01:30 UTC on the 21st) the night is on; at 23:30 it is over.
    expect(pickGuestUnit(night(), sectors, 'pista', new Date('2026-12-21T01:30:00.000Z'))).toEqual({ lotId: 'l1' });
    expect(codeOf(() => pickGuestUnit(night(), sectors, 'pista', new Date('2026-12-21T02:30:00.000Z')))).toBe('event_finished');
    expect(codeOf(() => pickGuestUnit(null, sectors, 'pista', weekBefore))).toBe('event_not_found');
  });

  it('refuses a sector without units and a sector of another event', () => {
    expect(codeOf(() => pickGuestUnit(night(), [sector('pista', [lot('l1', 1, 5, 0)])], 'pista', weekBefore))).toBe('ticket_type_sold_out');
    expect(codeOf(() => pickGuestUnit(night(), [sector('pista', [lot('l1', 1, 5, 5)])], 'outro', weekBefore))).toBe(
      'ticket_type_not_found',
    );
  });
});

describe('a guest CSV', () => {
  it('reads nome,email,cpf with an optional header and reports refused rows by line', () => {
    const rows = readGuestCsv(
      [
        'nome,email,cpf',
        'Ana Souza,ana@example.com,529.982.247-25',
        '',
        'Bruno,,',
        ',x@example.com,',
        'Carla,carla@,',
        'Davi,,52998224725',
      ].join('\n'),
    );
    expect(rows).toEqual([
      { line: 2, ok: true, name: 'Ana Souza', email: 'ana@example.com', cpf: '52998224725' },
      { line: 4, ok: true, name: 'Bruno', email: null, cpf: null },
      { line: 5, ok: false, reason: 'Informe o nome' },
      { line: 6, ok: false, reason: 'E-mail inválido' },
      { line: 7, ok: false, reason: 'CPF repetido (já na linha 2)' },
    ]);
  });

  it('reads a file without header, separated by semicolons, with a BOM', () => {
    expect(readGuestCsv('\uFEFFAna;ana@example.com;123\r\n')).toEqual([{ line: 1, ok: false, reason: 'CPF inválido' }]);
    expect(readGuestCsv('Ana;ANA@Example.com;\r\n')).toEqual([{ line: 1, ok: true, name: 'Ana', email: 'ana@example.com', cpf: null }]);
  });

  it('reads quoted names with commas, as a spreadsheet exports them', () => {
    expect(readGuestCsv('nome,email,cpf\n"Souza, Ana",ana@example.com,\n')).toEqual([
      { line: 2, ok: true, name: 'Souza, Ana', email: 'ana@example.com', cpf: null },
    ]);
  });
});
