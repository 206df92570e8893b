import { sql } from 'drizzle-orm';
import type { AdminCourtesy } from '../../../shared/schemas/admin-events';
import { queryRows, type Db } from '../../db/client';

/**
 * The courtesies ('Cortesias') issued for an event, newest first (the back office's list): who got
 * it, the sector, who issued it and when, whether it reached an account, and its ticket's state
 * ('valid', 'used' once it got in, 'cancelled', 'refunded').
 */
export async function listCourtesies(db: Db, eventId: string): Promise<AdminCourtesy[]> {
  const rows = await queryRows<{
    order_id: string;
    name: string;
    email: string;
    ticket_type_name: string | null;
    issued_by: string | null;
    created_at: Date | string;
    claimed: boolean;
    ticket_status: string | null;
    checked_in: boolean;
  }>(
    db,
    sql`
    SELECT o.id AS order_id, o.buyer_name AS name, o.buyer_email AS email, k.ticket_type_name, p.full_name AS issued_by, o.created_at,
           o.user_id IS NOT NULL AS claimed, k.status AS ticket_status, k.checked_in_at IS NOT NULL AS checked_in
    FROM orders o
    LEFT JOIN tickets k ON k.order_id = o.id
    LEFT JOIN profiles p ON p.id = o.issued_by
    WHERE o.event_id = ${eventId}::uuid AND o.payment_provider = 'courtesy'
    ORDER BY o.created_at DESC, o.id`,
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    name: r.name,
    email: r.email,
    sectorName: r.ticket_type_name ?? '',
    issuedBy: r.issued_by,
    issuedAt: new Date(r.created_at).toISOString(),
    claimed: r.claimed,
    ticketStatus: r.checked_in ? 'used' : (r.ticket_status ?? 'cancelled'),
  }));
}
