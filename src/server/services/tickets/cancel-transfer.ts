import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { ticketTransfers } from '../../db/schema';
import { readTransfers } from './ticket-rows';

/**
 * The sender withdraws a transfer while it is pending: it becomes 'cancelled' (decided_at
 * `now`, UTC) and its link stops working; the ticket stays theirs, code unchanged. The row is
 * locked, so a cancel and an acceptance at the same moment take turns.
 * Throws DomainError: transfer_not_found (none of this sender), transfer_already_accepted,
 * transfer_was_cancelled.
 */
export async function cancelTransfer(db: Db, senderId: string, transferId: string, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await readTransfers(tx, sql`tt.id = ${transferId}::uuid AND tt.from_user_id = ${senderId}`, true);
    if (!row) throw new DomainError('transfer_not_found');
    if (row.status === 'accepted') throw new DomainError('transfer_already_accepted');
    if (row.status === 'cancelled') throw new DomainError('transfer_was_cancelled');
    await tx.update(ticketTransfers).set({ status: 'cancelled', decidedAt: now }).where(eq(ticketTransfers.id, transferId));
  });
}
