import { eq } from 'drizzle-orm';
import type { Me } from '../../../shared/schemas/me';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

/**
 * The part of `userId`'s profile GET /api/me carries (name, phone, avatar URL), or null when the
 * user has no profile row yet (getMyProfile creates it on the profile page's first load).
 */
export async function getProfileSummary(db: Db, userId: string): Promise<Me['profile']> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return profile ? { fullName: profile.fullName, phone: profile.phone, avatarUrl: profile.avatarUrl } : null;
}
