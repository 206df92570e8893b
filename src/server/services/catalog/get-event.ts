import { sql } from 'drizzle-orm';
import type { EventDetail, SectorStatus, SectorView } from '../../../shared/schemas/events';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Db } from '../../db/client';
import { lotName, lotsState } from '../../domain/lots';
import { unlocksSector } from '../../domain/pricing';
import { meiaPrice } from '../../domain/meia';
import { sectorMeia, sectorStock, type SaleState } from '../../domain/sale';
import { serviceFeeOf } from '../../domain/service-fee';
import { loadSaleState } from '../orders/sale-state';
import { informedAccessibility } from '../../../shared/event-info';
import { eventSummaryColumns, toEventSummary, type EventRow } from './list-events';

/**
 * One published event with its sectors as the event page shows them (
 * docs/screens.md 'Event detail'; docs/rules/sale.md 'Selling the Brazilian way'): per sector the lot on sale and its price, the
 * half price and the fee on each, what is left (full price and meia-entrada apart, the reserve
 * counted as the sale counts it: domain/sale sectorMeia), the next lot, the ended ones, the window;
 * and the event's meia-entrada counter. A pre-sale sector is listed only when `accessCode` is a
 * code that unlocks it at `now` (domain/pricing.ts unlocksSector, as the sale decides). Money in centavos; instants UTC. Throws DomainError('event_not_found').
 */
export async function getEvent(db: Db, eventId: string, now: Date = new Date(), accessCode?: string): Promise<EventDetail> {
  const rows = await queryRows<
    EventRow & {
      description: string;
      full_address: string | null;
      capacity: number | null;
      rating: number | null;
      service_fee_refundable: boolean;
      minors_accompanied: boolean;
      accessibility: { resources: string[]; contact: string | null } | null;
      policies: string[];
    }
  >(
    db,
    sql`
    SELECT ${eventSummaryColumns}, e.description, e.full_address, e.capacity, e.rating, e.service_fee_refundable,
      e.minors_accompanied, e.accessibility, e.policies
    FROM events e WHERE e.id = ${eventId} AND e.is_published
  `,
  );
  const row = rows[0];
  if (!row) throw new DomainError('event_not_found');
  const { state } = await loadSaleState(db, eventId, { lock: false, codes: accessCode ? [accessCode] : [], cpfs: [], anyMeia: false });
  // 'Esgotando' asks whether orders waiting for payment hold units: only for a sector with none left
  // (CASE: the look-up does not run for the others), from the event's orders (indexed by event).
  const order = await queryRows<{ id: string; description: string | null; held_last: boolean }>(
    db,
    sql`
    SELECT t.id, t.description,
      CASE WHEN t.remaining = 0 THEN EXISTS (
        SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.event_id = t.event_id AND o.status = 'pending' AND i.ticket_type_id = t.id) ELSE false END AS held_last
    FROM ticket_types t WHERE t.event_id = ${eventId}::uuid ORDER BY t.sort_order, t.created_at`,
  );
  // A code unlocks its sector only while the sale would take it (domain/pricing.ts unlocksSector):
  // not before its dates, nor after, nor used up counting the uses unpaid orders hold.
  const codes = [...state.couponsByCode.values()];
  const unlocked = new Set(state.sectors.filter((s) => codes.some((code) => unlocksSector(code, s.id, eventId, now))).map((s) => s.id));
  const ticketsForSale = state.sectors.reduce((sum, sector) => sum + sectorStock(sector), 0);
  const types = order.flatMap((o) => {
    const sector = state.sectors.find((s) => s.id === o.id)!;
    if (sector.hiddenWithoutCode && !unlocked.has(sector.id)) return [];
    return [sectorView(state, sector.id, o.description, o.held_last, ticketsForSale, now, unlocked.has(sector.id))];
  });
  const event = state.event!;
  const visible = state.sectors.filter((s) => !s.hiddenWithoutCode);
  return {
    ...toEventSummary(row, now),
    description: row.description,
    fullAddress: row.full_address,
    capacity: row.capacity === null ? null : Number(row.capacity),
    rating: row.rating === null ? null : Number(row.rating),
    sectors: types,
    meia: {
      available: visible.reduce((sum, s) => sum + sectorMeia(s, event, ticketsForSale, now).available, 0),
      reserve: visible.reduce((sum, s) => sum + sectorMeia(s, event, ticketsForSale, now).reserve, 0),
    },
    serviceFee: { basisPoints: event.fee.basisPoints, absorbed: event.fee.absorbed, refundable: row.service_fee_refundable },
    maxTicketsPerOrder: event.maxTicketsPerOrder,
    maxTicketsPerCpf: event.maxTicketsPerCpf,
    hasHiddenSectors: state.sectors.some((s) => s.hiddenWithoutCode),
    nominal: event.nominal === true,
    minorsAccompanied: Boolean(row.minors_accompanied),
    accessibility: informedAccessibility(row.accessibility),
    policies: row.policies ?? [],
  };
}

/** One sector of the event page at `now`. `heldLast`: some of its units are held by orders waiting for payment. */
function sectorView(
  state: SaleState,
  sectorId: string,
  description: string | null,
  heldLast: boolean,
  ticketsForSale: number,
  now: Date,
  unlockedByCode: boolean,
): SectorView {
  const event = state.event!;
  const sector = state.sectors.find((s) => s.id === sectorId)!;
  const lots = lotsState(sector.lots, now);
  const { sellable, available: meiaAvailable, fullAvailable } = sectorMeia(sector, event, ticketsForSale, now);
  const shown = lots.current ?? lots.next ?? [...sector.lots].sort((a, b) => b.position - a.position)[0];
  const price = shown?.priceCentavos ?? 0;
  const fee = (paid: number) => (event.fee.absorbed ? 0 : serviceFeeOf(event.fee, paid));
  const ended = (end: Date | null) => end !== null && end.getTime() <= now.getTime();
  let status: SectorStatus;
  if (sector.salesEndAt && now.getTime() >= sector.salesEndAt.getTime()) status = 'closed';
  else if (sector.salesStartAt && now.getTime() < sector.salesStartAt.getTime()) status = 'not_open';
  else if (lots.current) status = 'on_sale';
  else if (lots.opensAt) status = 'not_open';
  else if (sector.lots.every((lot) => ended(lot.endsAt))) status = 'closed';
  else status = heldLast ? 'selling_out' : 'sold_out';
  const opensAt =
    status === 'not_open'
      ? sector.salesStartAt && now.getTime() < sector.salesStartAt.getTime()
        ? sector.salesStartAt
        : lots.opensAt
      : null;
  const onSale = status === 'on_sale';
  const pivot = (lots.current ?? lots.next)?.position ?? Number.POSITIVE_INFINITY;
  return {
    id: sector.id,
    name: sector.name,
    description,
    priceCentavos: price,
    meiaPriceCentavos: meiaPrice(price),
    feeCentavos: fee(price),
    meiaFeeCentavos: fee(meiaPrice(price)),
    remaining: onSale ? sellable : 0,
    fullAvailable: onSale ? fullAvailable : 0,
    meiaAvailable: onSale ? meiaAvailable : 0,
    status,
    lotName: lots.current ? lotName(lots.current.position) : null,
    lotRemaining: lots.current ? lots.current.remaining : null,
    nextLot: lots.current && lots.next ? { name: lotName(lots.next.position), priceCentavos: lots.next.priceCentavos } : null,
    lots: [...sector.lots]
      .sort((a, b) => a.position - b.position)
      .map((lot) => ({
        name: lotName(lot.position),
        priceCentavos: lot.priceCentavos,
        state: lots.current?.id === lot.id ? 'current' : lot.position < pivot || ended(lot.endsAt) ? 'ended' : 'upcoming',
      })),
    opensAt: opensAt ? opensAt.toISOString() : null,
    unlockedByCode,
  };
}
