import { desc, eq } from 'drizzle-orm';
import type { AdminBanner, BannerInput } from '../../../shared/schemas/admin-content';
import { DomainError } from '../../../shared/errors';
import type { Db, Tx } from '../../db/client';
import type { AuditActor } from '../audit/record-audit';
import { recordContentChange } from './news';
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

const BANNER_FIELDS = ['title', 'description', 'imageUrl', 'linkUrl', 'active'] as const;

/**
 * Creates a banner from a parsed input (docs/rules/content.md 'Banners': title, description and
 * image_url required; link_url optional). Active banners show on the home page at once. Every
 * change of banners below is recorded in the audit trail by `actor` (news.ts recordContentChange).
 */
export async function createBanner(db: Db, input: BannerInput, actor: AuditActor, now: Date = new Date()): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await recordContentChange(tx, actor, 'banner', undefined, row, BANNER_FIELDS);
    return toAdminBanner(row);
  });
}

/** Replaces a banner's fields. Throws DomainError 'not_found' ('Banner não encontrado.'). */
export async function updateBanner(
  db: Db,
  id: string,
  input: BannerInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<AdminBanner> {
  return changeBanner(db, actor, id, (tx) =>
    tx
      .update(banners)
      .set({ ...input, updatedAt: now })
      .where(eq(banners.id, id))
      .returning(),
  );
}

/** Turns a banner on or off. Throws DomainError 'not_found' ('Banner não encontrado.'). */
export async function setBannerActive(
  db: Db,
  id: string,
  active: boolean,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<AdminBanner> {
  return changeBanner(db, actor, id, (tx) => tx.update(banners).set({ active, updatedAt: now }).where(eq(banners.id, id)).returning());
}

/** Deletes a banner. Throws DomainError 'not_found' ('Banner não encontrado.'). */
export async function deleteBanner(db: Db, id: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) throw bannerNotFound();
    await recordContentChange(tx, actor, 'banner', before, undefined, BANNER_FIELDS);
  });
}

/** Runs `write` on banner `id` with its row locked, and records what it changed. */
async function changeBanner(db: Db, actor: AuditActor, id: string, write: (tx: Tx) => Promise<BannerRow[]>): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!before) throw bannerNotFound();
    const [row] = await write(tx);
    await recordContentChange(tx, actor, 'banner', before, row, BANNER_FIELDS);
    return toAdminBanner(row);
  });
}
