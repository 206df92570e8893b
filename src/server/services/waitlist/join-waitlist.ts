import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { JoinWaitlistInput, WaitlistEntryView } from '../../../shared/schemas/waitlist';
import { queryRows, type Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { assertOnSale } from '../../domain/sale';
import { assertCanJoin } from '../../domain/waitlist';
import { loadSaleState } from '../orders/sale-state';
import { getMyWaitlist } from './my-waitlist';

/**
 * Puts `userId` on the waiting list of a sold-out sector of `eventId` ('Entrar na lista de
 * espera'), wanting `input.quantity` units; their turn is the order they joined. Checks, in order:
 * the event on sale (domain/sale assertOnSale: event_not_found, event_cancelled, event_finished),
 * the sector (domain/waitlist assertCanJoin: ticket_type_not_found, sector_closed,
 * waitlist_not_sold_out), then one active entry per account and sector (waitlist_already_joined,
 * the unique index). Returns the entry with its place in line. `now` is a UTC instant.
 */
export async function joinWaitlist(
  db: Db,
  userId: string,
  eventId: string,
  input: JoinWaitlistInput,
  now: Date = new Date(),
): Promise<WaitlistEntryView> {
  const { state } = await loadSaleState(db, eventId, { lock: false, codes: [], cpfs: [], anyMeia: false });
  assertOnSale(state.event, now);
  const sector = state.sectors.find((s) => s.id === input.sectorId) ?? null;
  assertCanJoin(sector, eventId, now);
  try {
    await queryRows(
      db,
      sql`
      INSERT INTO waitlist_entries (event_id, ticket_type_id, user_id, quantity, created_at, updated_at)
      VALUES (${eventId}::uuid, ${input.sectorId}::uuid, ${userId}, ${input.quantity}, ${now}, ${now})`,
    );
  } catch (error) {
    if (isUniqueViolation(error, 'waitlist_entries_one_active')) throw new DomainError('waitlist_already_joined');
    throw error;
  }
  const { entries } = await getMyWaitlist(db, userId, eventId);
  return entries.find((entry) => entry.sectorId === input.sectorId)!;
}
