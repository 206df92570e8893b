import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Db } from '../../db/client';
import { returnUnits } from '../orders/inventory';

/**
 * Takes `userId` off a waiting list ('Sair da lista'), or turns down the offer made to them
 * ('Recusar'): the entry becomes 'left' and the people behind move up; an open offer of it ends at
 * once and its units go to the next in line, or back on sale when nobody waits (inventory.ts
 * returnUnits). In one transaction with the sector locked first (the order every writer of
 * offers follows). Throws DomainError('waitlist_entry_not_found') when the entry is not theirs or
 * no longer waiting or offered. `now` is a UTC instant.
 */
export async function leaveWaitlist(db: Db, userId: string, entryId: string, now: Date = new Date()): Promise<void> {
  const [found] = await queryRows<{ ticket_type_id: string }>(
    db,
    sql`
    SELECT ticket_type_id FROM waitlist_entries WHERE id = ${entryId}::uuid AND user_id = ${userId} AND status IN ('waiting', 'offered')`,
  );
  if (!found) throw new DomainError('waitlist_entry_not_found');
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM ticket_types WHERE id = ${found.ticket_type_id}::uuid FOR UPDATE`);
    const declined = await queryRows<{ ticket_type_id: string; lot_id: string; quantity: number }>(
      tx,
      sql`
      UPDATE waitlist_offers SET status = 'expired'
      WHERE entry_id = ${entryId}::uuid AND status = 'open' RETURNING ticket_type_id, lot_id, quantity`,
    );
    const left = await queryRows<{ id: string }>(
      tx,
      sql`
      UPDATE waitlist_entries SET status = 'left', updated_at = ${now}
      WHERE id = ${entryId}::uuid AND user_id = ${userId} AND status IN ('waiting', 'offered') RETURNING id`,
    );
    if (left.length === 0) throw new DomainError('waitlist_entry_not_found');
    await returnUnits(
      tx,
      declined.map((row) => ({ sectorId: row.ticket_type_id, lotId: row.lot_id, quantity: Number(row.quantity) })),
      now,
    );
  });
}
