import { sql } from 'drizzle-orm';
import type { MyWaitlist, WaitlistEntryStatus } from '../../../shared/schemas/waitlist';
import { queryRows, type Db } from '../../db/client';

/**
 * The signed-in person's active places on the waiting lists of `eventId` (waiting or offered),
 * one per sector: how many units they want, their place among those still waiting (1 = next;
 * null once offered), and the open offer with its units, price (centavos) and end (UTC ISO).
 */
export async function getMyWaitlist(db: Db, userId: string, eventId: string): Promise<MyWaitlist> {
  const rows = await queryRows<{
    id: string;
    event_id: string;
    ticket_type_id: string;
    name: string;
    quantity: number;
    status: WaitlistEntryStatus;
    ahead: number | null;
    offer_id: string | null;
    offer_quantity: number | null;
    unit_price_centavos: number | null;
    expires_at: Date | string | null;
  }>(
    db,
    sql`
    SELECT e.id, e.event_id, e.ticket_type_id, t.name, e.quantity, e.status,
           CASE WHEN e.status = 'waiting' THEN (
             SELECT count(*)::int FROM waitlist_entries w WHERE w.ticket_type_id = e.ticket_type_id AND w.status = 'waiting' AND w.seq < e.seq
           ) END AS ahead,
           o.id AS offer_id, o.quantity AS offer_quantity, o.unit_price_centavos, o.expires_at
    FROM waitlist_entries e
    JOIN ticket_types t ON t.id = e.ticket_type_id
    LEFT JOIN waitlist_offers o ON o.entry_id = e.id AND o.status = 'open'
    WHERE e.user_id = ${userId} AND e.event_id = ${eventId}::uuid AND e.status IN ('waiting', 'offered')
    ORDER BY t.sort_order, t.name`,
  );
  return {
    entries: rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      sectorId: row.ticket_type_id,
      sectorName: row.name,
      quantity: Number(row.quantity),
      status: row.status,
      position: row.ahead === null ? null : Number(row.ahead) + 1,
      offer:
        row.offer_id === null
          ? null
          : {
              id: row.offer_id,
              sectorId: row.ticket_type_id,
              quantity: Number(row.offer_quantity),
              unitPriceCentavos: Number(row.unit_price_centavos),
              expiresAt: new Date(row.expires_at!).toISOString(),
            },
    })),
  };
}
