import { asc, eq, sql } from 'drizzle-orm';
import type { AdminEventDetail } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import { formatEventTime } from '../../../shared/dates';
import { queryRows, type Db } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import { adminEventStatus } from './list-admin-events';

/**
 * One event for the edit form, drafts included (SPEC.md section 7 'Edit event': the event and its
 * ticket types), times as 'HH:mm'. Each ticket type carries its units sold (completed orders) and
 * whether any order has it (then it cannot be removed). Throws DomainError('event_not_found').
 */
export async function getAdminEvent(db: Db, eventId: string, now: Date = new Date()): Promise<AdminEventDetail> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found');
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
  const usage = await queryRows<{ ticket_type_id: string; sold: number | string; order_count: number | string }>(db, sql`
    SELECT oi.ticket_type_id,
      coalesce(sum(oi.quantity) FILTER (WHERE o.status = 'completed'), 0)::int AS sold,
      count(*)::int AS order_count
    FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE o.event_id = ${eventId} AND oi.ticket_type_id IS NOT NULL
    GROUP BY oi.ticket_type_id
  `);
  const orderCount = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM orders WHERE event_id = ${eventId}`);
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
    status: adminEventStatus(event.date, now),
    cancelledAt: event.cancelledAt ? event.cancelledAt.toISOString() : null,
    orderCount: Number(orderCount[0]?.count ?? 0),
    ticketTypes: types.map((type) => {
      const used = usageOf.get(type.id);
      return {
        id: type.id,
        name: type.name,
        description: type.description,
        priceCentavos: type.priceCentavos,
        remaining: type.remaining,
        soldCount: Number(used?.sold ?? 0),
        hasOrders: Number(used?.order_count ?? 0) > 0,
      };
    }),
  };
}
