import { sql } from 'drizzle-orm';
import type { DoorCounts } from '../../../shared/schemas/tickets';
import { PAID_ORDER_STATUS } from '../../domain/admission';
import { queryRows, type Db } from '../../db/client';

/** LISTEN/NOTIFY channel every committed entry is announced on; the payload is the event id. */
export const CHECK_INS_CHANNEL = 'check_ins';

/**
 * Entries and tickets sold of one event, counted as the admin dashboard counts them: an entry is
 * an accepted check-in; a ticket is sold when its order is 'completed'.
 */
export async function countDoor(db: Db, eventId: string): Promise<DoorCounts> {
  const [row] = await queryRows<{ entries: number | string; sold: number | string }>(db, sql`
    SELECT (SELECT count(*) FROM check_ins WHERE event_id = ${eventId}::uuid AND accepted) AS entries,
           (SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id
             WHERE t.event_id = ${eventId}::uuid AND o.status = ${PAID_ORDER_STATUS}) AS sold
  `);
  return { entries: Number(row.entries), sold: Number(row.sold) };
}
