import { eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES } from '../../../shared/schemas/admin-events';
import type { UploadAvatarResponse } from '../../../shared/schemas/profile';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { detectImageType } from '../catalog/upload-image';
import { removeAvatarFile, writeAvatarFile } from './avatar-files';

/**
 * Stores a new profile picture and points the profile at it (docs/rules/accounts-and-data.md
 * 'Profile picture'). The type comes from the file's bytes (JPEG, PNG or WebP),
 * never from its name; at most 5 MB. The file is written as
 * DATA_DIR/uploads/avatars/<userId>-<random>.<ext>; after the profile is saved the previous
 * picture stored for this user is deleted. Throws DomainError('image_too_large') above the limit
 * (or when `truncated`: the upload was cut at it), DomainError('image_invalid') for an empty
 * file or another type, DomainError('unauthenticated') when the user is gone.
 */
export async function uploadAvatar(
  deps: { db: Db; dataDir: string },
  userId: string,
  file: { bytes: Buffer; truncated?: boolean },
  now = new Date(),
): Promise<UploadAvatarResponse> {
  if (file.truncated || file.bytes.length > IMAGE_MAX_BYTES) throw new DomainError('image_too_large', { field: 'file' });
  const type = detectImageType(file.bytes);
  if (!type) throw new DomainError('image_invalid', { field: 'file' });
  const avatarUrl = await writeAvatarFile(deps.dataDir, userId, file.bytes, type);
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new DomainError('unauthenticated');
      const [current] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
      await tx
        .insert(profiles)
        .values({ id: userId, fullName: user.name || user.email, avatarUrl, updatedAt: now })
        .onConflictDoUpdate({ target: profiles.id, set: { avatarUrl, updatedAt: now } });
      return current?.avatarUrl ?? null;
    });
  } catch (error) {
    await removeAvatarFile(deps.dataDir, userId, avatarUrl);
    throw error;
  }
  await removeAvatarFile(deps.dataDir, userId, previous);
  return { avatarUrl };
}
