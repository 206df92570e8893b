import { desc, eq } from 'drizzle-orm';
import type { BannerView } from '../../../shared/schemas/content';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';

/**
 * The banners the home page shows: active ones only, newest first (docs/rules/content.md 'Banners': 'Banner:
 * active vs inactive'; section 7: ordered by created_at descending). Inactive banners never
 * appear.
 */
export async function listActiveBanners(db: Db): Promise<BannerView[]> {
  const rows = await db.select().from(banners).where(eq(banners.active, true)).orderBy(desc(banners.createdAt), desc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    createdAt: row.createdAt.toISOString(),
  }));
}
