import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { IMAGE_MAX_BYTES, uploadFolders, type UploadFolder } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image type of a file by its first bytes (its magic number), whatever name or type the
 * browser claimed: JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or WebP ('RIFF' size 'WEBP').
 * Anything else, SVG included (it can carry scripts), is null.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', extension: 'jpg' };
  }
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    return { mime: 'image/png', extension: 'png' };
  }
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}

/** The folder served under /uploads (docs/architecture.md 'Files'). */
export function uploadsRoot(dataDir: string): string {
  return resolve(dataDir, 'uploads');
}

/**
 * Creates DATA_DIR/uploads and its image folders (events, news, banners) if missing. Called at
 * start, before the app decides whether to serve /uploads, so uploads are always served.
 */
export function ensureUploadFolders(dataDir: string): void {
  for (const folder of uploadFolders) mkdirSync(join(uploadsRoot(dataDir), folder), { recursive: true });
}

/**
 * Stores an uploaded image as DATA_DIR/uploads/<folder>/<random uuid>.<jpg|png|webp> and returns
 * its public path '/uploads/<folder>/<name>'. The type comes from the file's bytes, never from
 * its name (docs/rules/accounts-and-data.md 'Profile picture': JPEG, PNG or WebP, at most 5 MB = 5*1024*1024 bytes).
 * Throws DomainError('image_too_large') above the limit (or when `truncated`, i.e. the upload
 * was cut at the limit) and DomainError('image_invalid') for an empty file or another type.
 */
export async function uploadImage(
  dataDir: string,
  folder: UploadFolder,
  file: { bytes: Buffer; truncated?: boolean },
): Promise<{ url: string }> {
  if (file.truncated || file.bytes.length > IMAGE_MAX_BYTES) throw new DomainError('image_too_large', { field: 'file' });
  const type = detectImageType(file.bytes);
  if (!type) throw new DomainError('image_invalid', { field: 'file' });
  const name = `${randomUUID()}.${type.extension}`;
  const dir = join(uploadsRoot(dataDir), folder);
  mkdirSync(dir, { recursive: true });
  await writeFile(join(dir, name), file.bytes, { flag: 'wx' });
  return { url: `/uploads/${folder}/${name}` };
}
