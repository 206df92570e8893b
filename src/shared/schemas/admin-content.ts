import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay, text } from './fields';
import { isSiteImagePath } from '../image-address';
import { discountTypes, type DiscountType } from '../statuses';

// Shapes of the back office's coupons, news and banners (docs/screens.md 'Admin area', docs/data-model.md 'Coupons', docs/rules/sale.md 'Coupons'),
// and of the buyer's coupon preview at checkout. The web forms run these same schemas, so the
// browser and the server refuse the same input with the same pt-BR message.

/** Largest amount a money field of the back office takes: R$ 1.000.000,00, in centavos. */
const MAX_ADMIN_CENTAVOS = 100_000_000;

/** Optional text: trimmed, and blank (or absent) becomes null. */
const optionalText = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** Required text with one pt-BR message for absent or blank. */
const requiredText = (max: number, missing: string, tooLong: string) => text(missing).trim().min(1, missing).max(max, tooLong);

const optionalDay = text('Data inválida')
  .trim()
  .refine((value) => value === '' || isCalendarDay(value), 'Data inválida')
  .nullish()
  .transform((value) => (value ? value : null));

/** A path of this site: '/uploads/banners/x.webp', '/images/…', '/events/kxp' (not '//host'). */
function isSitePath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//') && !/\s/.test(text);
}

/** A link the app can follow: a path of this site or an absolute http(s) address. */
function isAppOrWebAddress(text: string): boolean {
  if (text.startsWith('/')) return isSitePath(text);
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Coupons

/** pt-BR label of each discount type. */
export const discountTypeLabel: Readonly<Record<DiscountType, string>> = {
  percentage: 'Porcentagem',
  fixed: 'Valor fixo',
};

/**
 * The shortest pre-sale code (one that unlocks a hidden sector): with the throttle on failed tries
 * (services/catalog/access-code-attempts.ts), 8 letters and digits are far beyond guessing.
 */
export const MIN_ACCESS_CODE_LENGTH = 8;

/**
 * Body of POST /api/admin/coupons and PUT /api/admin/coupons/:id (docs/rules/sale.md 'Coupons':
 * code, type and value required; the rest optional; code upper-cased on save).
 * `discountValue` is percentage points 1..100 for 'percentage' and centavos for 'fixed'.
 * `validFrom` / `validUntil` are São Paulo calendar days: usable from the start of the first
 * through the end of the last.
 */
export const couponInputSchema = z
  .object({
    code: text('Código do cupom é obrigatório')
      .trim()
      .min(1, 'Código do cupom é obrigatório')
      .max(40, 'O código deve ter no máximo 40 caracteres')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use apenas letras, números, hífen ou sublinhado no código')
      .transform((code) => code.toUpperCase()),
    description: optionalText(200, 'A descrição deve ter no máximo 200 caracteres'),
    discountType: z.enum(discountTypes, 'Tipo de desconto é obrigatório'),
    discountValue: z
      .number('Valor do desconto é obrigatório')
      .int('Valor do desconto inválido')
      .min(0, 'O valor do desconto não pode ser negativo')
      .max(MAX_ADMIN_CENTAVOS, 'Valor do desconto muito alto'),
    minPurchaseCentavos: z
      .number('Valor mínimo inválido')
      .int('Valor mínimo inválido')
      .min(0, 'O valor mínimo não pode ser negativo')
      .max(MAX_ADMIN_CENTAVOS, 'Valor mínimo muito alto')
      .nullish()
      .transform((value) => value ?? null),
    maxUses: z
      .number('Limite de usos inválido')
      .int('O limite de usos deve ser um número inteiro')
      .min(1, 'O limite de usos deve ser de pelo menos 1')
      .max(1_000_000, 'Limite de usos muito alto')
      .nullish()
      .transform((value) => value ?? null),
    validFrom: optionalDay,
    validUntil: optionalDay,
    eventId: z
      .uuid('Evento inválido')
      .nullish()
      .transform((value) => value ?? null),
    isActive: z.boolean('Situação inválida').default(true),
    /** A pre-sale code: the hidden sector it unlocks (of `eventId`); its discount may then be 0. */
    unlocksSectorId: z
      .uuid('Setor inválido')
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.discountValue === 0 && !coupon.unlocksSectorId) {
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'O valor do desconto deve ser maior que zero' });
    }
    if (coupon.unlocksSectorId && coupon.code.length < MIN_ACCESS_CODE_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: `Um código de pré-venda precisa de pelo menos ${MIN_ACCESS_CODE_LENGTH} caracteres, para não ser adivinhado`,
      });
    }
    if (coupon.unlocksSectorId && !coupon.eventId) {
      ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'Escolha o evento do setor de pré-venda' });
    }
    if (coupon.discountType === 'percentage' && coupon.discountValue > 100) {
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A porcentagem deve ser de 1 a 100' });
    }
    if (coupon.validFrom && coupon.validUntil && coupon.validUntil < coupon.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'A data final deve ser igual ou posterior à data inicial' });
    }
  });
export type CouponInput = z.infer<typeof couponInputSchema>;
export type CouponInputBody = z.input<typeof couponInputSchema>;

/** Body of PATCH /api/admin/coupons/:id: the active toggle of the list. */
export const couponActiveSchema = z.object({ isActive: z.boolean('Situação inválida') });

/** An event's failed pre-sale code tries: in the last 24 hours, in the last 7 days, and the latest (UTC ISO 8601, null: none). */
export const accessCodeFailureCountsSchema = z.object({
  last24h: z.number(),
  last7d: z.number(),
  lastAt: z.string().nullable(),
});
export type AccessCodeFailureCounts = z.infer<typeof accessCodeFailureCountsSchema>;

/** One coupon as the back office lists it. Money in centavos; instants UTC ISO 8601. */
export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  discountType: z.enum(discountTypes),
  /** Percentage points (1..100) or centavos, by `discountType`. */
  discountValue: z.number(),
  minPurchaseCentavos: z.number().nullable(),
  maxUses: z.number().nullable(),
  /** Uses by paid orders. */
  currentUses: z.number(),
  /** Uses held by unpaid orders still waiting for payment. */
  heldUses: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** `validFrom` / `validUntil` as São Paulo calendar days 'yyyy-MM-dd'. */
  validFromDay: z.string().nullable(),
  validUntilDay: z.string().nullable(),
  isActive: z.boolean(),
  /** null: valid for every event. */
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  /** Whether any order (paid or waiting) used it: deleting it then only deactivates it. */
  hasOrders: z.boolean(),
  /** A pre-sale code: the hidden sector it unlocks, and its name. */
  unlocksSectorId: z.string().nullable(),
  unlocksSectorName: z.string().nullable(),
  /** A pre-sale code: the failed code tries on its event's page (anyone's, any code); null for other coupons. */
  accessCodeFailures: accessCodeFailureCountsSchema.nullable(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/** GET /api/admin/coupons, newest first. */
export const listAdminCouponsResponseSchema = z.object({ coupons: z.array(adminCouponSchema) });
export type ListAdminCouponsResponse = z.infer<typeof listAdminCouponsResponseSchema>;

/** GET /api/admin/coupons/events: the events a coupon can be limited to, by date. */
export const couponEventOptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** 'yyyy-MM-dd' in America/Sao_Paulo. */
  date: z.string(),
});
export type CouponEventOption = z.infer<typeof couponEventOptionSchema>;

export const listCouponEventsResponseSchema = z.object({ events: z.array(couponEventOptionSchema) });
export type ListCouponEventsResponse = z.infer<typeof listCouponEventsResponseSchema>;

/** DELETE /api/admin/coupons/:id: a coupon some order used is deactivated instead of deleted. */
export const deleteCouponResponseSchema = z.object({ outcome: z.enum(['deleted', 'deactivated']) });
export type DeleteCouponResponse = z.infer<typeof deleteCouponResponseSchema>;

/**
 * Body of POST /api/coupons/preview: what the checkout would charge with a coupon. The same
 * lines as POST /api/orders; the server prices them (CouponPreview in ./orders).
 */
export const couponPreviewSchema = z.object({
  eventId: z.uuid('Evento inválido'),
  items: z
    .array(z.object({ sectorId: z.uuid('Tipo de ingresso inválido'), quantity: z.number().int().min(0).max(20) }))
    .min(1, 'Selecione pelo menos um ingresso')
    .max(20),
  couponCode: text('Digite o código do cupom').trim().min(1, 'Digite o código do cupom').max(40, 'Cupom inválido.'),
});
export type CouponPreviewInput = z.infer<typeof couponPreviewSchema>;

// ---------------------------------------------------------------------------------------------
// News

// Images are served by this site (uploads or the bundled artwork): the page's Content Security
// Policy loads images from 'self' only, so an address elsewhere would never show.
const imageAddress = text('Endereço da imagem inválido')
  .trim()
  .max(500, 'Endereço da imagem muito longo')
  .refine((value) => value === '' || isSiteImagePath(value), 'Endereço da imagem inválido');

/** Body of POST /api/admin/news and PUT /api/admin/news/:id (docs/rules/content.md 'News'). */
export const newsInputSchema = z.object({
  title: requiredText(200, 'Título é obrigatório', 'O título deve ter no máximo 200 caracteres'),
  preview: requiredText(500, 'Prévia é obrigatória', 'A prévia deve ter no máximo 500 caracteres'),
  content: optionalText(20_000, 'O conteúdo deve ter no máximo 20000 caracteres'),
  category: requiredText(60, 'Categoria é obrigatória', 'A categoria deve ter no máximo 60 caracteres'),
  imageUrl: imageAddress.nullish().transform((value) => (value ? value : null)),
  published: z.boolean('Situação inválida').default(false),
});
export type NewsInput = z.infer<typeof newsInputSchema>;
export type NewsInputBody = z.input<typeof newsInputSchema>;

/** Body of PATCH /api/admin/news/:id: publish or back to draft ('Rascunho'). */
export const newsPublishedSchema = z.object({ published: z.boolean('Situação inválida') });

/** One news item as the back office lists it, drafts included. Instants UTC ISO 8601. */
export const adminNewsSchema = z.object({
  id: z.string(),
  title: z.string(),
  preview: z.string(),
  content: z.string().nullable(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

/** GET /api/admin/news, newest first. */
export const listAdminNewsResponseSchema = z.object({ news: z.array(adminNewsSchema) });
export type ListAdminNewsResponse = z.infer<typeof listAdminNewsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Banners

/** Body of POST /api/admin/banners and PUT /api/admin/banners/:id (docs/rules/content.md 'Banners'). */
export const bannerInputSchema = z.object({
  title: requiredText(200, 'Título é obrigatório', 'O título deve ter no máximo 200 caracteres'),
  description: requiredText(500, 'Descrição é obrigatória', 'A descrição deve ter no máximo 500 caracteres'),
  imageUrl: text('Imagem é obrigatória')
    .trim()
    .min(1, 'Imagem é obrigatória')
    .max(500, 'Endereço da imagem muito longo')
    .refine(isSiteImagePath, 'Endereço da imagem inválido'),
  linkUrl: text('Link inválido')
    .trim()
    .max(500, 'Link muito longo')
    .refine((value) => value === '' || isAppOrWebAddress(value), 'Link inválido: use um caminho como /events ou um endereço http(s)')
    .nullish()
    .transform((value) => (value ? value : null)),
  active: z.boolean('Situação inválida').default(true),
});
export type BannerInput = z.infer<typeof bannerInputSchema>;
export type BannerInputBody = z.input<typeof bannerInputSchema>;

/** Body of PATCH /api/admin/banners/:id: the active toggle. */
export const bannerActiveSchema = z.object({ active: z.boolean('Situação inválida') });

/** One banner as the back office lists it, inactive ones included. Instants UTC ISO 8601. */
export const adminBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** GET /api/admin/banners, newest first. */
export const listAdminBannersResponseSchema = z.object({ banners: z.array(adminBannerSchema) });
export type ListAdminBannersResponse = z.infer<typeof listAdminBannersResponseSchema>;
