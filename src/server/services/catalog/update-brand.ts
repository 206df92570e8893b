import { eq } from 'drizzle-orm';
import type { Brand, BrandUpdate } from '../../../shared/schemas/brands';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';
import { diffFields } from '../audit/diff-fields';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Saves what a brand's page and home slide show ('Marcas' in the back office): name, tagline,
 * description, cover and logo (uploaded images' addresses, or null for the brand's gradient and
 * initials), its figures (null: the defaults, shared/home-hero DEFAULT_BRAND_FIGURES; docs/rules/content.md 'Brand figures')
 * and its social links ([{ network, url }] in the order given, https addresses on each network's
 * hosts, one per network; left out: unchanged; docs/rules/content.md 'Brand pages'). The input
 * is already checked by brandInputSchema. The slug, colour and order do not change here.
 * Throws DomainError('not_found', 'Marca não encontrada.') for an unknown slug; returns the brand saved.
 * The fields changed are recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function updateBrand(db: Db, slug: string, input: BrandUpdate, actor: AuditActor): Promise<Brand> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.slug, slug)).for('update');
    if (!before) throw new DomainError('not_found', {}, 'Marca não encontrada.');
    const [saved] = await tx
      .update(brands)
      .set({
        name: input.name,
        tagline: input.tagline,
        description: input.description,
        coverUrl: input.coverUrl,
        logoUrl: input.logoUrl,
        figures: input.figures,
        ...(input.socialLinks ? { socialLinks: input.socialLinks } : {}),
      })
      .where(eq(brands.slug, slug))
      .returning();
    const changes = diffFields(before, saved, ['name', 'tagline', 'description', 'coverUrl', 'logoUrl', 'figures', 'socialLinks']);
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, actor, { action: 'brand.updated', objectType: 'brand', objectId: slug, changes });
    return saved as Brand;
  });
}
