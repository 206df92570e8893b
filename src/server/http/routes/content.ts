import type { FastifyInstance } from 'fastify';
import { listNewsQuerySchema, type ListBannersResponse, type ListNewsResponse } from '../../../shared/schemas/content';
import { DomainError } from '../../../shared/errors';
import { listNews } from '../../services/content/list-news';
import { getNews } from '../../services/content/get-news';
import { listActiveBanners } from '../../services/content/list-active-banners';
import { parse, uuidParam } from '../parse';
import type { RouteContext } from '../context';

/** A news id from the path; anything but a UUID is an unknown news item. */
function newsIdParam(value: string): string {
  try {
    return uuidParam(value);
  } catch {
    throw new DomainError('news_not_found');
  }
}

/**
 * Public home content (PRODUCT.md 'Who may see what': `/` and `/news/{id}` are public): published
 * news and active banners. Drafts and inactive banners never leave the server.
 */
export async function contentRoutes(app: FastifyInstance, { deps }: RouteContext) {
  const { db } = deps;

  app.get('/api/news', async (request): Promise<ListNewsResponse> => {
    const query = parse(listNewsQuerySchema, request.query);
    return { news: await listNews(db, { limit: query.limit }) };
  });

  app.get<{ Params: { id: string } }>('/api/news/:id', async (request) => getNews(db, newsIdParam(request.params.id)));

  app.get('/api/banners', async (): Promise<ListBannersResponse> => ({ banners: await listActiveBanners(db) }));
}
