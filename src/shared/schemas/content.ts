import { z } from 'zod';
import '../zod-locale';

/** Most news GET /api/news gives at once. */
const NEWS_LIST_MAX = 50;

/** Query of GET /api/news: `limit` news, 1 to 50 (the home page asks for 3, docs/screens.md 'Home'). */
export const listNewsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limite inválido: use um número de 1 a 50.' })
    .int('Limite inválido: use um número de 1 a 50.')
    .min(1, 'Limite inválido: use um número de 1 a 50.')
    .max(NEWS_LIST_MAX, 'Limite inválido: use um número de 1 a 50.')
    .optional(),
});
export type ListNewsQuery = z.infer<typeof listNewsQuerySchema>;

/** One published news item as a card shows it (docs/screens.md 'Home'). */
export const newsSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  preview: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  /** UTC instant the news was created (ISO 8601). */
  createdAt: z.string(),
  /** Calendar day of `createdAt` in America/Sao_Paulo, 'yyyy-MM-dd' (shown dd/MM/yyyy). */
  date: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

/** GET /api/news/:id: the news item with its full text; paragraphs are separated by blank lines. */
export const newsDetailSchema = newsSummarySchema.extend({ content: z.string().nullable() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;

/** GET /api/news answer, newest first. */
export const listNewsResponseSchema = z.object({ news: z.array(newsSummarySchema) });
export type ListNewsResponse = z.infer<typeof listNewsResponseSchema>;

/** One active banner of the home page (docs/data-model.md 'News and banners'). */
export const bannerViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** A path inside the app ('/event/…') or an absolute http(s) address; null for no link. */
  linkUrl: z.string().nullable(),
  /** UTC instant (ISO 8601). */
  createdAt: z.string(),
});
export type BannerView = z.infer<typeof bannerViewSchema>;

/** GET /api/banners answer, newest first. */
export const listBannersResponseSchema = z.object({ banners: z.array(bannerViewSchema) });
export type ListBannersResponse = z.infer<typeof listBannersResponseSchema>;
