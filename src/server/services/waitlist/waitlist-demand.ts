import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { WaitlistDemand, WaitlistSettingsInput } from '../../../shared/schemas/waitlist';
import { queryRows, type Db } from '../../db/client';

/**
 * The back office's view of the waiting lists of `eventId` (the event's admin page): per sector,
 * the people and units waiting, the open offers and their units, and the entries that bought;
 * with the event's offer hold setting in minutes (null: 30 on the on-sale day, 12 h otherwise).
 * Throws DomainError('event_not_found').
 */
export async function getWaitlistDemand(db: Db, eventId: string): Promise<WaitlistDemand> {
  const [event] = await queryRows<{ offer_minutes: number | null }>(
    db,
    sql`
    SELECT waitlist_offer_minutes AS offer_minutes FROM events WHERE id = ${eventId}::uuid`,
  );
  if (!event) throw new DomainError('event_not_found');
  const rows = await queryRows<{
    id: string;
    name: string;
    waiting_people: number;
    waiting_units: number;
    open_offers: number;
    offered_units: number;
    purchased: number;
  }>(
    db,
    sql`
    SELECT t.id, t.name,
           count(e.id) FILTER (WHERE e.status = 'waiting')::int AS waiting_people,
           coalesce(sum(e.quantity) FILTER (WHERE e.status = 'waiting'), 0)::int AS waiting_units,
           (SELECT count(*)::int FROM waitlist_offers o WHERE o.ticket_type_id = t.id AND o.status = 'open') AS open_offers,
           (SELECT coalesce(sum(o.quantity), 0)::int FROM waitlist_offers o WHERE o.ticket_type_id = t.id AND o.status = 'open') AS offered_units,
           count(e.id) FILTER (WHERE e.status = 'purchased')::int AS purchased
    FROM ticket_types t LEFT JOIN waitlist_entries e ON e.ticket_type_id = t.id
    WHERE t.event_id = ${eventId}::uuid
    GROUP BY t.id, t.name, t.sort_order
    ORDER BY t.sort_order, t.name`,
  );
  return {
    offerMinutes: event.offer_minutes === null ? null : Number(event.offer_minutes),
    sectors: rows.map((row) => ({
      sectorId: row.id,
      name: row.name,
      waitingPeople: Number(row.waiting_people),
      waitingUnits: Number(row.waiting_units),
      openOffers: Number(row.open_offers),
      offeredUnits: Number(row.offered_units),
      purchased: Number(row.purchased),
    })),
  };
}

/**
 * Sets how long a waiting-list offer of `eventId` is held (minutes, or null for the default
 * rule); offers already made keep their end. Returns the demand view. Throws
 * DomainError('event_not_found').
 */
export async function setWaitlistOfferMinutes(db: Db, eventId: string, input: WaitlistSettingsInput): Promise<WaitlistDemand> {
  const updated = await queryRows<{ id: string }>(
    db,
    sql`
    UPDATE events SET waitlist_offer_minutes = ${input.offerMinutes} WHERE id = ${eventId}::uuid RETURNING id`,
  );
  if (updated.length === 0) throw new DomainError('event_not_found');
  return getWaitlistDemand(db, eventId);
}
