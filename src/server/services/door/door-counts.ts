import { sql } from 'drizzle-orm';
import type { DoorCounts } from '../../../shared/schemas/tickets';
import { PAID_ORDER_STATUS } from '../../domain/admission';
import { queryRows, type Db } from '../../db/client';

/** LISTEN/NOTIFY channel every committed entry (and exit) is announced on; the payload is the event id. */
export const CHECK_INS_CHANNEL = 'check_ins';

/**
 * Entries and tickets sold of one event, counted as the admin dashboard counts them: an entry is
 * a ticket with an accepted entry ('in') in `sessionId` (null: the event's one date; on an event
 * with sessions the door counts the session open now); a ticket is sold when its order is
 * 'completed'. With `exitScans`, also `inside` (docs/rules/sessions.md 'Exits and re-entry': the live count
 * is people inside, not entries): accepted entries less accepted exits in that session.
 */
export async function countDoor(
  db: Db,
  eventId: string,
  turn: { sessionId?: string | null; exitScans?: boolean } = {},
): Promise<DoorCounts> {
  const sessionId = turn.sessionId ?? null;
  const [row] = await queryRows<{ entries: number | string; inside: number | string; sold: number | string }>(
    db,
    sql`
    SELECT (SELECT count(DISTINCT ticket_id) FILTER (WHERE direction = 'in') FROM check_ins
             WHERE event_id = ${eventId}::uuid AND accepted AND session_id IS NOT DISTINCT FROM ${sessionId}::uuid) AS entries,
           (SELECT count(*) FILTER (WHERE direction = 'in') - count(*) FILTER (WHERE direction = 'out') FROM check_ins
             WHERE event_id = ${eventId}::uuid AND accepted AND session_id IS NOT DISTINCT FROM ${sessionId}::uuid) AS inside,
           (SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id
             WHERE t.event_id = ${eventId}::uuid AND o.status = ${PAID_ORDER_STATUS}) AS sold
  `,
  );
  const counts: DoorCounts = { entries: Number(row.entries), sold: Number(row.sold) };
  return turn.exitScans ? { ...counts, inside: Number(row.inside) } : counts;
}
