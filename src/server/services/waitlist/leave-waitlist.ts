import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Db } from '../../db/client';

/**
 * Takes `userId` off a waiting list they are still waiting on ('Sair da lista'): the entry
 * becomes 'left' and the people behind move up. An entry already offered units keeps its offer
 * until it is bought or runs out. Throws DomainError('waitlist_entry_not_found') when the entry is
 * not theirs or not waiting. `now` is a UTC instant.
 */
export async function leaveWaitlist(db: Db, userId: string, entryId: string, now: Date = new Date()): Promise<void> {
  const left = await queryRows<{ id: string }>(db, sql`
    UPDATE waitlist_entries SET status = 'left', updated_at = ${now}
    WHERE id = ${entryId}::uuid AND user_id = ${userId} AND status = 'waiting' RETURNING id`);
  if (left.length === 0) throw new DomainError('waitlist_entry_not_found');
}
