import { eq } from 'drizzle-orm';
import type { MyProfile } from '../../../shared/schemas/profile';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';

/**
 * The account and profile of one user (docs/rules/accounts-and-data.md 'Profile'). A user without a
 * profile row gets one now, named after their e-mail (docs/data-model.md 'Profiles', docs/rules/accounts-and-data.md 'Profile': 'if none exists
 * on first load, one is created'). Throws DomainError('unauthenticated') when the user is gone.
 */
export async function getMyProfile(db: Db, userId: string): Promise<MyProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('unauthenticated');
  let [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!profile) {
    await db
      .insert(profiles)
      .values({ id: userId, fullName: user.name || user.email })
      .onConflictDoNothing();
    [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  }
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    fullName: profile.fullName,
    phone: profile.phone,
    avatarUrl: profile.avatarUrl,
  };
}
