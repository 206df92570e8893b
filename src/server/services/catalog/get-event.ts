import { asc, eq, sql } from 'drizzle-orm';
import type { EventDetail } from '../../../shared/schemas/events';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Db } from '../../db/client';
import { ticketTypes } from '../../db/schema';
import { eventSummaryColumns, toEventSummary, type EventRow } from './list-events';

/**
 * One published event with its ticket types and their remaining stock (SPEC.md section 2
 * 'Event detail'). Throws DomainError('event_not_found').
 */
export async function getEvent(db: Db, eventId: string, now: Date = new Date()): Promise<EventDetail> {
  const rows = await queryRows<EventRow & { description: string; full_address: string | null; capacity: number | null; rating: number | null }>(db, sql`
    SELECT ${eventSummaryColumns}, e.description, e.full_address, e.capacity, e.rating
    FROM events e WHERE e.id = ${eventId} AND e.is_published
  `);
  const row = rows[0];
  if (!row) throw new DomainError('event_not_found');
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.priceCentavos));
  return {
    ...toEventSummary(row, now),
    description: row.description,
    fullAddress: row.full_address,
    capacity: row.capacity === null ? null : Number(row.capacity),
    rating: row.rating === null ? null : Number(row.rating),
    ticketTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      priceCentavos: t.priceCentavos,
      remaining: t.remaining,
    })),
  };
}
