import { desc, eq } from 'drizzle-orm';
import type { AdminBanner, BannerInput } from '../../../shared/schemas/admin-content';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';

type BannerRow = typeof banners.$inferSelect;

const bannerNotFound = () => new DomainError('not_found', {}, 'Banner não encontrado.');

function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every banner, inactive ones included, newest first (docs/rules/content.md 'Management'). */
export async function listAllBanners(db: Db): Promise<AdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(desc(banners.createdAt), desc(banners.id));
  return rows.map(toAdminBanner);
}

/**
 * Creates a banner from a parsed input (docs/rules/content.md 'Banners': title, description and
 * image_url required; link_url optional). Active banners show on the home page at once.
 */
export async function createBanner(db: Db, input: BannerInput, now: Date = new Date()): Promise<AdminBanner> {
  const [row] = await db
    .insert(banners)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning();
  return toAdminBanner(row);
}

/** Replaces a banner's fields. Throws DomainError 'not_found' ('Banner não encontrado.'). */
export async function updateBanner(db: Db, id: string, input: BannerInput, now: Date = new Date()): Promise<AdminBanner> {
  const [row] = await db
    .update(banners)
    .set({ ...input, updatedAt: now })
    .where(eq(banners.id, id))
    .returning();
  if (!row) throw bannerNotFound();
  return toAdminBanner(row);
}

/** Turns a banner on or off. Throws DomainError 'not_found' ('Banner não encontrado.'). */
export async function setBannerActive(db: Db, id: string, active: boolean, now: Date = new Date()): Promise<AdminBanner> {
  const [row] = await db.update(banners).set({ active, updatedAt: now }).where(eq(banners.id, id)).returning();
  if (!row) throw bannerNotFound();
  return toAdminBanner(row);
}

/** Deletes a banner. Throws DomainError 'not_found' ('Banner não encontrado.'). */
export async function deleteBanner(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  if (!row) throw bannerNotFound();
}
