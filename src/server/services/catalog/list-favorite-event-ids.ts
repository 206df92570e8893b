import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userFavorites } from '../../db/schema';

/** The ids of the events `userId` marked as favourite (the heart on an event card), in no particular order. */
export async function listFavoriteEventIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ eventId: userFavorites.eventId }).from(userFavorites).where(eq(userFavorites.userId, userId));
  return rows.map((row) => row.eventId);
}
