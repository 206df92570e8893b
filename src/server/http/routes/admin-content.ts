import type { FastifyInstance } from 'fastify';
import {
  bannerActiveSchema,
  bannerInputSchema,
  couponActiveSchema,
  couponInputSchema,
  couponPreviewSchema,
  newsInputSchema,
  newsPublishedSchema,
  type ListAdminBannersResponse,
  type ListAdminCouponsResponse,
  type ListAdminNewsResponse,
  type ListCouponEventsResponse,
} from '../../../shared/schemas/admin-content';
import { DomainError } from '../../../shared/errors';
import {
  createCoupon,
  deleteCoupon,
  listCouponEventOptions,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from '../../services/catalog/coupons';
import { previewCoupon } from '../../services/catalog/preview-coupon';
import { createNews, deleteNews, listAllNews, setNewsPublished, updateNews } from '../../services/content/news';
import { createBanner, deleteBanner, listAllBanners, setBannerActive, updateBanner } from '../../services/content/banners';
import { parse } from '../parse';
import type { RouteContext } from '../context';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id from the path; anything but a UUID is the given not-found error. */
function idParam(value: string, notFound: () => DomainError): string {
  if (!uuidPattern.test(value)) throw notFound();
  return value.toLowerCase();
}

const couponNotFound = () => new DomainError('not_found', {}, 'Cupom não encontrado.');
const newsNotFound = () => new DomainError('news_not_found');
const bannerNotFound = () => new DomainError('not_found', {}, 'Banner não encontrado.');

type IdRequest = { Params: { id: string } };

/**
 * The back office's coupons, news and banners (SPEC.md sections 2 and 7): admins only, every
 * route checks the role on the server. Also the buyer's coupon preview at checkout, which needs
 * only a signed-in user.
 */
export async function adminContentRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  const { db } = deps;

  // Coupons -----------------------------------------------------------------------------------

  app.get('/api/admin/coupons', async (request): Promise<ListAdminCouponsResponse> => {
    await guards.requireRole(request, ['admin']);
    return { coupons: await listCoupons(db) };
  });

  app.get('/api/admin/coupons/events', async (request): Promise<ListCouponEventsResponse> => {
    await guards.requireRole(request, ['admin']);
    return { events: await listCouponEventOptions(db) };
  });

  app.post('/api/admin/coupons', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const input = parse(couponInputSchema, request.body);
    return reply.status(201).send(await createCoupon(db, input));
  });

  app.put<IdRequest>('/api/admin/coupons/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    const id = idParam(request.params.id, couponNotFound);
    return updateCoupon(db, id, parse(couponInputSchema, request.body));
  });

  app.patch<IdRequest>('/api/admin/coupons/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    const id = idParam(request.params.id, couponNotFound);
    return setCouponActive(db, id, parse(couponActiveSchema, request.body).isActive);
  });

  app.delete<IdRequest>('/api/admin/coupons/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    return deleteCoupon(db, idParam(request.params.id, couponNotFound));
  });

  // The checkout's 'Aplicar': same pricing as POST /api/orders, nothing held.
  app.post('/api/coupons/preview', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    await guards.requireUser(request);
    return previewCoupon(db, parse(couponPreviewSchema, request.body));
  });

  // News --------------------------------------------------------------------------------------

  app.get('/api/admin/news', async (request): Promise<ListAdminNewsResponse> => {
    await guards.requireRole(request, ['admin']);
    return { news: await listAllNews(db) };
  });

  app.post('/api/admin/news', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    return reply.status(201).send(await createNews(db, parse(newsInputSchema, request.body)));
  });

  app.put<IdRequest>('/api/admin/news/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    const id = idParam(request.params.id, newsNotFound);
    return updateNews(db, id, parse(newsInputSchema, request.body));
  });

  app.patch<IdRequest>('/api/admin/news/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    const id = idParam(request.params.id, newsNotFound);
    return setNewsPublished(db, id, parse(newsPublishedSchema, request.body).published);
  });

  app.delete<IdRequest>('/api/admin/news/:id', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    await deleteNews(db, idParam(request.params.id, newsNotFound));
    return reply.status(204).send();
  });

  // Banners -----------------------------------------------------------------------------------

  app.get('/api/admin/banners', async (request): Promise<ListAdminBannersResponse> => {
    await guards.requireRole(request, ['admin']);
    return { banners: await listAllBanners(db) };
  });

  app.post('/api/admin/banners', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    return reply.status(201).send(await createBanner(db, parse(bannerInputSchema, request.body)));
  });

  app.put<IdRequest>('/api/admin/banners/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    const id = idParam(request.params.id, bannerNotFound);
    return updateBanner(db, id, parse(bannerInputSchema, request.body));
  });

  app.patch<IdRequest>('/api/admin/banners/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    const id = idParam(request.params.id, bannerNotFound);
    return setBannerActive(db, id, parse(bannerActiveSchema, request.body).active);
  });

  app.delete<IdRequest>('/api/admin/banners/:id', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    await deleteBanner(db, idParam(request.params.id, bannerNotFound));
    return reply.status(204).send();
  });
}
