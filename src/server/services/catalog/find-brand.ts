import { and, count, eq } from 'drizzle-orm';
import type { BrandPage } from '../../../shared/schemas/brands';
import type { Db } from '../../db/client';
import { brandFollows, brands, userNotificationSettings } from '../../db/schema';

/** The brand of `slug` (name, tagline, description for a brand page's meta tags), or null when there is none. */
export async function findBrand(db: Db, slug: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.slug, slug));
  return brand ?? null;
}

/**
 * The brand page's header (/events/:brand): the brand with its cover, logo, description and
 * figures, and `followersCount`, the people who follow it and have 'Novidades das marcas' on
 * (the ones its new events reach, services/notifications/announce-event.ts; a follow kept with
 * the news switched off is no follow on the page's button either). Null when there is no such brand.
 */
export async function findBrandPage(db: Db, slug: string): Promise<BrandPage | null> {
  const brand = await findBrand(db, slug);
  if (!brand) return null;
  const [row] = await db
    .select({ followers: count() })
    .from(brandFollows)
    .innerJoin(userNotificationSettings, eq(userNotificationSettings.userId, brandFollows.userId))
    .where(and(eq(brandFollows.brandSlug, slug), eq(userNotificationSettings.brandNewsNotifications, true)));
  return { ...(brand as BrandPage), followersCount: Number(row?.followers ?? 0) };
}
