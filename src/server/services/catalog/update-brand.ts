import { eq } from 'drizzle-orm';
import type { Brand, BrandUpdate } from '../../../shared/schemas/brands';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';

/**
 * Saves what a brand's page and home slide show ('Marcas' in the back office): name, tagline,
 * description, cover and logo (uploaded images' addresses, or null for the brand's gradient and
 * initials) and its figures (null: the defaults, shared/home-hero DEFAULT_BRAND_FIGURES; docs/rules/content.md 'Brand figures'). The input
 * is already checked by brandInputSchema. The slug, colour and order do not change here.
 * Throws DomainError('not_found', 'Marca não encontrada.') for an unknown slug; returns the brand saved.
 */
export async function updateBrand(db: Db, slug: string, input: BrandUpdate): Promise<Brand> {
  const [saved] = await db
    .update(brands)
    .set({
      name: input.name,
      tagline: input.tagline,
      description: input.description,
      coverUrl: input.coverUrl,
      logoUrl: input.logoUrl,
      figures: input.figures,
    })
    .where(eq(brands.slug, slug))
    .returning();
  if (!saved) throw new DomainError('not_found', {}, 'Marca não encontrada.');
  return saved as Brand;
}
