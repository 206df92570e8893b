import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminEventDetailSchema,
  cancelEventResultSchema,
  cancelEventSchema,
  courtesyQuotasResponseSchema,
  cpfSalesReportSchema,
  deletedSectorSchema,
  eventInputSchema,
  issueCourtesiesResultSchema,
  issueCourtesiesSchema,
  listAdminEventsResponseSchema,
  listCourtesiesResponseSchema,
  listEventAttendeesResponseSchema,
  listEventBuyersResponseSchema,
  setCourtesyQuotaSchema,
  IMAGE_MAX_BYTES,
  listAdminEventsQuerySchema,
  uploadFolders,
  uploadImageResponseSchema,
} from '../../../shared/schemas/admin-events';
import { noContentSchema, rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { DomainError } from '../../../shared/errors';
import { createEvent } from '../../services/catalog/create-event';
import { cancelEvent, deleteEvent, previewEventCancellation } from '../../services/catalog/cancel-event';
import { eventCancellationPreviewSchema } from '../../../shared/schemas/event-cancellation';
import { eventAttendeesCsv, eventScanLogCsv, listEventAttendees } from '../../services/orders/list-event-attendees';
import { updateEvent } from '../../services/catalog/update-event';
import { deleteSector } from '../../services/catalog/delete-sector';
import { listAdminEvents } from '../../services/catalog/list-admin-events';
import { getAdminEvent } from '../../services/catalog/get-admin-event';
import { issueCourtesies } from '../../services/payments/checkout';
import { listCourtesies } from '../../services/orders/list-courtesies';
import { listCourtesyQuotas, setCourtesyQuota } from '../../services/orders/courtesy-quotas';
import { eventBuyersCsv, listEventBuyers } from '../../services/orders/list-event-buyers';
import { cpfSalesCsv, listCpfSales } from '../../services/orders/cpf-sales';
import { ensureUploadFolders, uploadImage } from '../../services/catalog/upload-image';
import { brandInputSchema, brandSchema } from '../../../shared/schemas/brands';
import { brandSlugs } from '../../../shared/schemas/events';
import { updateBrand } from '../../services/catalog/update-brand';
import { readUploadedImage } from '../parse';
import { eventSessionsResponseSchema, saveEventSessionsSchema } from '../../../shared/schemas/sessions';
import { getEventSessions, saveEventSessions } from '../../services/catalog/save-sessions';
import { idNotFound, idParamsSchema, optionalBody, uuidParamSchema } from '../validation';
import { sendCsv } from '../../lib/csv';
import type { RouteContext } from '../context';
import { auditActor, signedInActor } from '../audit-actor';

const eventNotFound = () => new DomainError('event_not_found');

/** An event's ticket type in the path; a ticket type id is only checked for its length and characters. */
const sectorParamsSchema = z.object({
  id: uuidParamSchema,
  sectorId: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i)
    .transform((value) => value.toLowerCase()),
});

/** The search of the attendees list: any text (a repeated parameter reads as its values joined with commas). */
const attendeesQuerySchema = z.object({ q: z.coerce.string().optional() });

const uploadParamsSchema = z.object({ folder: z.enum(uploadFolders) });

/**
 * Back office: events, their ticket types and buyers, and image uploads (
 * docs/screens.md 'Admin area', 5, 7 'Admin'). Every route is for admins only.
 */
export async function adminEventRoutes(fastify: FastifyInstance, { deps, guards, config }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Admins only: the role is checked before anything else about the request.
  app.addHook('preValidation', guards.withRole(['admin']));
  const actor = (request: FastifyRequest) => signedInActor(request, guards);
  /** A route on one event (404 event_not_found for an id that is not one), answering `response`. */
  const event = <S extends Record<number, z.ZodType>>(success: S) => ({
    schema: { params: idParamsSchema, response: responses(success) },
    config: idNotFound(eventNotFound),
  });
  const csvFile = event({ 200: rawBodySchema });
  // Before app.ts decides whether to serve /uploads, so uploaded images are always served.
  ensureUploadFolders(config.DATA_DIR);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/api/admin/events',
    { schema: { querystring: listAdminEventsQuerySchema, response: responses({ 200: listAdminEventsResponseSchema }) } },
    async (request) => ({ events: await listAdminEvents(db, request.query) }),
  );

  app.post(
    '/api/admin/events',
    { schema: { body: eventInputSchema, response: responses({ 201: adminEventDetailSchema }) } },
    async (request, reply) => {
      const created = await createEvent(db, request.body, await actor(request));
      return reply.status(201).send(await getAdminEvent(db, created.id));
    },
  );

  const detail = event({ 200: adminEventDetailSchema });
  app.get('/api/admin/events/:id', detail, async (request) => getAdminEvent(db, request.params.id));

  app.put('/api/admin/events/:id', { ...detail, schema: { ...detail.schema, body: eventInputSchema } }, async (request) => {
    await updateEvent(db, request.params.id, request.body, await actor(request));
    return getAdminEvent(db, request.params.id);
  });

  // 'Sessões': an event's days or slots, the sessions each sector covers, exit scans at the door.
  const sessions = event({ 200: eventSessionsResponseSchema });
  app.get('/api/admin/events/:id/sessions', sessions, async (request) => getEventSessions(db, request.params.id));
  app.put(
    '/api/admin/events/:id/sessions',
    { ...sessions, schema: { ...sessions.schema, body: saveEventSessionsSchema } },
    async (request) => saveEventSessions(db, request.params.id, request.body, await actor(request)),
  );

  // 'Cortesias': free tickets to a name and an e-mail, through the sale path (stock and capacity).
  const issued = event({ 201: issueCourtesiesResultSchema });
  app.post(
    '/api/admin/events/:id/courtesies',
    { ...issued, schema: { ...issued.schema, body: issueCourtesiesSchema } },
    async (request, reply) => {
      const admin = await guards.requireRole(request, ['admin']);
      return reply.status(201).send(await issueCourtesies(deps, admin.id, request.params.id, request.body, auditActor(request, admin)));
    },
  );

  app.get('/api/admin/events/:id/courtesies', event({ 200: listCourtesiesResponseSchema }), async (request) => ({
    courtesies: await listCourtesies(db, request.params.id),
  }));

  const quotas = event({ 200: courtesyQuotasResponseSchema });
  app.get('/api/admin/events/:id/courtesy-quotas', quotas, async (request) => ({
    quotas: await listCourtesyQuotas(db, request.params.id),
  }));

  app.put(
    '/api/admin/events/:id/courtesy-quotas',
    { ...quotas, schema: { ...quotas.schema, body: setCourtesyQuotaSchema } },
    async (request) => ({ quotas: await setCourtesyQuota(db, request.params.id, request.body, await actor(request)) }),
  );

  // What the cancellation would do, for the confirmation the organizer reads first.
  app.get('/api/admin/events/:id/cancel-preview', event({ 200: eventCancellationPreviewSchema }), async (request) => {
    const admin = await guards.requireRole(request, ['admin']);
    return previewEventCancellation(deps, request.params.id, admin.id);
  });

  const cancelled = event({ 200: cancelEventResultSchema });
  app.post(
    '/api/admin/events/:id/cancel',
    { ...cancelled, schema: { ...cancelled.schema, body: optionalBody(cancelEventSchema) } },
    async (request) => {
      const admin = await guards.requireRole(request, ['admin']);
      return cancelEvent(deps, request.params.id, { reason: request.body.reason, adminId: admin.id }, auditActor(request, admin));
    },
  );

  app.delete('/api/admin/events/:id', event({ 204: noContentSchema }), async (request, reply) => {
    await deleteEvent(deps, request.params.id, await actor(request));
    return reply.status(204).send();
  });

  app.delete(
    '/api/admin/events/:id/sectors/:sectorId',
    {
      schema: { params: sectorParamsSchema, response: responses({ 200: deletedSectorSchema }) },
      config: { paramErrors: { id: eventNotFound, sectorId: () => new DomainError('ticket_type_not_found') } },
    },
    async (request) => {
      const { id: eventId, sectorId } = request.params;
      await deleteSector(db, eventId, sectorId, await actor(request));
      return { id: sectorId };
    },
  );

  const attendees = event({ 200: listEventAttendeesResponseSchema });
  app.get(
    '/api/admin/events/:id/attendees',
    { ...attendees, schema: { ...attendees.schema, querystring: attendeesQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { attendees, conflicts } = await listEventAttendees(db, request.params.id, request.query.q ?? '');
      return { attendees, conflicts };
    },
  );

  app.get('/api/admin/events/:id/attendees.csv', csvFile, async (request, reply) => {
    return sendCsv(reply, await eventAttendeesCsv(db, request.params.id));
  });

  app.get('/api/admin/events/:id/check-ins.csv', csvFile, async (request, reply) => {
    return sendCsv(reply, await eventScanLogCsv(db, request.params.id));
  });

  app.get('/api/admin/events/:id/buyers', event({ 200: listEventBuyersResponseSchema }), async (request) => {
    const { buyers } = await listEventBuyers(db, request.params.id);
    return { buyers };
  });

  // 'Exportar CSV': a file Excel in pt-BR opens in columns.
  app.get('/api/admin/events/:id/buyers.csv', csvFile, async (request, reply) => {
    return sendCsv(reply, await eventBuyersCsv(db, request.params.id));
  });

  // 'Vendas por CPF': who holds how many tickets, as the limit per CPF counts them.
  app.get('/api/admin/events/:id/cpf-sales', event({ 200: cpfSalesReportSchema }), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listCpfSales(db, request.params.id);
  });

  app.get('/api/admin/events/:id/cpf-sales.csv', csvFile, async (request, reply) => {
    return sendCsv(reply, await cpfSalesCsv(db, request.params.id));
  });

  // 'Marcas': what a brand's page and home slide show.
  app.put(
    '/api/admin/brands/:slug',
    {
      schema: { params: z.object({ slug: z.enum(brandSlugs) }), body: brandInputSchema, response: responses({ 200: brandSchema }) },
      config: { paramErrors: { slug: () => new DomainError('not_found', {}, 'Marca não encontrada.') } },
    },
    async (request) => updateBrand(db, request.params.slug, request.body, await actor(request)),
  );

  // One image as multipart/form-data (field 'file', read by readUploadedImage, not by a schema);
  // answers { url } under /uploads. An unknown folder is not found.
  app.post(
    '/api/admin/uploads/:folder',
    {
      schema: { params: uploadParamsSchema, response: responses({ 201: uploadImageResponseSchema }) },
      config: { paramErrors: { folder: () => new DomainError('not_found') } },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadImage(config.DATA_DIR, request.params.folder, await readUploadedImage(request))),
  );
}
