import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** A box-office sale refused at a sync, as the back office lists it. Instants UTC ISO. */
export interface BoxOfficeConflictView {
  id: string;
  eventTitle: string;
  drawerId: string | null;
  deviceNonce: string;
  code: string;
  message: string;
  createdAt: string;
}

/** The box-office sales refused at a sync (of one event, or all), newest first, at most 200. */
export async function listBoxOfficeConflicts(db: Db, eventId?: string): Promise<BoxOfficeConflictView[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    drawer_id: string | null;
    device_nonce: string;
    code: string;
    message: string;
    created_at: Date | string;
  }>(
    db,
    sql`
    SELECT c.id, e.title, c.drawer_id, c.device_nonce, c.code, c.message, c.created_at
    FROM box_office_conflicts c JOIN events e ON e.id = c.event_id
    ${eventId ? sql`WHERE c.event_id = ${eventId}::uuid` : sql``}
    ORDER BY c.created_at DESC, c.id LIMIT 200`,
  );
  return rows.map((r) => ({
    id: r.id,
    eventTitle: r.title,
    drawerId: r.drawer_id,
    deviceNonce: r.device_nonce,
    code: r.code,
    message: r.message,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
