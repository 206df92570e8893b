import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { returnUnits } from '../orders/inventory';

/** Most offers one round expires; the next round takes the rest. */
const EXPIRY_BATCH = 200;

/**
 * Ends the waiting-list offers whose time ran out unbought (the worker's expiry loop, every few
 * seconds): in one transaction, the sectors locked first (the order every writer follows), each
 * offer still open marked 'expired' with its entry, and its units freed through inventory.ts
 * returnUnits, so they go to the next in line or, when nobody waits, back on sale. Returns how
 * many offers expired. `now` is a UTC instant.
 */
export async function expireWaitlistOffers(db: Db, now: Date = new Date()): Promise<number> {
  const due = await queryRows<{ ticket_type_id: string }>(
    db,
    sql`
    SELECT DISTINCT ticket_type_id FROM waitlist_offers WHERE status = 'open' AND expires_at <= ${now}`,
  );
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    const sectorIds = due.map((row) => row.ticket_type_id).sort();
    await tx.execute(
      sql`SELECT id FROM ticket_types WHERE id IN (${sql.join(
        sectorIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) ORDER BY id FOR UPDATE`,
    );
    const expired = await queryRows<{ ticket_type_id: string; lot_id: string; quantity: number }>(
      tx,
      sql`
      WITH ended AS (
        UPDATE waitlist_offers SET status = 'expired'
        WHERE id IN (SELECT id FROM waitlist_offers WHERE status = 'open' AND expires_at <= ${now} AND ticket_type_id IN (${sql.join(
          sectorIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
                     ORDER BY expires_at, id LIMIT ${EXPIRY_BATCH} FOR UPDATE)
        RETURNING entry_id, ticket_type_id, lot_id, quantity
      ), entries AS (
        UPDATE waitlist_entries SET status = 'expired', updated_at = ${now} WHERE id IN (SELECT entry_id FROM ended) AND status = 'offered'
      )
      SELECT ticket_type_id, lot_id, quantity FROM ended`,
    );
    await returnUnits(
      tx,
      expired.map((row) => ({ sectorId: row.ticket_type_id, lotId: row.lot_id, quantity: Number(row.quantity) })),
      now,
    );
    return expired.length;
  });
}
