import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { brandSlugs } from './events';
import { isImageAddress } from '../image-address';
import {
  BRAND_LINKS_MAX,
  brandLinkMessage,
  brandLinkNetworks,
  checkBrandLink,
  duplicateBrandLinkMessage,
  type BrandLinkNetwork,
} from '../brand-links';

/** Most figures a brand's home slide shows: three fit side by side on a desktop. */
export const BRAND_FIGURES_MAX = 3;
/** Longest figure value and label: '100k+' over 'Participantes' fits its box at 320 px. */
export const BRAND_FIGURE_VALUE_MAX = 8;
export const BRAND_FIGURE_LABEL_MAX = 16;

/** One brand as GET /api/brands lists it (next-level, ay-yo, kxp, in `sortOrder`). */
export const brandSchema = z.object({
  slug: z.enum(brandSlugs),
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  accentColor: z.string(),
  sortOrder: z.number(),
  /** Uploaded images' addresses ('/uploads/brands/….webp'); null: the brand's gradient and initials. */
  coverUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** The claims of its home slide; null: the defaults ('50+ Eventos'...; docs/rules/content.md 'Brand figures'), shared/home-hero DEFAULT_BRAND_FIGURES. */
  figures: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
  /** Its social profiles in the order the brand page shows them (docs/rules/content.md 'Brand pages'). */
  socialLinks: z.array(z.object({ network: z.enum(brandLinkNetworks), url: z.string() })),
});
export type Brand = z.infer<typeof brandSchema>;

/** GET /api/brands/:slug: the brand page's header, with how many people follow the brand. */
export const brandPageSchema = brandSchema.extend({ followersCount: z.number() });
export type BrandPage = z.infer<typeof brandPageSchema>;

const imageAddress = text('Imagem inválida')
  .trim()
  .max(500, 'Endereço da imagem muito longo')
  .refine((value) => value === '' || isImageAddress(value), 'Imagem inválida')
  .nullish()
  .transform((value) => (value ? value : null));

export const brandFigureSchema = z.object({
  value: text('Informe o número')
    .trim()
    .min(1, 'Informe o número')
    .max(BRAND_FIGURE_VALUE_MAX, `O número deve ter no máximo ${BRAND_FIGURE_VALUE_MAX} caracteres`),
  label: text('Informe o que o número conta')
    .trim()
    .min(1, 'Informe o que o número conta')
    .max(BRAND_FIGURE_LABEL_MAX, `O texto deve ter no máximo ${BRAND_FIGURE_LABEL_MAX} caracteres`),
});

/** One social link as sent: a blank `url` means the brand has none on that network. */
const brandLinkInputSchema = z.object({
  network: z.enum(brandLinkNetworks, 'Rede social inválida'),
  url: text('Informe o endereço').trim(),
});

/**
 * A brand's social links as sent (docs/rules/content.md 'Brand pages'): each address checked by
 * checkBrandLink for its network (message on 'socialLinks.<index>.url'), one per network (a second
 * one on 'socialLinks.<index>.network'), at most BRAND_LINKS_MAX; blank addresses are dropped,
 * the others kept in their order as normalised https addresses.
 */
export const brandLinksInputSchema = z
  .array(brandLinkInputSchema, 'Redes sociais inválidas')
  .superRefine((links, ctx) => {
    const seen = new Set<BrandLinkNetwork>();
    for (const [index, link] of links.entries()) {
      if (link.url === '') continue;
      if (seen.size === BRAND_LINKS_MAX) {
        ctx.addIssue({ code: 'custom', message: `Use no máximo ${BRAND_LINKS_MAX} redes sociais`, path: [] });
        return;
      }
      if (seen.has(link.network)) {
        ctx.addIssue({ code: 'custom', message: duplicateBrandLinkMessage(link.network), path: [index, 'network'] });
        return;
      }
      seen.add(link.network);
      const checked = checkBrandLink(link.network, link.url);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: brandLinkMessage(link.network, checked.problem), path: [index, 'url'] });
        return;
      }
    }
  })
  .transform((links) =>
    links.flatMap((link) => {
      const checked = link.url === '' ? null : checkBrandLink(link.network, link.url);
      return checked?.ok ? [{ network: link.network, url: checked.url }] : [];
    }),
  );

/**
 * PUT /api/admin/brands/:slug ('Marcas' in the back office): what the brand page and its home slide
 * show. `figures` empty or null goes back to the default figures; at most BRAND_FIGURES_MAX.
 * `socialLinks` as brandLinksInputSchema checks them.
 */
export const brandInputSchema = z.object({
  name: text('Informe o nome da marca').trim().min(2, 'Informe o nome da marca').max(40, 'O nome deve ter no máximo 40 caracteres'),
  tagline: text('Informe a chamada').trim().min(2, 'Informe a chamada').max(80, 'A chamada deve ter no máximo 80 caracteres'),
  description: text('Informe a descrição')
    .trim()
    .min(10, 'A descrição deve ter pelo menos 10 caracteres')
    .max(600, 'A descrição deve ter no máximo 600 caracteres'),
  coverUrl: imageAddress,
  logoUrl: imageAddress,
  figures: z
    .array(brandFigureSchema, 'Números inválidos')
    .max(BRAND_FIGURES_MAX, `Use no máximo ${BRAND_FIGURES_MAX} números`)
    .nullish()
    .transform((value) => (value && value.length > 0 ? value : null)),
  /** Left out: the links stay as they are; [] removes them all. */
  socialLinks: brandLinksInputSchema.optional(),
});
export type BrandInput = z.input<typeof brandInputSchema>;
export type BrandUpdate = z.output<typeof brandInputSchema>;
