import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bannerActiveSchema,
  bannerInputSchema,
  couponActiveSchema,
  couponInputSchema,
  couponPreviewSchema,
  newsInputSchema,
  newsPublishedSchema,
  adminBannerSchema,
  adminCouponSchema,
  adminNewsSchema,
  deleteCouponResponseSchema,
  listAdminBannersResponseSchema,
  listAdminCouponsResponseSchema,
  listAdminNewsResponseSchema,
  listCouponEventsResponseSchema,
} from '../../../shared/schemas/admin-content';
import { noContentSchema, responses } from '../../../shared/schemas/api-error';
import { couponPreviewSchema as couponPreviewAnswerSchema } from '../../../shared/schemas/orders';
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
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';
import { signedInActor } from '../audit-actor';

const couponNotFound = () => new DomainError('not_found', {}, 'Cupom não encontrado.');
const newsNotFound = () => new DomainError('news_not_found');
const bannerNotFound = () => new DomainError('not_found', {}, 'Banner não encontrado.');

/**
 * The back office's coupons, news and banners (docs/screens.md 'Admin area', docs/rules/sale.md 'Coupons'): admins only, every
 * route checks the role on the server (before the request is validated). Also the buyer's coupon
 * preview at checkout, which needs only a signed-in user.
 */
export async function adminContentRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const admin = guards.withRole(['admin']);
  const actor = (request: FastifyRequest) => signedInActor(request, guards);
  const coupon = { preValidation: admin, config: idNotFound(couponNotFound) };
  const news = { preValidation: admin, config: idNotFound(newsNotFound) };
  const banner = { preValidation: admin, config: idNotFound(bannerNotFound) };

  // Coupons -----------------------------------------------------------------------------------

  app.get(
    '/api/admin/coupons',
    { preValidation: admin, schema: { response: responses({ 200: listAdminCouponsResponseSchema }) } },
    async () => ({ coupons: await listCoupons(db) }),
  );

  app.get(
    '/api/admin/coupons/events',
    { preValidation: admin, schema: { response: responses({ 200: listCouponEventsResponseSchema }) } },
    async () => ({ events: await listCouponEventOptions(db) }),
  );

  app.post(
    '/api/admin/coupons',
    { preValidation: admin, schema: { body: couponInputSchema, response: responses({ 201: adminCouponSchema }) } },
    async (request, reply) => reply.status(201).send(await createCoupon(db, request.body, await actor(request))),
  );

  app.put(
    '/api/admin/coupons/:id',
    { ...coupon, schema: { params: idParamsSchema, body: couponInputSchema, response: responses({ 200: adminCouponSchema }) } },
    async (request) => updateCoupon(db, request.params.id, request.body, await actor(request)),
  );

  app.patch(
    '/api/admin/coupons/:id',
    { ...coupon, schema: { params: idParamsSchema, body: couponActiveSchema, response: responses({ 200: adminCouponSchema }) } },
    async (request) => setCouponActive(db, request.params.id, request.body.isActive, await actor(request)),
  );

  app.delete(
    '/api/admin/coupons/:id',
    { ...coupon, schema: { params: idParamsSchema, response: responses({ 200: deleteCouponResponseSchema }) } },
    async (request) => deleteCoupon(db, request.params.id, await actor(request)),
  );

  // The checkout's 'Aplicar': same pricing as POST /api/orders, nothing held.
  app.post(
    '/api/coupons/preview',
    {
      preValidation: guards.signedIn,
      schema: { body: couponPreviewSchema, response: responses({ 200: couponPreviewAnswerSchema }) },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => previewCoupon(db, request.body),
  );

  // News --------------------------------------------------------------------------------------

  app.get('/api/admin/news', { preValidation: admin, schema: { response: responses({ 200: listAdminNewsResponseSchema }) } }, async () => ({
    news: await listAllNews(db),
  }));

  app.post(
    '/api/admin/news',
    { preValidation: admin, schema: { body: newsInputSchema, response: responses({ 201: adminNewsSchema }) } },
    async (request, reply) => reply.status(201).send(await createNews(db, request.body, await actor(request))),
  );

  app.put(
    '/api/admin/news/:id',
    { ...news, schema: { params: idParamsSchema, body: newsInputSchema, response: responses({ 200: adminNewsSchema }) } },
    async (request) => updateNews(db, request.params.id, request.body, await actor(request)),
  );

  app.patch(
    '/api/admin/news/:id',
    { ...news, schema: { params: idParamsSchema, body: newsPublishedSchema, response: responses({ 200: adminNewsSchema }) } },
    async (request) => setNewsPublished(db, request.params.id, request.body.published, await actor(request)),
  );

  app.delete(
    '/api/admin/news/:id',
    { ...news, schema: { params: idParamsSchema, response: responses({ 204: noContentSchema }) } },
    async (request, reply) => {
      await deleteNews(db, request.params.id, await actor(request));
      return reply.status(204).send();
    },
  );

  // Banners -----------------------------------------------------------------------------------

  app.get(
    '/api/admin/banners',
    { preValidation: admin, schema: { response: responses({ 200: listAdminBannersResponseSchema }) } },
    async () => ({ banners: await listAllBanners(db) }),
  );

  app.post(
    '/api/admin/banners',
    { preValidation: admin, schema: { body: bannerInputSchema, response: responses({ 201: adminBannerSchema }) } },
    async (request, reply) => reply.status(201).send(await createBanner(db, request.body, await actor(request))),
  );

  app.put(
    '/api/admin/banners/:id',
    { ...banner, schema: { params: idParamsSchema, body: bannerInputSchema, response: responses({ 200: adminBannerSchema }) } },
    async (request) => updateBanner(db, request.params.id, request.body, await actor(request)),
  );

  app.patch(
    '/api/admin/banners/:id',
    { ...banner, schema: { params: idParamsSchema, body: bannerActiveSchema, response: responses({ 200: adminBannerSchema }) } },
    async (request) => setBannerActive(db, request.params.id, request.body.active, await actor(request)),
  );

  app.delete(
    '/api/admin/banners/:id',
    { ...banner, schema: { params: idParamsSchema, response: responses({ 204: noContentSchema }) } },
    async (request, reply) => {
      await deleteBanner(db, request.params.id, await actor(request));
      return reply.status(204).send();
    },
  );
}
