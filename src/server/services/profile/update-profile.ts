import { eq } from 'drizzle-orm';
import type { MyProfile, UpdateProfileData } from '../../../shared/schemas/profile';
import { formatPhone } from '../../../shared/phone';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { removeAvatarFile } from './avatar-files';
import { getMyProfile } from './get-my-profile';

/**
 * Saves the profile form (docs/rules/accounts-and-data.md 'Profile': full_name, phone, avatar_url plus updated_at). The
 * input is already parsed by `updateProfileSchema`. A blank name becomes the e-mail
 * (docs/rules/accounts-and-data.md 'Profile'); the phone is stored masked '(11) 99999-9999'; the account's name follows the
 * profile's. When the avatar address changes away from a picture this product stored for the
 * user, that file is deleted after the commit. The e-mail never changes here. Throws
 * DomainError('unauthenticated') when the user is gone.
 */
export async function updateProfile(
  deps: { db: Db; dataDir: string },
  userId: string,
  input: UpdateProfileData,
  now = new Date(),
): Promise<MyProfile> {
  const previousAvatar = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('unauthenticated');
    const [current] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
    const values = {
      fullName: input.fullName ?? user.email,
      phone: input.phone ? formatPhone(input.phone) : null,
      avatarUrl: input.avatarUrl,
      updatedAt: now,
    };
    await tx
      .insert(profiles)
      .values({ id: userId, ...values })
      .onConflictDoUpdate({ target: profiles.id, set: values });
    await tx.update(users).set({ name: values.fullName, updatedAt: now }).where(eq(users.id, userId));
    return current?.avatarUrl ?? null;
  });
  if (previousAvatar !== input.avatarUrl) await removeAvatarFile(deps.dataDir, userId, previousAvatar);
  return getMyProfile(deps.db, userId);
}
