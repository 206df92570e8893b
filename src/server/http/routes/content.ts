import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listBannersResponseSchema,
  listNewsQuerySchema,
  listNewsResponseSchema,
  newsDetailSchema,
  type ListBannersResponse,
  type ListNewsResponse,
} from '../../../shared/schemas/content';
import { responses } from '../../../shared/schemas/api-error';
import { DomainError } from '../../../shared/errors';
import { listNews } from '../../services/content/list-news';
import { getNews } from '../../services/content/get-news';
import { listActiveBanners } from '../../services/content/list-active-banners';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';

/**
 * Public home content (docs/rules/access.md 'Who may see what': `/` and `/news/{id}` are public): published
 * news and active banners. Drafts and inactive banners never leave the server.
 */
export async function contentRoutes(fastify: FastifyInstance, { deps }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/news',
    { schema: { querystring: listNewsQuerySchema, response: responses({ 200: listNewsResponseSchema }) } },
    async (request): Promise<ListNewsResponse> => ({
      news: await listNews(db, { limit: request.query.limit }),
    }),
  );

  // A news id that is not a UUID names no news item.
  app.get(
    '/api/news/:id',
    {
      schema: { params: idParamsSchema, response: responses({ 200: newsDetailSchema }) },
      config: idNotFound(() => new DomainError('news_not_found')),
    },
    async (request) => getNews(db, request.params.id),
  );

  app.get(
    '/api/banners',
    { schema: { response: responses({ 200: listBannersResponseSchema }) } },
    async (): Promise<ListBannersResponse> => ({ banners: await listActiveBanners(db) }),
  );
}
