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
export interface NewsSummary {
  id: string;
  title: string;
  preview: string;
  category: string;
  imageUrl: string | null;
  /** UTC instant the news was created (ISO 8601). */
  createdAt: string;
  /** Calendar day of `createdAt` in America/Sao_Paulo, 'yyyy-MM-dd' (shown dd/MM/yyyy). */
  date: string;
}

/** GET /api/news/:id: the news item with its full text; paragraphs are separated by blank lines. */
export interface NewsDetail extends NewsSummary {
  content: string | null;
}

/** GET /api/news answer, newest first. */
export interface ListNewsResponse {
  news: NewsSummary[];
}

/** One active banner of the home page (docs/data-model.md 'News and banners'). */
export interface BannerView {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  /** A path inside the app ('/event/…') or an absolute http(s) address; null for no link. */
  linkUrl: string | null;
  /** UTC instant (ISO 8601). */
  createdAt: string;
}

/** GET /api/banners answer, newest first. */
export interface ListBannersResponse {
  banners: BannerView[];
}
