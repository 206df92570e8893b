import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';

/**
 * The brands (next-level, ay-yo, kxp) in the order the site shows them (`sortOrder`, ascending):
 * every column of `brands`, `sortOrder` included, as GET /api/brands has always answered.
 */
export async function listBrands(db: Db) {
  return db.select().from(brands).orderBy(asc(brands.sortOrder));
}
