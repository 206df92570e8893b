import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import {
  boxOfficeBlockSchema,
  boxOfficeConflictListSchema,
  boxOfficeEventListSchema,
  boxOfficeEventStateSchema,
  boxOfficeSaleResultSchema,
  boxOfficeSaleSchema,
  boxOfficeSyncResultSchema,
  boxOfficeSyncSchema,
  cashDrawerListSchema,
  cashDrawerViewSchema,
  closeDrawerSchema,
  doorSectorListSchema,
  doorSectorSchema,
  drawerMovementSchema,
  drawerSaleListSchema,
  openDrawerSchema,
  reserveBlockSchema,
  saveDoorSectorSchema,
} from '../../../shared/schemas/box-office';
import { responses } from '../../../shared/schemas/api-error';
import { listOpenBlocks } from '../../services/box-office/blocks';
import { closeDrawer } from '../../services/box-office/close-drawer';
import { confirmBoxOfficePix, getBoxOfficeSale } from '../../services/box-office/confirm-box-office-pix';
import { listDoorSectors, saveDoorSector } from '../../services/box-office/door-sectors';
import { listDrawerViews, loadDrawer } from '../../services/box-office/drawers';
import { listBoxOfficeConflicts } from '../../services/box-office/list-box-office-conflicts';
import { listBoxOfficeEvents } from '../../services/box-office/list-box-office-events';
import { listDrawerSales } from '../../services/box-office/list-drawer-sales';
import { findOpenDrawer, openDrawer } from '../../services/box-office/open-drawer';
import { recordBoxOfficeSale, syncBoxOfficeSales } from '../../services/box-office/record-box-office-sale';
import { recordDrawerMovement } from '../../services/box-office/record-drawer-movement';
import { refundBoxOfficeSale } from '../../services/box-office/refund-box-office-sale';
import { reserveBlock } from '../../services/box-office/reserve-block';
import { returnBlock } from '../../services/box-office/return-block';
import { idNotFound, idParamsSchema, optionalBody } from '../validation';
import type { RouteContext } from '../context';
import { signedInActor } from '../audit-actor';

/**
 * Syncs of offline sales an operator may send a minute. A device sends its whole queue in one
 * call (up to MAX_SYNC_SALES sales) every 15 s while some are left, and after a sale or before a
 * block's return or the drawer's close, so a few devices of one account fit; a refused call loses
 * nothing (the queue stays on the device). It bounds what one account can write.
 */
const BOX_OFFICE_SYNCS_PER_MINUTE = 20;

/** 'n segundos' / '1 segundo'. */
const seconds = (n: number) => `${n} ${n === 1 ? 'segundo' : 'segundos'}`;

/**
 * The box office ('Bilheteria', docs/rules/box-office.md 'Selling at the door'): the events it sells for, the
 * operator's cash drawer (open with a float, 'Sangria', close counted), blocks of stock reserved
 * per device and returned, sales (one online, or a device's offline sales synced once per nonce),
 * a PIX confirmed by hand in the sandbox, refunds at the box office. Box-office staff and admins
 * only; each operator reaches only their own drawers, blocks and sales (an admin's are theirs too).
 * The sync is limited per operator (BOX_OFFICE_SYNCS_PER_MINUTE): past it, 429 'rate_limited'
 * with a pt-BR message and `retryAfterSeconds`.
 */
export async function boxOfficeRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', guards.withRole(['box_office', 'admin']));
  // A route of one drawer, block or sale (`:id`), answering `response` (responses(...)).
  const byId = <R>(notFound: () => DomainError, response: R) => ({
    schema: { params: idParamsSchema, response },
    config: idNotFound(notFound),
  });
  const operator = async (request: Parameters<typeof guards.requireUser>[0]) => (await guards.requireUser(request)).id;
  const actor = (request: Parameters<typeof guards.requireUser>[0]) => signedInActor(request, guards);

  app.get('/api/box-office/events', { schema: { response: responses({ 200: boxOfficeEventListSchema }) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { events: await listBoxOfficeEvents(deps.db, await operator(request), deps.doorOpensMinutesBefore) };
  });

  app.get(
    '/api/box-office/events/:id/state',
    {
      schema: {
        params: idParamsSchema,
        querystring: z.object({ deviceId: z.string().trim().min(8).max(100) }),
        response: responses({ 200: boxOfficeEventStateSchema }),
      },
      config: idNotFound(() => new DomainError('event_not_found')),
    },
    async (request, reply) => {
      const userId = await operator(request);
      reply.header('cache-control', 'no-store');
      return {
        drawer: await findOpenDrawer(deps.db, userId, request.params.id),
        blocks: await listOpenBlocks(deps.db, userId, request.params.id, request.query.deviceId),
      };
    },
  );

  app.post(
    '/api/box-office/drawers',
    { schema: { body: openDrawerSchema, response: responses({ 200: cashDrawerViewSchema }) } },
    async (request) => openDrawer(deps.db, await operator(request), request.body, deps.doorOpensMinutesBefore, await actor(request)),
  );

  app.get(
    '/api/box-office/drawers/:id',
    byId(() => new DomainError('drawer_not_found'), responses({ 200: cashDrawerViewSchema })),
    async (request) => {
      await loadDrawer(deps.db, request.params.id, await operator(request));
      const [view] = await listDrawerViews(deps.db, { drawerId: request.params.id });
      return view;
    },
  );

  app.get(
    '/api/box-office/drawers/:id/sales',
    byId(() => new DomainError('drawer_not_found'), responses({ 200: drawerSaleListSchema })),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sales: await listDrawerSales(deps.db, await operator(request), request.params.id) };
    },
  );

  app.post(
    '/api/box-office/drawers/:id/movements',
    {
      config: idNotFound(() => new DomainError('drawer_not_found')),
      schema: { params: idParamsSchema, body: drawerMovementSchema, response: responses({ 200: cashDrawerViewSchema }) },
    },
    async (request) => recordDrawerMovement(deps.db, await operator(request), request.params.id, request.body, await actor(request)),
  );

  app.post(
    '/api/box-office/drawers/:id/close',
    {
      config: idNotFound(() => new DomainError('drawer_not_found')),
      schema: { params: idParamsSchema, body: closeDrawerSchema, response: responses({ 200: cashDrawerViewSchema }) },
    },
    async (request) => closeDrawer(deps.db, await operator(request), request.params.id, request.body.countedCentavos, await actor(request)),
  );

  app.post(
    '/api/box-office/blocks',
    { schema: { body: reserveBlockSchema, response: responses({ 201: boxOfficeBlockSchema }) } },
    async (request, reply) => {
      reply.status(201);
      return reserveBlock(deps, await operator(request), request.body, await actor(request));
    },
  );

  app.post(
    '/api/box-office/blocks/:id/return',
    byId(() => new DomainError('block_not_found'), responses({ 200: boxOfficeBlockSchema })),
    async (request) => returnBlock(deps.db, await operator(request), request.params.id, await actor(request)),
  );

  app.post(
    '/api/box-office/sales',
    { schema: { body: boxOfficeSaleSchema, response: responses({ 200: boxOfficeSaleResultSchema }) } },
    async (request) => recordBoxOfficeSale(deps, await operator(request), request.body, 'online', await actor(request)),
  );

  // Per operator, not per address: a box office shares the venue's Wi-Fi. Counted after the role
  // guard (preHandler), so the key is the signed-in user; answered as the project's errors are.
  const syncLimit = {
    max: BOX_OFFICE_SYNCS_PER_MINUTE,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest) => `box-office-sync:${(await guards.requireUser(request)).id}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new DomainError(
        'rate_limited',
        { retryAfterSeconds },
        `Muitas sincronizações seguidas. As vendas continuam guardadas no aparelho e serão enviadas em ${seconds(retryAfterSeconds)}.`,
      );
    },
  };
  app.post(
    '/api/box-office/sync',
    { schema: { body: boxOfficeSyncSchema, response: responses({ 200: boxOfficeSyncResultSchema }) }, config: { rateLimit: syncLimit } },
    async (request) => ({ results: await syncBoxOfficeSales(deps, await operator(request), request.body.sales, await actor(request)) }),
  );

  app.get(
    '/api/box-office/sales/:id',
    byId(() => new DomainError('order_not_found'), responses({ 200: boxOfficeSaleResultSchema })),
    async (request) => getBoxOfficeSale(deps, await operator(request), request.params.id),
  );

  app.post(
    '/api/box-office/sales/:id/confirm-pix',
    {
      config: idNotFound(() => new DomainError('order_not_found')),
      schema: {
        params: idParamsSchema,
        body: optionalBody(z.object({ admit: z.boolean().optional() })),
        response: responses({ 200: boxOfficeSaleResultSchema }),
      },
    },
    async (request) => confirmBoxOfficePix(deps, await operator(request), request.params.id, request.body?.admit ?? false),
  );

  app.post(
    '/api/box-office/sales/:id/refund',
    byId(() => new DomainError('order_not_found'), responses({ 200: cashDrawerViewSchema })),
    async (request) => {
      const userId = await operator(request);
      return refundBoxOfficeSale(deps.db, userId, await actor(request), request.params.id);
    },
  );
}

/**
 * The back office's view of the box office: every drawer of an event (operator, float, what went
 * through, expected, counted, difference), the sales refused at a sync, and each sector's door
 * price and box-office quota. Admins only.
 */
export async function adminBoxOfficeRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', guards.withRole(['admin']));
  const eventQuery = z.object({ eventId: z.uuid().optional() });

  app.get(
    '/api/admin/box-office/drawers',
    { schema: { querystring: eventQuery, response: responses({ 200: cashDrawerListSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { drawers: await listDrawerViews(deps.db, { eventId: request.query.eventId }) };
    },
  );

  app.get(
    '/api/admin/box-office/events/:id/sectors',
    {
      schema: { params: idParamsSchema, response: responses({ 200: doorSectorListSchema }) },
      config: idNotFound(() => new DomainError('event_not_found')),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sectors: await listDoorSectors(deps.db, request.params.id) };
    },
  );

  app.put(
    '/api/admin/box-office/sectors/:id',
    {
      schema: { params: idParamsSchema, body: saveDoorSectorSchema, response: responses({ 200: doorSectorSchema }) },
      config: idNotFound(() => new DomainError('ticket_type_not_found')),
    },
    async (request) => saveDoorSector(deps.db, request.params.id, request.body, await signedInActor(request, guards)),
  );

  app.get(
    '/api/admin/box-office/conflicts',
    { schema: { querystring: eventQuery, response: responses({ 200: boxOfficeConflictListSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { conflicts: await listBoxOfficeConflicts(deps.db, request.query.eventId) };
    },
  );
}
