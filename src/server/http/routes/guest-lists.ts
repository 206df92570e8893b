import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import {
  addGuestEntrySchema,
  admitGuestEntrySchema,
  createGuestListSchema,
  doorGuestSearchSchema,
  guestAdmissionSchema,
  guestEntryViewSchema,
  guestImportResultSchema,
  guestListDetailSchema,
  guestListLinkViewSchema,
  guestListListSchema,
  guestListViewSchema,
  guestSearchSchema,
  guestSignedUpSchema,
  guestSignUpSchema,
  importGuestCsvSchema,
} from '../../../shared/schemas/guest-lists';
import { noContentSchema, responses } from '../../../shared/schemas/api-error';
import { listCouponEventsResponseSchema } from '../../../shared/schemas/admin-content';
import type { Role } from '../../../shared/statuses';
import { addGuestEntry } from '../../services/guest-lists/add-guest-entry';
import { admitGuestEntry } from '../../services/guest-lists/admit-guest-entry';
import { createGuestList } from '../../services/guest-lists/create-guest-list';
import { getGuestList } from '../../services/guest-lists/get-guest-list';
import { getGuestListLink } from '../../services/guest-lists/guest-list-link';
import { importGuestEntries } from '../../services/guest-lists/import-guest-entries';
import { listGuestLists } from '../../services/guest-lists/list-guest-lists';
import { removeGuestEntry } from '../../services/guest-lists/remove-guest-entry';
import { searchGuestEntries } from '../../services/guest-lists/search-guest-entries';
import { signUpGuest } from '../../services/guest-lists/sign-up-guest';
import { listUpcomingEventOptions } from '../../services/catalog/upcoming-event-options';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';
import { auditActor } from '../audit-actor';

/** The staff who may own lists and open 'Minhas listas'. */
const LIST_OWNER_ROLES: Role[] = ['promoter', 'admin', 'validator', 'box_office'];

const tokenParamsSchema = z.object({ token: z.string().min(16).max(100) });
const entryParamsSchema = z.object({ id: z.uuid(), entryId: z.uuid() });

/**
 * Guest lists ('Lista amiga', docs/rules/guest-lists.md 'Lists'), four audiences, each guarded
 * before anything is read:
 * - the back office (admins): the events a list may be created for (not over yet), an event's
 *   lists, and creating one;
 * - the owners ('Minhas listas': promoters and staff): their lists, adding names by hand or from a
 *   CSV, taking a name off (an admin sees and edits every list; anyone else is told the list does
 *   not exist);
 * - the door (validators and admins): list names in the look-up, and admitting one;
 * - anyone with a list's link: the list's page and signing up on it (limited per address).
 */
export async function guestListRoutes(fastify: FastifyInstance, { deps, guards, config }: RouteContext) {
  const { db } = deps;
  const listNotFound = idNotFound(() => new DomainError('guest_list_not_found'));

  await fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', guards.withRole(['admin']));
    const event = { config: idNotFound(() => new DomainError('event_not_found')) };
    // The events a list may be created for: those not over yet, soonest first.
    app.get('/api/admin/guest-lists/events', { schema: { response: responses({ 200: listCouponEventsResponseSchema }) } }, async () => ({
      events: await listUpcomingEventOptions(db),
    }));
    app.get(
      '/api/admin/events/:id/guest-lists',
      { ...event, schema: { params: idParamsSchema, response: responses({ 200: guestListListSchema }) } },
      async (request) => {
        const admin = await guards.requireUser(request);
        return { lists: await listGuestLists(db, admin, { eventId: request.params.id }) };
      },
    );
    app.post(
      '/api/admin/events/:id/guest-lists',
      { ...event, schema: { params: idParamsSchema, body: createGuestListSchema, response: responses({ 201: guestListViewSchema }) } },
      async (request, reply) => {
        const admin = await guards.requireUser(request);
        return reply.status(201).send(await createGuestList(db, admin.id, request.params.id, request.body, auditActor(request, admin)));
      },
    );
  });

  await fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', guards.withRole(LIST_OWNER_ROLES));
    app.get('/api/guest-lists', { schema: { response: responses({ 200: guestListListSchema }) } }, async (request) => ({
      lists: await listGuestLists(db, await guards.requireUser(request)),
    }));
    app.get(
      '/api/guest-lists/:id',
      { schema: { params: idParamsSchema, response: responses({ 200: guestListDetailSchema }) }, config: listNotFound },
      async (request) => getGuestList(db, request.params.id, await guards.requireUser(request)),
    );
    app.post(
      '/api/guest-lists/:id/entries',
      {
        schema: { params: idParamsSchema, body: addGuestEntrySchema, response: responses({ 201: guestEntryViewSchema }) },
        config: listNotFound,
      },
      async (request, reply) => {
        const user = await guards.requireUser(request);
        const entry = await addGuestEntry(db, user, request.params.id, request.body, auditActor(request, user));
        return reply.status(201).send(entry);
      },
    );
    app.delete(
      '/api/guest-lists/:id/entries/:entryId',
      { schema: { params: entryParamsSchema, response: responses({ 204: noContentSchema }) } },
      async (request, reply) => {
        const user = await guards.requireUser(request);
        await removeGuestEntry(db, user, request.params.id, request.params.entryId, auditActor(request, user));
        return reply.status(204).send();
      },
    );
    app.post(
      '/api/guest-lists/:id/import',
      {
        schema: { params: idParamsSchema, body: importGuestCsvSchema, response: responses({ 200: guestImportResultSchema }) },
        config: listNotFound,
      },
      async (request) => {
        const user = await guards.requireUser(request);
        return importGuestEntries(db, user, request.params.id, request.body.csv, auditActor(request, user));
      },
    );
  });

  await fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', guards.withRole(['validator', 'admin']));
    const opensMinutesBefore = config.DOOR_OPENS_MINUTES_BEFORE;
    app.get(
      '/api/door/events/:id/guest-search',
      {
        schema: { params: idParamsSchema, querystring: guestSearchSchema, response: responses({ 200: doorGuestSearchSchema }) },
        config: { ...idNotFound(() => new DomainError('event_not_found')), rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { entries: await searchGuestEntries(db, request.params.id, request.query.q, opensMinutesBefore) };
      },
    );
    app.post(
      '/api/door/guest-entries/:id/admit',
      {
        schema: { params: idParamsSchema, body: admitGuestEntrySchema, response: responses({ 200: guestAdmissionSchema }) },
        config: idNotFound(() => new DomainError('guest_entry_not_found')),
      },
      async (request) => {
        const user = await guards.requireUser(request);
        const input = request.body;
        return admitGuestEntry(
          deps,
          {
            entryId: request.params.id,
            eventId: input.eventId,
            validatorId: user.id,
            paymentMethod: input.paymentMethod,
            gate: input.gate,
            deviceId: input.deviceId,
          },
          { opensMinutesBefore },
          auditActor(request, user),
        );
      },
    );
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/guest-list-links/:token',
    {
      schema: { params: tokenParamsSchema, response: responses({ 200: guestListLinkViewSchema }) },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getGuestListLink(db, request.params.token);
    },
  );
  app.post(
    '/api/guest-list-links/:token/entries',
    {
      schema: { params: tokenParamsSchema, body: guestSignUpSchema, response: responses({ 201: guestSignedUpSchema }) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.status(201).send(await signUpGuest(db, request.params.token, request.body)),
  );
}
