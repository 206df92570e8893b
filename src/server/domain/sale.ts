import { DomainError } from '../../shared/errors';
import { formatInstant, isEventPast } from '../../shared/dates';
import { concessionLabel, countsAgainstReserve, type Concession } from '../../shared/concessions';
import { formatCentavos } from '../../shared/money';
import {
  MAX_QUANTITY_PER_TICKET_TYPE,
  applyCoupon,
  assertInstallments,
  assertUnlocksSector,
  normalizeCouponCode,
  type CouponRule,
} from './pricing';
import { rollEndedLots, sellableUnits, takeUnits, type LotRoll, type SaleLot } from './lots';
import { meiaPrice, isSenior, meiaReserve, reserveReleaseAt } from './meia';
import { serviceFeeOf, type ServiceFeeRule } from './service-fee';
import { assertOfferBuyable, type SaleOffer } from './waitlist';
import { BLOCK_FULL_PRICE_EXHAUSTED, blockUnitsLeft, priceBlockSale, type BlockLotPrice } from '../../shared/block-pricing';

/** The event of a sale as read with its row locked: what decides whether and how it sells. `date` 'yyyy-MM-dd', times 'HH:mm[:ss]' (America/Sao_Paulo). */
export interface SaleEvent {
  id: string;
  isPublished: boolean;
  isCancelled: boolean;
  date: string;
  startTime: string;
  endTime: string | null;
  /** Most tickets the event admits, all sectors together; null: no limit. */
  capacity: number | null;
  /** Whether the meia-entrada reserve applies (events.meia_entrada); when not, nothing is sold at half price. */
  meiaEntrada: boolean;
  /** Tickets are nominal (events.nominal): every unit names its holder's CPF at checkout. */
  nominal?: boolean;
  maxTicketsPerOrder: number | null;
  maxTicketsPerCpf: number | null;
  fee: ServiceFeeRule;
  /** The event's sessions that have a capacity, with the sectors admitting to each (absent: none). */
  sessionCapacities?: SessionCapacity[];
}

/**
 * A session of an event with a capacity (event_sessions.capacity;
 * docs/rules/sessions.md 'Session capacity') and the sectors that admit to it: those valid for it (ticket_type_sessions), and those
 * with no session named, valid for every session.
 */
export interface SessionCapacity {
  id: string;
  name: string;
  capacity: number;
  sectorIds: string[];
}

/** A sector ('Pista', 'Camarote') as read with its row and its lots locked. */
export interface SaleSector {
  id: string;
  eventId: string;
  name: string;
  /** Units left in all its lots. */
  remaining: number;
  /** Half-price units held or sold that count against the reserve. */
  meiaTaken: number;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
  hiddenWithoutCode: boolean;
  lots: SaleLot[];
  /** The full price of a unit at the box office when the organizer set one (ticket_types.door_price_centavos); else its lot's. */
  doorPriceCentavos?: number | null;
}

/**
 * A box-office block as the sale reads it with its row locked: units of one sector held for one
 * operator's device (services/box-office), already out of public stock and counted in the
 * capacity, sold in order at the prices fixed when it was reserved (shared/block-pricing.ts).
 * `meiaUnits` of them are kept for meia-entrada only (taken from the reserve when it was reserved).
 */
export interface SaleBlock {
  id: string;
  sectorId: string;
  operatorId: string | null;
  size: number;
  used: number;
  meiaUnits: number;
  meiaSold: number;
  returnedAt: Date | null;
  lots: BlockLotPrice[];
}

/** A coupon or pre-sale code as read with its row locked; `heldUses` are unpaid orders holding a use. */
export type SaleCoupon = CouponRule & { id: string; heldUses: number; unlocksSectorId: string | null };

/** Tickets one CPF already holds for the event (pending and paid orders): all, and half-price ones. */
export interface CpfTaken {
  units: number;
  meia: number;
}

/** Who uses a half-price unit: name, CPF (digits), birth date 'yyyy-MM-dd', document number where the category has one. */
export interface ConcessionHolder {
  name: string;
  cpf: string;
  birthDate: string;
  documentNumber: string | null;
}

/** One line of a request: full price (any quantity, optional holder names) or one half-price unit with its holder. */
export interface OrderLine {
  sectorId: string;
  quantity: number;
  holderNames?: string[];
  /** Holders' CPFs (digits), one per unit in order ('' or absent: none); every unit needs one where the event is nominal. */
  holderCpfs?: string[];
  concession?: Concession | null;
  holder?: ConcessionHolder | null;
  /** A courtesy line of a box-office sale ('Cortesia'): free, outside the limits per order and CPF. */
  courtesy?: boolean;
}

/** What one buyer asks for: the lines, the buyer's CPF (digits), the payment choice, the code as typed, and the total the buyer saw. */
export interface OrderRequest {
  lines: OrderLine[];
  buyerCpf: string;
  paymentMethod: 'pix' | 'card';
  installments: number;
  couponCode?: string | null;
  /** The total shown to the buyer when confirming; a different price now refuses with 'price_changed'. */
  expectedTotalCentavos?: number | null;
  /**
   * A courtesy ('Cortesia') the back office issues: full-price lines only, free and without fee,
   * outside the limits per order and per CPF, the sales windows and the meia reserve, but taken
   * from the sector's lots and counted in the event's capacity like any other ticket.
   */
  courtesy?: boolean;
  /**
   * A waiting-list offer to buy from ('Lista de espera', domain/waitlist.ts): its units, held out
   * of public sale for `userId` only, are the ones sold, at the offer's lot and price.
   */
  offerId?: string | null;
  /** The account placing the order (who an offer must belong to). */
  userId?: string | null;
  /**
   * A box-office sale: the block its units come from, sold by `operatorId` (the block's operator).
   * The units are the block's next ones, at its prices, with no service fee (domain/box-office.ts).
   */
  blockId?: string | null;
  operatorId?: string | null;
}

/**
 * The state a group of orders of one event is decided against (services/orders/sale-state.ts
 * reads it, with the rows locked when placing): the event, its sectors with their lots, the codes
 * the requests name (normalised), and what the CPFs of the requests already hold. decideSale
 * changes the counters as it accepts orders, so each later request sees what the earlier ones took.
 */
export interface SaleState {
  event: SaleEvent | null;
  sectors: SaleSector[];
  couponsByCode: Map<string, SaleCoupon>;
  takenByCpf: Map<string, CpfTaken>;
  /** The waiting-list offers the requests name, by id, as read with their rows locked (absent: none named). */
  offersById?: Map<string, SaleOffer>;
  /** The box-office blocks the requests name, by id, as read with their rows locked (absent: none named). */
  blocksById?: Map<string, SaleBlock>;
  /**
   * Units each account placing a request already holds for the event (its pending orders' units
   * and the live tickets it owns), by user id: the limit per CPF counts the account too, so typing
   * other CPFs buys nothing more (absent: not read, the event has no limit per CPF).
   */
  takenByAccount?: Map<string, number>;
}

/** One priced item: units of one sector from one lot at one price (a half-price unit alone, with its holder). */
export interface PricedItem {
  sectorId: string;
  lotId: string;
  lotPosition: number;
  /** The sector's name, with the category of a half-price unit: 'Pista · Meia-entrada (Estudante)'. */
  name: string;
  quantity: number;
  unitPriceCentavos: number;
  /** The service fee of each unit (charged, or absorbed when the order says so). */
  unitFeeCentavos: number;
  concession: Concession | null;
  holder: ConcessionHolder | null;
  /** Names given for the units, in order (may be shorter than the quantity). */
  holderNames: string[];
  /** CPFs given for the units, one per unit ('' where none). */
  holderCpfs: string[];
}

/**
 * A priced order. total = subtotal - discount + fee; `feeCentavos` is what the buyer pays,
 * `absorbedFeeCentavos` what the organizer pays instead (one of the two is 0).
 */
export interface PricedOrder {
  items: PricedItem[];
  subtotalCentavos: number;
  discountCentavos: number;
  feeCentavos: number;
  absorbedFeeCentavos: number;
  totalCentavos: number;
  /** Units across all items: one ticket each. */
  quantity: number;
}

/** What decideSale says of one request: placed at a price (and the code whose use it holds), or refused with the error to answer. */
export type SaleDecision =
  | {
      accepted: true;
      priced: PricedOrder;
      couponId: string | null;
      /** A box-office sale: meia-entrada units it counts in the sector's half_taken (those beyond its block's units kept for meia). */
      blockMeiaTaken?: number;
    }
  | { accepted: false; error: DomainError };

/**
 * Refuses a sale for an event that is not on sale: missing or unpublished (event_not_found),
 * cancelled (event_cancelled), over (event_finished, shared/dates isEventPast). The quote and the
 * sale both ask this (docs/rules/sale.md 'Buying'). `draftToo`: a courtesy may be issued before the event is published.
 */
export function assertOnSale(event: SaleEvent | null, now: Date, options: { draftToo?: boolean } = {}): asserts event is SaleEvent {
  if (!event || (!event.isPublished && !options.draftToo)) throw new DomainError('event_not_found');
  if (event.isCancelled) throw new DomainError('event_cancelled');
  if (isEventPast({ date: event.date, startTime: event.startTime, endTime: event.endTime }, now)) throw new DomainError('event_finished');
}

/** A sector's stock for sale: the units of all its lots. */
export function sectorStock(sector: SaleSector): number {
  return sector.lots.reduce((sum, lot) => sum + lot.quantity, 0);
}

/**
 * What a sector can sell at `now`, as the sale and the event page both count it: the units of its
 * open lots (`sellable`), its meia-entrada reserve (40 % of its stock, rounded up), the half-price
 * units that can still be sold (`available`), and the full-price units (`fullAvailable`): until
 * reserveReleaseAt only those outside what is left of the reserve, after it every sellable unit.
 */
export function sectorMeia(
  sector: SaleSector,
  event: Pick<SaleEvent, 'date' | 'startTime' | 'meiaEntrada'>,
  ticketsForSale: number,
  now: Date,
): { sellable: number; reserve: number; available: number; fullAvailable: number } {
  const sellable = sellableUnits(sector.lots, now);
  if (!event.meiaEntrada) return { sellable, reserve: 0, available: 0, fullAvailable: sellable };
  const reserve = meiaReserve(sectorStock(sector));
  const left = Math.max(0, reserve - sector.meiaTaken);
  const reserveHeld = now.getTime() < reserveReleaseAt(event, ticketsForSale).getTime();
  return {
    sellable,
    reserve,
    available: Math.min(left, sellable),
    fullAvailable: Math.max(0, reserveHeld ? Math.min(sellable, sector.remaining - left) : sellable),
  };
}

/** A line as decideOrder sees it after checks: full price (merged per sector) or one half-price unit. */
interface CheckedLine {
  sector: SaleSector;
  quantity: number;
  holderNames: string[];
  holderCpfs: string[];
  concession: Concession | null;
  holder: ConcessionHolder | null;
  courtesy: boolean;
}

/** Checks the lines' quantities and merges the full-price lines of one sector (first appearance kept). */
function checkLines(lines: OrderLine[], sectorsById: Map<string, SaleSector>, eventId: string, nominal = false): CheckedLine[] {
  const checked: CheckedLine[] = [];
  const fullBySector = new Map<string, CheckedLine>();
  const unitsBySector = new Map<string, number>();
  for (const line of lines) {
    if (line.quantity === 0) continue;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY_PER_TICKET_TYPE) {
      throw new DomainError('validation_failed', { field: 'quantity', sectorId: line.sectorId });
    }
    const sector = sectorsById.get(line.sectorId);
    if (!sector || sector.eventId !== eventId) throw new DomainError('ticket_type_not_found', { sectorId: line.sectorId });
    const units = (unitsBySector.get(sector.id) ?? 0) + line.quantity;
    if (units > MAX_QUANTITY_PER_TICKET_TYPE) throw new DomainError('validation_failed', { field: 'quantity', sectorId: line.sectorId });
    unitsBySector.set(sector.id, units);
    if (line.concession) {
      if (line.quantity !== 1 || !line.holder) throw new DomainError('meia_holder_required', { sectorId: sector.id });
      checked.push({
        sector,
        quantity: 1,
        holderNames: [line.holder.name],
        holderCpfs: [line.holder.cpf],
        concession: line.concession,
        holder: line.holder,
        courtesy: false,
      });
      continue;
    }
    // One CPF per unit, '' where none; a nominal event names every unit's holder (docs/rules/transfers.md 'Named tickets').
    const cpfs = Array.from({ length: line.quantity }, (_, n) => line.holderCpfs?.[n] ?? '');
    const courtesy = line.courtesy === true;
    if (nominal && !courtesy && cpfs.some((cpf) => cpf === ''))
      throw new DomainError('holder_cpf_required', { field: 'holderCpfs', sectorId: sector.id });
    const key = `${sector.id}:${courtesy}`;
    const known = fullBySector.get(key);
    if (known) {
      known.quantity += line.quantity;
      known.holderNames.push(...(line.holderNames ?? []));
      known.holderCpfs.push(...cpfs);
    } else {
      const merged: CheckedLine = {
        sector,
        quantity: line.quantity,
        holderNames: [...(line.holderNames ?? [])],
        holderCpfs: cpfs,
        concession: null,
        holder: null,
        courtesy,
      };
      fullBySector.set(key, merged);
      checked.push(merged);
    }
  }
  if (checked.length === 0) throw new DomainError('no_tickets_selected');
  return checked;
}

/** The sector's sales window at `now`: refuses before it opens ('Vendas abrem em …') and after it closes. */
function assertSectorOpen(sector: SaleSector, now: Date): void {
  if (sector.salesStartAt && now.getTime() < sector.salesStartAt.getTime()) {
    throw new DomainError(
      'sector_not_open',
      { sectorId: sector.id, opensAt: sector.salesStartAt.toISOString() },
      `Vendas abrem em ${formatInstant(sector.salesStartAt)}`,
    );
  }
  if (sector.salesEndAt && now.getTime() >= sector.salesEndAt.getTime()) throw new DomainError('sector_closed', { sectorId: sector.id });
}

/** The meia-entrada rules of an order's half-price lines: a companion beside a PcD unit, 60+ by birth date, one per CPF (in the order and for the event). */
function assertConcessions(lines: CheckedLine[], takenByCpf: Map<string, CpfTaken>, now: Date): void {
  const meia = lines.filter((line) => line.concession);
  const count = (concession: Concession) => meia.filter((line) => line.concession === concession).length;
  if (count('pcd_companion') > count('pcd')) throw new DomainError('meia_companion_without_pcd');
  const cpfs = new Set<string>();
  for (const line of meia) {
    const holder = line.holder!;
    if (line.concession === 'senior' && !isSenior(holder.birthDate, now)) throw new DomainError('meia_senior_age', { field: 'birthDate' });
    if (cpfs.has(holder.cpf) || (takenByCpf.get(holder.cpf)?.meia ?? 0) > 0)
      throw new DomainError('meia_cpf_repeated', { cpf: holder.cpf });
    cpfs.add(holder.cpf);
  }
}

/**
 * The units an order attributes to each CPF: each unit to its holder's CPF where one is named (a
 * half-price unit's holder, a nominal unit's CPF), every other unit to the buyer's. '' (no CPF) is
 * left out.
 */
function unitsByCpf(lines: CheckedLine[], buyerCpf: string): Map<string, CpfTaken> {
  const byCpf = new Map<string, CpfTaken>();
  for (const line of lines) {
    for (let n = 0; n < line.quantity; n++) {
      const cpf = line.holder?.cpf ?? (line.holderCpfs[n] || buyerCpf);
      if (!cpf) continue;
      const known = byCpf.get(cpf) ?? { units: 0, meia: 0 };
      known.units += 1;
      if (line.concession) known.meia += 1;
      byCpf.set(cpf, known);
    }
  }
  return byCpf;
}

/**
 * Who holds what (the limit per CPF and one meia-entrada per CPF), for every way a ticket comes to
 * a person: a sale, a transfer accepted, a holder edit. `coming.byCpf` are the units (and
 * half-price units) that would come to each CPF, `coming.userId` the account they would come to
 * with `coming.units` of them. Refuses with DomainError('cpf_limit', { limit, cpf }) ('Limite de N
 * ingressos por CPF neste evento'; `cpf`, digits only, the one past it, so the checkout marks that
 * field; absent when the account is) when a CPF or the account would hold more than `limit`
 * (events.max_tickets_per_cpf; null: no limit), and DomainError('meia_cpf_repeated', { cpf }) when
 * a CPF that already holds a meia-entrada would get another (Lei 12.933/2013: the benefit is
 * personal, one per person per event). `held` is what is held now, read with the event's sectors
 * locked (services/orders/sale-state.ts loadSaleState), so every channel takes turns on it.
 */
export function assertMayHold(
  limit: number | null,
  held: Pick<SaleState, 'takenByCpf' | 'takenByAccount'>,
  coming: { byCpf: ReadonlyMap<string, CpfTaken>; userId: string | null; units: number },
): void {
  const refuse = (cpf?: string) => {
    throw new DomainError('cpf_limit', cpf ? { limit, cpf } : { limit }, `Limite de ${limit} ingressos por CPF neste evento`);
  };
  for (const [cpf, mine] of coming.byCpf) {
    if (!cpf) continue;
    const taken = held.takenByCpf.get(cpf);
    if (limit !== null && (taken?.units ?? 0) + mine.units > limit) refuse(cpf);
    if (mine.meia > 0 && (taken?.meia ?? 0) > 0) throw new DomainError('meia_cpf_repeated', { cpf });
  }
  if (limit !== null && coming.userId && coming.units > 0 && (held.takenByAccount?.get(coming.userId) ?? 0) + coming.units > limit)
    refuse();
}

/**
 * Decides one order against the state of its event, without changing the state. Checks, in
 * order: instalments (installments_invalid); the event on sale (assertOnSale); the code
 * (coupon_invalid when unknown); the lines (validation_failed, no_tickets_selected,
 * ticket_type_not_found for an unknown type, another event's, or a pre-sale sector the code does
 * not unlock; meia_holder_required); the limit per order (order_limit) and per CPF and account
 * (assertMayHold: cpf_limit, meia_cpf_repeated);
 * the meia-entrada rules (meia_companion_without_pcd, meia_senior_age, meia_cpf_repeated); each
 * sector's window (sector_not_open, sector_closed), the event's capacity (event_sold_out), the
 * meia reserve (meia_sold_out) and full-price stock outside it (full_price_sold_out), then the
 * open lots (ticket_type_sold_out); the coupon on the full-price lines only (applyCoupon's codes);
 * the total the buyer saw (price_changed, details.totalCentavos). Units are taken lot by lot
 * (domain/lots takeUnits): a half price is half the lot's price, rounded down. The service fee is
 * computed per unit on what it costs after its share of the discount (domain/service-fee).
 * A nominal event's full-price units each need their holder's CPF (holder_cpf_required).
 * With a waiting-list offer (`offerId`), the stock checks give way to domain/waitlist
 * assertOfferBuyable (waitlist_offer_not_yours, waitlist_offer_expired, waitlist_offer_mismatch)
 * and the sector's window (sector_not_open, sector_closed):
 * the units are the offer's, at its lot and price, already outside public stock and the capacity.
 * Returns the priced order and the code used. Money in centavos.
 */
export function decideOrder(state: SaleState, request: OrderRequest, now: Date): { priced: PricedOrder; coupon: SaleCoupon | null } {
  assertInstallments(request.installments);
  if (request.paymentMethod === 'pix' && request.installments !== 1)
    throw new DomainError('installments_invalid', { field: 'installments' });
  assertOnSale(state.event, now, { draftToo: request.courtesy === true });
  const event = state.event;
  let coupon: SaleCoupon | null = null;
  if (request.couponCode) {
    coupon = state.couponsByCode.get(normalizeCouponCode(request.couponCode)) ?? null;
    if (!coupon) throw new DomainError('coupon_invalid', { field: 'couponCode' });
  }
  const sectorsById = new Map(state.sectors.map((sector) => [sector.id, sector]));
  const fromBlock = Boolean(request.blockId);
  // A courtesy is issued to a name and an e-mail; its holder's CPF comes with 'Editar titular'. A
  // box-office sale is made to whoever stands at the window: its full-price units name nobody.
  const lines = checkLines(request.lines, sectorsById, event.id, event.nominal === true && request.courtesy !== true && !fromBlock);
  for (const { sector } of lines) {
    // The event page lists a pre-sale sector on the same decision (pricing.ts unlocksSector). A
    // block of it was given to the box office by the organizer's staff.
    if (sector.hiddenWithoutCode && !fromBlock) assertUnlocksSector(coupon, sector.id, event.id, now);
  }

  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const courtesy = request.courtesy === true;
  if (courtesy && (coupon || lines.some((line) => line.concession))) throw new DomainError('validation_failed');
  if (fromBlock && (coupon || request.offerId)) throw new DomainError('validation_failed');
  // Courtesies are outside the limits per order and per CPF.
  const paidUnits = lines.filter((line) => !line.courtesy).reduce((sum, line) => sum + line.quantity, 0);
  if (!courtesy && event.maxTicketsPerOrder !== null && paidUnits > event.maxTicketsPerOrder) {
    throw new DomainError(
      'order_limit',
      { limit: event.maxTicketsPerOrder },
      `Limite de ${event.maxTicketsPerOrder} ingressos por pedido neste evento`,
    );
  }
  if (!courtesy) {
    const paid = lines.filter((line) => !line.courtesy);
    assertMayHold(event.maxTicketsPerCpf, state, {
      byCpf: unitsByCpf(paid, request.buyerCpf),
      userId: request.userId ?? null,
      units: paidUnits,
    });
  }
  if (!event.meiaEntrada && lines.some((line) => line.concession)) throw new DomainError('meia_not_offered');
  assertConcessions(lines, state.takenByCpf, now);

  const items: PricedItem[] = [];
  if (request.offerId) {
    // A waiting-list offer: its units already left public stock and count in the capacity.
    const offer = state.offersById?.get(request.offerId) ?? null;
    assertOfferBuyable(
      offer,
      request.userId ?? null,
      lines.map((line) => ({ sectorId: line.sector.id, quantity: line.quantity, concession: line.concession })),
      now,
    );
    const line = lines[0];
    // An offer sells while its sector does, as the waiting list takes people only then.
    assertSectorOpen(line.sector, now);
    const lot = line.sector.lots.find((l) => l.id === offer.lotId);
    items.push({
      sectorId: line.sector.id,
      lotId: offer.lotId,
      lotPosition: lot?.position ?? 1,
      name: line.sector.name,
      quantity: line.quantity,
      unitPriceCentavos: offer.unitPriceCentavos,
      unitFeeCentavos: 0,
      concession: null,
      holder: null,
      holderNames: line.holderNames,
      holderCpfs: line.holderCpfs,
    });
  } else if (fromBlock) {
    items.push(...decideBlockUnits(state, lines, request, now));
  } else {
    items.push(...decideUnits(state, event, lines, courtesy, units, now));
  }
  return priceItems(items, event, coupon, units, request, now);
}

/** The item name of a unit: the sector, with 'Cortesia' or the meia-entrada category. */
function itemName(sectorName: string, kind: { courtesy: boolean; concession: Concession | null }): string {
  if (kind.courtesy) return `${sectorName} · Cortesia`;
  if (kind.concession) return `${sectorName} · Meia-entrada (${concessionLabel[kind.concession]})`;
  return sectorName;
}

/**
 * The units of a box-office sale, from its block: the block is the seller's (block_not_found), not
 * returned (block_returned), of the lines' sector (ticket_type_not_found); the sector's sales
 * window is open at the sale (sector_not_open, sector_closed; courtesies aside); the block has the
 * units (block_exhausted, details.left) and, for the full-price and courtesy ones, outside those it
 * keeps for meia-entrada (full_price_sold_out: 'Restam só ingressos da cota de meia-entrada neste
 * setor'). Priced by shared/block-pricing.ts priceBlockSale, as the device priced it: full units
 * first, then each meia, then the courtesies, each at its unit's price.
 */
function decideBlockUnits(state: SaleState, lines: CheckedLine[], request: OrderRequest, now: Date): PricedItem[] {
  const block = state.blocksById?.get(request.blockId!) ?? null;
  if (!block || block.operatorId !== (request.operatorId ?? null)) throw new DomainError('block_not_found');
  if (block.returnedAt) throw new DomainError('block_returned');
  const sector = lines[0].sector;
  if (lines.some((line) => line.sector.id !== block.sectorId)) throw new DomainError('ticket_type_not_found', { sectorId: sector.id });
  const full = lines.filter((line) => !line.concession && !line.courtesy);
  const meia = lines.filter((line) => line.concession);
  const free = lines.filter((line) => line.courtesy);
  if (full.length + meia.length > 0) assertSectorOpen(sector, now);
  const count = (among: CheckedLine[]) => among.reduce((sum, line) => sum + line.quantity, 0);
  const { left, fullLeft } = blockUnitsLeft(block);
  if (count(lines) > left) throw new DomainError('block_exhausted', { left });
  if (count(full) + count(free) > fullLeft) {
    throw new DomainError('full_price_sold_out', { sectorId: sector.id, left: fullLeft }, BLOCK_FULL_PRICE_EXHAUSTED);
  }
  const sale = priceBlockSale(block.lots, block.used, { full: count(full), meia: meia.length, courtesy: count(free) })!;
  const byUnit: { line: CheckedLine; n: number }[] = [...full, ...meia, ...free].flatMap((line) =>
    Array.from({ length: line.quantity }, (_, n) => ({ line, n })),
  );
  const items: PricedItem[] = [];
  for (const [i, unit] of sale.units.entries()) {
    const { line, n } = byUnit[i];
    const lot = sector.lots.find((l) => l.id === unit.lotId);
    const last = items.at(-1);
    if (
      last &&
      !line.concession &&
      last.concession === null &&
      last.lotId === unit.lotId &&
      last.unitPriceCentavos === unit.priceCentavos &&
      last.name === itemName(sector.name, line)
    ) {
      last.quantity += 1;
      last.holderNames.push(...line.holderNames.slice(n, n + 1));
      last.holderCpfs.push(line.holderCpfs[n] ?? '');
      continue;
    }
    items.push({
      sectorId: sector.id,
      lotId: unit.lotId,
      lotPosition: lot?.position ?? 1,
      name: itemName(sector.name, line),
      quantity: 1,
      unitPriceCentavos: unit.priceCentavos,
      unitFeeCentavos: 0,
      concession: line.concession,
      holder: line.holder,
      holderNames: line.holderNames.slice(n, n + 1),
      holderCpfs: [line.holderCpfs[n] ?? ''],
    });
  }
  return items;
}

/**
 * What a box-office block takes when it is reserved (services/box-office/reserve-block.ts), by the
 * sale's own rules with the event's sectors locked: the event on sale (assertOnSale), the sector
 * of the event (ticket_type_not_found) and its window open (sector_not_open, sector_closed), the
 * capacity of the event and its sessions (assertCapacityFor: event_sold_out, session_sold_out),
 * then `size` units of its open lots, in lot order (ticket_type_sold_out). While the meia-entrada
 * reserve holds (sectorMeia), the units beyond what full price may take are kept for meia-entrada
 * only (`meiaUnits`, counted in the sector's half_taken from now on: Lei 12.933/2013 art. 1 § 10),
 * so the reserve holds at the door as online. Each unit's full price is the sector's door price,
 * else its lot's (centavos). The lots taken are decided on copies: the caller holds them
 * (inventory.ts holdUnits) and stores the rolls.
 */
export function decideBlock(
  state: SaleState,
  request: { sectorId: string; size: number },
  now: Date,
): { lots: (BlockLotPrice & { position: number })[]; meiaUnits: number; rolls: LotRoll[] } {
  assertOnSale(state.event, now);
  const event = state.event;
  const sector = state.sectors.find((s) => s.id === request.sectorId && s.eventId === event.id);
  if (!sector) throw new DomainError('ticket_type_not_found', { field: 'sectorId' });
  const rolls = rollEndedLots(sector.lots, now);
  assertSectorOpen(sector, now);
  assertCapacityFor(event.capacity, state.sectors, new Map([[sector.id, request.size]]), event.sessionCapacities);
  const ticketsForSale = state.sectors.reduce((sum, s) => sum + sectorStock(s), 0);
  const { sellable, available, fullAvailable } = sectorMeia(sector, event, ticketsForSale, now);
  const meiaUnits = Math.max(0, request.size - fullAvailable);
  if (request.size > sellable || meiaUnits > available)
    throw new DomainError('ticket_type_sold_out', { sectorId: sector.id, field: 'size' });
  const takes = takeUnits(
    sector.lots.map((lot) => ({ ...lot })),
    request.size,
    now,
  );
  if (!takes) throw new DomainError('ticket_type_sold_out', { sectorId: sector.id, field: 'size' });
  return {
    lots: takes.map((take) => ({
      lotId: take.lotId,
      position: take.position,
      quantity: take.quantity,
      priceCentavos: sector.doorPriceCentavos ?? take.priceCentavos,
    })),
    meiaUnits,
    rolls,
  };
}

/**
 * The event's capacity, a hard limit shared by every sector (
 * docs/rules/sale.md 'Capacity'), and each session's (docs/rules/sessions.md 'Session capacity'): the units taken from the sectors
 * concerned (sold, held, in a box-office block, on a guest list, offered to the waiting list) plus
 * the units asked (`unitsBySector`: sector id -> units) may not pass it. Null capacity: no limit.
 * Throws DomainError('event_sold_out') or DomainError('session_sold_out', { session: name }).
 * Callers hold every sector of the event locked (sale-state.ts).
 */
export function assertCapacityFor(
  capacity: number | null,
  sectors: readonly SaleSector[],
  unitsBySector: ReadonlyMap<string, number>,
  sessions: readonly SessionCapacity[] = [],
): void {
  const taken = (among: readonly SaleSector[]) => among.reduce((sum, sector) => sum + sectorStock(sector) - sector.remaining, 0);
  const units = [...unitsBySector.values()].reduce((sum, n) => sum + n, 0);
  if (capacity !== null && taken(sectors) + units > capacity) throw new DomainError('event_sold_out');
  // Each session's capacity holds the units of the sectors admitting to it (a 3-day pass counts in all three).
  for (const session of sessions) {
    const admitting = new Set(session.sectorIds);
    const asked = [...unitsBySector].reduce((sum, [sectorId, n]) => sum + (admitting.has(sectorId) ? n : 0), 0);
    if (asked === 0) continue;
    if (taken(sectors.filter((sector) => admitting.has(sector.id))) + asked > session.capacity) {
      throw new DomainError('session_sold_out', { session: session.name });
    }
  }
}

/** The units of an order from public stock: the sectors' windows, the event's capacity, the meia reserve, then the open lots. */
function decideUnits(state: SaleState, event: SaleEvent, lines: CheckedLine[], courtesy: boolean, units: number, now: Date): PricedItem[] {
  const ticketsForSale = state.sectors.reduce((sum, sector) => sum + sectorStock(sector), 0);
  const unitsBySector = new Map<string, number>();
  for (const line of lines) unitsBySector.set(line.sector.id, (unitsBySector.get(line.sector.id) ?? 0) + line.quantity);
  assertCapacityFor(event.capacity, state.sectors, unitsBySector, event.sessionCapacities);
  const lotsBySector = new Map<string, SaleLot[]>();
  for (const sector of new Set(lines.map((line) => line.sector))) {
    if (!courtesy) assertSectorOpen(sector, now);
    const mine = lines.filter((line) => line.sector === sector);
    const meia = mine.filter((line) => line.concession && countsAgainstReserve(line.concession)).length;
    const full = mine.reduce((sum, line) => sum + line.quantity, 0) - meia;
    const { sellable, available, fullAvailable: fullNow } = sectorMeia(sector, event, ticketsForSale, now);
    if (meia > available)
      throw new DomainError(available === 0 && sellable > 0 ? 'meia_sold_out' : 'ticket_type_sold_out', { sectorId: sector.id });
    // Half-price units of this order leave the reserve and the open lots alike; a courtesy is outside the reserve.
    const fullAvailable = courtesy ? sellable - meia : Math.min(fullNow, sellable - meia);
    if (full > fullAvailable)
      throw new DomainError(full <= sellable - meia ? 'full_price_sold_out' : 'ticket_type_sold_out', { sectorId: sector.id });
    lotsBySector.set(
      sector.id,
      sector.lots.map((lot) => ({ ...lot })),
    );
  }

  // Units lot by lot, on copies of the lots: decideSale applies what was taken.
  const items: PricedItem[] = [];
  for (const line of lines) {
    const takes = takeUnits(lotsBySector.get(line.sector.id)!, line.quantity, now);
    if (!takes) throw new DomainError('ticket_type_sold_out', { sectorId: line.sector.id });
    let named = 0;
    for (const take of takes) {
      items.push({
        sectorId: line.sector.id,
        lotId: take.lotId,
        lotPosition: take.position,
        name: itemName(line.sector.name, { courtesy, concession: line.concession }),
        quantity: take.quantity,
        unitPriceCentavos: courtesy ? 0 : line.concession ? meiaPrice(take.priceCentavos) : take.priceCentavos,
        unitFeeCentavos: 0,
        concession: line.concession,
        holder: line.holder,
        holderNames: line.holderNames.slice(named, named + take.quantity),
        holderCpfs: line.holderCpfs.slice(named, named + take.quantity),
      });
      named += take.quantity;
    }
  }
  return items;
}

/** Prices an order's items: the coupon on the full-price ones, the service fee per unit, the total the buyer saw (price_changed). */
function priceItems(
  items: PricedItem[],
  event: SaleEvent,
  coupon: SaleCoupon | null,
  units: number,
  request: OrderRequest,
  now: Date,
): { priced: PricedOrder; coupon: SaleCoupon | null } {
  const subtotalCentavos = items.reduce((sum, item) => sum + item.unitPriceCentavos * item.quantity, 0);
  // Coupons never apply to half-price lines (Lei 12.933/2013: meia does not add to other promotions).
  const fullSubtotal = items.filter((item) => !item.concession).reduce((sum, item) => sum + item.unitPriceCentavos * item.quantity, 0);
  const discountCentavos = coupon
    ? applyCoupon({ ...coupon, currentUses: coupon.currentUses + coupon.heldUses }, fullSubtotal, event.id, now, {
        unlocksOnly: coupon.unlocksSectorId !== null && coupon.discountValue === 0,
      })
    : 0;
  let fee = 0;
  for (const item of items) {
    const share = item.concession || fullSubtotal === 0 ? 0 : Math.floor((discountCentavos * item.unitPriceCentavos) / fullSubtotal);
    // No service fee at the box office (domain/box-office.ts).
    item.unitFeeCentavos = request.blockId ? 0 : serviceFeeOf(event.fee, item.unitPriceCentavos - share);
    fee += item.unitFeeCentavos * item.quantity;
  }
  const feeCentavos = event.fee.absorbed ? 0 : fee;
  const priced: PricedOrder = {
    items,
    subtotalCentavos,
    discountCentavos,
    feeCentavos,
    absorbedFeeCentavos: event.fee.absorbed ? fee : 0,
    totalCentavos: subtotalCentavos - discountCentavos + feeCentavos,
    quantity: units,
  };
  if (request.expectedTotalCentavos != null && request.expectedTotalCentavos !== priced.totalCentavos) {
    throw new DomainError(
      'price_changed',
      { totalCentavos: priced.totalCentavos },
      `O preço mudou enquanto você finalizava (virada de lote ou de prazo): o total agora é ${formatCentavos(priced.totalCentavos)}. Confira e confirme de novo.`,
    );
  }
  return { priced, coupon };
}

/**
 * Decides the orders of one event that arrive together, first come first served (docs/architecture.md
 * 'Flow of a purchase'). First the units of ended lots roll into the next ones (domain/lots
 * rollEndedLots); then each request in turn through decideOrder against what the earlier accepted
 * ones left: an accepted order takes its units out of its lots and sectors, counts its half-price
 * units against the reserve, its units against each CPF, and one use of its code. A refused
 * request takes nothing and is answered its error. This is the one place the sale's rules are
 * decided; the service loads and locks the state before and writes the rolls and what was
 * accepted after. Returns one decision per request, in order, and the rolls to store.
 */
export function decideSale(state: SaleState, requests: OrderRequest[], now: Date): { decisions: SaleDecision[]; rolls: LotRoll[] } {
  const rolls = state.sectors.flatMap((sector) => rollEndedLots(sector.lots, now));
  const sectorsById = new Map(state.sectors.map((sector) => [sector.id, sector]));
  const decisions = requests.map((request): SaleDecision => {
    try {
      const { priced, coupon } = decideOrder(state, request, now);
      // An offer's units are out of public stock already: the offer is used up instead.
      const offer = request.offerId ? state.offersById?.get(request.offerId) : undefined;
      if (offer) offer.status = 'taken';
      // A block's units are out of public stock already: the block counts them sold instead.
      const block = request.blockId ? state.blocksById?.get(request.blockId) : undefined;
      let blockMeiaTaken: number | undefined;
      if (block) {
        const meia = priced.items.filter((item) => item.concession).reduce((sum, item) => sum + item.quantity, 0);
        const counting = priced.items
          .filter((item) => item.concession && countsAgainstReserve(item.concession))
          .reduce((sum, item) => sum + item.quantity, 0);
        // Meias sell first from the units the block keeps for them (already in half_taken); the rest count now.
        blockMeiaTaken = Math.max(0, counting - Math.max(0, block.meiaUnits - block.meiaSold));
        block.used += priced.quantity;
        block.meiaSold += meia;
        sectorsById.get(block.sectorId)!.meiaTaken += blockMeiaTaken;
      }
      for (const item of priced.items) {
        const sector = sectorsById.get(item.sectorId)!;
        if (block) {
          // Counted above.
        } else if (!offer) {
          sector.lots.find((lot) => lot.id === item.lotId)!.remaining -= item.quantity;
          sector.remaining -= item.quantity;
        }
        if (!block && item.concession && countsAgainstReserve(item.concession)) sector.meiaTaken += item.quantity;
        for (let n = 0; n < item.quantity; n++) {
          const cpf = item.holder?.cpf ?? (item.holderCpfs[n] || request.buyerCpf);
          const taken = state.takenByCpf.get(cpf) ?? { units: 0, meia: 0 };
          taken.units += 1;
          if (item.concession) taken.meia += 1;
          state.takenByCpf.set(cpf, taken);
        }
        if (request.userId && state.takenByAccount)
          state.takenByAccount.set(request.userId, (state.takenByAccount.get(request.userId) ?? 0) + item.quantity);
      }
      if (coupon) coupon.heldUses += 1;
      return { accepted: true, priced, couponId: coupon?.id ?? null, ...(blockMeiaTaken !== undefined ? { blockMeiaTaken } : {}) };
    } catch (error) {
      if (error instanceof DomainError) return { accepted: false, error };
      throw error;
    }
  });
  return { decisions, rolls };
}

/** One item of a placed order as a late payment holds it again: its sector, lot, units, category and holders. */
export interface HeldAgainItem {
  sectorId: string | null;
  lotId: string | null;
  quantity: number;
  concession: Concession | null;
  /** A half-price unit's holder CPF (digits); null otherwise. */
  holderCpf: string | null;
  /** CPFs named for the units, one per unit in order ('' or absent: the buyer's). */
  holderCpfs: string[];
}

/**
 * Decides whether an order paid after its hold ended (expired, failed, cancelled: domain/confirmation
 * 'hold_again') may have its units again, as they were placed: same sectors, same lots, same prices
 * (the buyer paid that price), against the state of its event read with every sector locked
 * (services/orders/sale-state.ts loadSaleState), by the sale's own rules. Checks, in order: the
 * event on sale now (assertOnSale: event_not_found, event_cancelled, event_finished); who holds what (assertMayHold: cpf_limit, and meia_cpf_repeated,
 * Lei 12.933/2013: one meia-entrada per person per event), each unit counting for its holder's CPF,
 * else the buyer's, and the account; the event's and the sessions' capacity (assertCapacityFor:
 * event_sold_out, session_sold_out); per sector, the meia-entrada reserve as sectorMeia counts it
 * (meia_sold_out for half-price units past what is left of it, full_price_sold_out for full-price
 * units that would eat into it before reserveReleaseAt) and each lot's units
 * (ticket_type_sold_out). The sales windows and the limit per order are not asked again: the order
 * passed them when it was placed. Accepted, the units are taken out of `state` (lots, sectors, the
 * reserve, each CPF's and the account's holdings), as decideSale does, so a later order of the same
 * group sees them gone. Returns the decision; never throws a DomainError.
 */
export function decideHoldAgain(
  state: SaleState,
  order: { buyerCpf: string; userId: string | null; items: readonly HeldAgainItem[] },
  now: Date,
): { accepted: true } | { accepted: false; error: DomainError } {
  try {
    // The event on sale now (assertOnSale): a payment for an event taken off sale or over is refunded.
    assertOnSale(state.event, now);
    const event = state.event;
    const items = order.items.filter((item) => item.sectorId && item.lotId && item.quantity > 0);
    const cpfOf = (item: HeldAgainItem, n: number) => item.holderCpf ?? (item.holderCpfs[n] || order.buyerCpf);
    const byCpf = new Map<string, CpfTaken>();
    let units = 0;
    for (const item of items) {
      for (let n = 0; n < item.quantity; n++) {
        const cpf = cpfOf(item, n);
        units += 1;
        if (!cpf) continue;
        const known = byCpf.get(cpf) ?? { units: 0, meia: 0 };
        known.units += 1;
        if (item.concession) known.meia += 1;
        byCpf.set(cpf, known);
      }
    }
    assertMayHold(event.maxTicketsPerCpf, state, { byCpf, userId: order.userId, units });

    const unitsBySector = new Map<string, number>();
    for (const item of items) unitsBySector.set(item.sectorId!, (unitsBySector.get(item.sectorId!) ?? 0) + item.quantity);
    assertCapacityFor(event.capacity, state.sectors, unitsBySector, event.sessionCapacities);

    const ticketsForSale = state.sectors.reduce((sum, sector) => sum + sectorStock(sector), 0);
    for (const [sectorId, asked] of unitsBySector) {
      const sector = state.sectors.find((s) => s.id === sectorId);
      if (!sector) throw new DomainError('ticket_type_not_found', { sectorId: sectorId });
      const mine = items.filter((item) => item.sectorId === sectorId);
      const meia = mine.reduce((sum, item) => sum + (item.concession && countsAgainstReserve(item.concession) ? item.quantity : 0), 0);
      const { sellable, available, fullAvailable } = sectorMeia(sector, event, ticketsForSale, now);
      if (meia > available)
        throw new DomainError(available === 0 && sellable > 0 ? 'meia_sold_out' : 'ticket_type_sold_out', { sectorId: sectorId });
      const full = asked - meia;
      if (full > Math.min(fullAvailable, sellable - meia)) {
        throw new DomainError(full <= sellable - meia ? 'full_price_sold_out' : 'ticket_type_sold_out', { sectorId: sectorId });
      }
      for (const item of mine) {
        const lot = sector.lots.find((l) => l.id === item.lotId);
        const fromLot = mine.filter((other) => other.lotId === item.lotId).reduce((sum, other) => sum + other.quantity, 0);
        if (!lot || lot.remaining < fromLot) throw new DomainError('ticket_type_sold_out', { sectorId: sectorId });
      }
    }

    for (const item of items) {
      const sector = state.sectors.find((s) => s.id === item.sectorId)!;
      sector.lots.find((l) => l.id === item.lotId)!.remaining -= item.quantity;
      sector.remaining -= item.quantity;
      if (item.concession && countsAgainstReserve(item.concession)) sector.meiaTaken += item.quantity;
    }
    for (const [cpf, mine] of byCpf) {
      const taken = state.takenByCpf.get(cpf) ?? { units: 0, meia: 0 };
      state.takenByCpf.set(cpf, { units: taken.units + mine.units, meia: taken.meia + mine.meia });
    }
    if (order.userId && state.takenByAccount) state.takenByAccount.set(order.userId, (state.takenByAccount.get(order.userId) ?? 0) + units);
    return { accepted: true };
  } catch (error) {
    if (error instanceof DomainError) return { accepted: false, error };
    throw error;
  }
}
