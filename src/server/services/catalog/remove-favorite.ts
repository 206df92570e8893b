import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userFavorites } from '../../db/schema';

/** Unmarks event `eventId` as a favourite of `userId`; an event that was not one (or does not exist) changes nothing. */
export async function removeFavorite(db: Db, userId: string, eventId: string): Promise<void> {
  await db.delete(userFavorites).where(and(eq(userFavorites.userId, userId), eq(userFavorites.eventId, eventId)));
}
