import { asc, eq, sql } from 'drizzle-orm';
import type { AdminEventDetail } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import { formatEventTime } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';
import { events, sectors } from '../../db/schema';
import { adminEventStatus } from './list-admin-events';
import { lotName } from '../../domain/lots';
import { meiaReserve } from '../../domain/meia';
import { loadSalesMoney } from './sales-money';
import { ageRatingOf, informedAccessibility } from '../../../shared/event-info';

/**
 * One event for the edit form, drafts included (docs/rules/events.md 'Creating and editing events': the event and its
 * ticket types), times as 'HH:mm'. Each sector carries its units sold (completed orders), whether
 * any order has it (then it cannot be removed), its lots with sold, held and remaining, and its
 * meia-entrada reserve against the half-price units taken; the event its limits, fee, and its
 * sales' money (sales-money.ts: gross, refunds, absorbed fees, net, and the fees charged to
 * buyers apart; docs/rules/sale.md 'Selling the Brazilian way'). Throws DomainError('event_not_found').
 */
export async function getAdminEvent(db: Db, eventId: string, now: Date = new Date()): Promise<AdminEventDetail> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found');
  const types = await db.select().from(sectors).where(eq(sectors.eventId, eventId)).orderBy(asc(sectors.sortOrder), asc(sectors.createdAt));
  const usage = await queryRows<{ ticket_type_id: string; sold: number | string; order_count: number | string }>(
    db,
    sql`
    SELECT oi.ticket_type_id,
      coalesce(sum(oi.quantity) FILTER (WHERE o.status = 'completed'), 0)::int AS sold,
      count(*)::int AS order_count
    FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE o.event_id = ${eventId} AND oi.ticket_type_id IS NOT NULL
    GROUP BY oi.ticket_type_id
  `,
  );
  const orderCount = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM orders WHERE event_id = ${eventId}`);
  const lots = await queryRows<{
    id: string;
    ticket_type_id: string;
    position: number;
    price_centavos: number;
    quantity: number;
    remaining: number;
    starts_at: Date | string | null;
    ends_at: Date | string | null;
    sold: number;
    held: number;
  }>(
    db,
    sql`
    SELECT l.id, l.ticket_type_id, l.position, l.price_centavos, l.quantity, l.remaining, l.starts_at, l.ends_at,
      (SELECT count(*)::int FROM tickets k JOIN order_items i ON i.id = k.order_item_id WHERE i.lot_id = l.id AND k.status = 'valid') AS sold,
      (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.lot_id = l.id AND o.status = 'pending') AS held
    FROM ticket_lots l JOIN ticket_types t ON t.id = l.ticket_type_id WHERE t.event_id = ${eventId} ORDER BY l.position`,
  );
  const money = await loadSalesMoney(db, eventId);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const usageOf = new Map(usage.map((u) => [u.ticket_type_id, u]));
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    date: event.date,
    startTime: formatEventTime(event.startTime),
    endTime: event.endTime ? formatEventTime(event.endTime) : null,
    location: event.location,
    fullAddress: event.fullAddress,
    city: event.city,
    capacity: event.capacity,
    category: event.category,
    brandSlug: event.brandSlug as AdminEventDetail['brandSlug'],
    imageUrl: event.imageUrl,
    isPublished: event.isPublished,
    status: adminEventStatus(event, now),
    cancelledAt: event.cancelledAt ? event.cancelledAt.toISOString() : null,
    orderCount: Number(orderCount[0]?.count ?? 0),
    meiaEntrada: event.meiaEntrada,
    maxTicketsPerOrder: event.maxTicketsPerOrder,
    maxTicketsPerCpf: event.maxTicketsPerCpf,
    serviceFeeBasisPoints: event.serviceFeeBasisPoints,
    serviceFeeMinCentavos: event.serviceFeeMinCentavos,
    serviceFeeMaxCentavos: event.serviceFeeMaxCentavos,
    serviceFeeAbsorbed: event.serviceFeeAbsorbed,
    serviceFeeRefundable: event.serviceFeeRefundable,
    nominal: event.nominal,
    rotatingQr: event.rotatingQr,
    transferAllowed: event.transferAllowed,
    transferDeadlineHours: event.transferDeadlineHours,
    ageRating: ageRatingOf(event.ageRating),
    minorsAccompanied: event.minorsAccompanied,
    accessibility: informedAccessibility(event.accessibility ?? null),
    policies: event.policies,
    money,
    sectors: types.map((type) => {
      const used = usageOf.get(type.id);
      const mine = lots.filter((l) => l.ticket_type_id === type.id);
      return {
        id: type.id,
        name: type.name,
        description: type.description,
        priceCentavos: mine[0] ? Number(mine[0].price_centavos) : 0,
        remaining: mine[0] ? Number(mine[0].remaining) : 0,
        lots: mine.map((l) => ({
          id: l.id,
          name: lotName(Number(l.position)),
          position: Number(l.position),
          priceCentavos: Number(l.price_centavos),
          quantity: Number(l.quantity),
          remaining: Number(l.remaining),
          sold: Number(l.sold),
          held: Number(l.held),
          startsAt: iso(l.starts_at),
          endsAt: iso(l.ends_at),
        })),
        salesStartAt: iso(type.salesStartAt),
        salesEndAt: iso(type.salesEndAt),
        hiddenWithoutCode: type.hiddenWithoutCode,
        meiaReserve: meiaReserve(mine.reduce((sum, l) => sum + Number(l.quantity), 0)),
        meiaTaken: type.meiaTaken,
        soldCount: Number(used?.sold ?? 0),
        hasOrders: Number(used?.order_count ?? 0) > 0,
      };
    }),
  };
}
