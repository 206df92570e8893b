import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  cancelEventSchema,
  eventInputSchema,
  IMAGE_MAX_BYTES,
  listAdminEventsQuerySchema,
  uploadFolders,
} from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import { createEvent } from '../../services/catalog/create-event';
import { cancelEvent, deleteEvent } from '../../services/catalog/cancel-event';
import { eventAttendeesCsv, eventAttendeesFileName, eventScanLogCsv, listEventAttendees } from '../../services/orders/list-event-attendees';
import { updateEvent } from '../../services/catalog/update-event';
import { deleteTicketType } from '../../services/catalog/delete-ticket-type';
import { listAdminEvents } from '../../services/catalog/list-admin-events';
import { getAdminEvent } from '../../services/catalog/get-admin-event';
import { eventBuyersCsv, eventBuyersFileName, listEventBuyers } from '../../services/orders/list-event-buyers';
import { ensureUploadFolders, uploadImage } from '../../services/catalog/upload-image';
import { parse, readUploadedImage, uuidParam } from '../parse';
import type { RouteContext } from '../context';

const uploadFolderSchema = z.enum(uploadFolders);

/**
 * Back office: events, their ticket types and buyers, and image uploads (SPEC.md sections 2
 * 'Admin area', 5, 7 'Admin'). Every route is for admins only.
 */
export async function adminEventRoutes(app: FastifyInstance, { deps, guards, config }: RouteContext) {
  const { db } = deps;
  // Before app.ts decides whether to serve /uploads, so uploaded images are always served.
  ensureUploadFolders(config.DATA_DIR);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/api/admin/events', async (request) => {
    await guards.requireRole(request, ['admin']);
    const query = parse(listAdminEventsQuerySchema, request.query);
    return { events: await listAdminEvents(db, query) };
  });

  app.post('/api/admin/events', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const input = parse(eventInputSchema, request.body);
    const created = await createEvent(db, input);
    return reply.status(201).send(await getAdminEvent(db, created.id));
  });

  app.get<{ Params: { id: string } }>('/api/admin/events/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    return getAdminEvent(db, uuidParam(request.params.id, 'event_not_found'));
  });

  app.put<{ Params: { id: string } }>('/api/admin/events/:id', async (request) => {
    await guards.requireRole(request, ['admin']);
    const id = uuidParam(request.params.id, 'event_not_found');
    const input = parse(eventInputSchema, request.body);
    await updateEvent(db, id, input);
    return getAdminEvent(db, id);
  });

  app.post<{ Params: { id: string } }>('/api/admin/events/:id/cancel', async (request) => {
    const admin = await guards.requireRole(request, ['admin']);
    const input = parse(cancelEventSchema, request.body ?? {});
    return cancelEvent(deps, uuidParam(request.params.id, 'event_not_found'), { reason: input.reason, adminId: admin.id });
  });

  app.delete<{ Params: { id: string } }>('/api/admin/events/:id', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    await deleteEvent(deps, uuidParam(request.params.id, 'event_not_found'));
    return reply.status(204).send();
  });

  app.delete<{ Params: { id: string; ticketTypeId: string } }>('/api/admin/events/:id/ticket-types/:ticketTypeId', async (request) => {
    await guards.requireRole(request, ['admin']);
    const eventId = uuidParam(request.params.id, 'event_not_found');
    if (!/^[0-9a-f-]{36}$/i.test(request.params.ticketTypeId)) throw new DomainError('ticket_type_not_found');
    const ticketTypeId = request.params.ticketTypeId.toLowerCase();
    await deleteTicketType(db, eventId, ticketTypeId);
    return { id: ticketTypeId };
  });

  app.get<{ Params: { id: string }; Querystring: { q?: string } }>('/api/admin/events/:id/attendees', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    reply.header('cache-control', 'no-store');
    const { attendees, conflicts } = await listEventAttendees(db, uuidParam(request.params.id, 'event_not_found'), String(request.query.q ?? ''));
    return { attendees, conflicts };
  });

  app.get<{ Params: { id: string } }>('/api/admin/events/:id/attendees.csv', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const { attendees, title } = await listEventAttendees(db, uuidParam(request.params.id, 'event_not_found'));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${eventAttendeesFileName(title)}"`)
      .header('cache-control', 'no-store')
      .send(eventAttendeesCsv(attendees));
  });

  app.get<{ Params: { id: string } }>('/api/admin/events/:id/check-ins.csv', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const { csv, fileName } = await eventScanLogCsv(db, uuidParam(request.params.id, 'event_not_found'));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get<{ Params: { id: string } }>('/api/admin/events/:id/buyers', async (request) => {
    await guards.requireRole(request, ['admin']);
    const { buyers } = await listEventBuyers(db, uuidParam(request.params.id, 'event_not_found'));
    return { buyers };
  });

  // 'Exportar CSV': a file Excel in pt-BR opens in columns.
  app.get<{ Params: { id: string } }>('/api/admin/events/:id/buyers.csv', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const { title, buyers } = await listEventBuyers(db, uuidParam(request.params.id, 'event_not_found'));
    const fileName = eventBuyersFileName(title);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .send(eventBuyersCsv(buyers));
  });

  // One image as multipart/form-data (field 'file'); answers { url } under /uploads.
  app.post<{ Params: { folder: string } }>('/api/admin/uploads/:folder', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const folder = uploadFolderSchema.safeParse(request.params.folder);
    if (!folder.success) throw new DomainError('not_found');
    return reply.status(201).send(await uploadImage(config.DATA_DIR, folder.data, await readUploadedImage(request)));
  });
}
