import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadsRoot, type ImageType } from '../catalog/upload-image';

/** Folder under DATA_DIR/uploads (served as /uploads/avatars/) holding profile pictures. */
const AVATAR_FOLDER = 'avatars';

/** Creates DATA_DIR/uploads/avatars if missing; called when the routes start. */
export function ensureAvatarFolder(dataDir: string): void {
  mkdirSync(join(uploadsRoot(dataDir), AVATAR_FOLDER), { recursive: true });
}

/**
 * Writes a user's new picture as DATA_DIR/uploads/avatars/<userId>-<random>.<ext> (a new name
 * each time, so browsers and caches never show the old one) and returns its public path
 * '/uploads/avatars/<name>'. The bytes must already be checked.
 */
export async function writeAvatarFile(dataDir: string, userId: string, bytes: Buffer, type: ImageType): Promise<string> {
  const name = `${userId}-${randomBytes(12).toString('hex')}.${type.extension}`;
  ensureAvatarFolder(dataDir);
  await writeFile(join(uploadsRoot(dataDir), AVATAR_FOLDER, name), bytes, { flag: 'wx' });
  return `/uploads/${AVATAR_FOLDER}/${name}`;
}

/**
 * Deletes the stored picture an avatar address points to, but only a file this product wrote
 * for this very user ('/uploads/avatars/<userId>-…'): an address typed by hand (someone else's
 * file, an outside URL) is left alone. Never throws; a file already gone is fine.
 */
export async function removeAvatarFile(dataDir: string, userId: string, avatarUrl: string | null | undefined): Promise<void> {
  if (!avatarUrl) return;
  const prefix = `/uploads/${AVATAR_FOLDER}/`;
  if (!avatarUrl.startsWith(prefix)) return;
  const name = avatarUrl.slice(prefix.length);
  if (!name.startsWith(`${userId}-`) || !/^[0-9a-f]+\.(jpg|png|webp)$/.test(name.slice(userId.length + 1))) return;
  await rm(join(uploadsRoot(dataDir), AVATAR_FOLDER, name), { force: true }).catch(() => undefined);
}
