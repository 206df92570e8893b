import { eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { events, userFavorites } from '../../db/schema';

/**
 * Marks event `eventId` (a lower-case UUID) as a favourite of `userId`; marking it again changes
 * nothing. Throws DomainError('event_not_found') when there is no such event.
 */
export async function addFavorite(db: Db, userId: string, eventId: string): Promise<void> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found');
  await db.insert(userFavorites).values({ userId, eventId }).onConflictDoNothing();
}
