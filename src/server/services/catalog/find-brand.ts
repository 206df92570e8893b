import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';

/** The brand of `slug` (name, tagline, description for a brand page's meta tags), or null when there is none. */
export async function findBrand(db: Db, slug: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.slug, slug));
  return brand ?? null;
}
