import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import {
  joinWaitlistSchema,
  myWaitlistSchema,
  waitlistDemandSchema,
  waitlistEntryViewSchema,
  waitlistSettingsSchema,
} from '../../../shared/schemas/waitlist';
import { noContentSchema, responses } from '../../../shared/schemas/api-error';
import { joinWaitlist } from '../../services/waitlist/join-waitlist';
import { getMyWaitlist } from '../../services/waitlist/my-waitlist';
import { leaveWaitlist } from '../../services/waitlist/leave-waitlist';
import { getWaitlistDemand, setWaitlistOfferMinutes } from '../../services/waitlist/waitlist-demand';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';

/**
 * The waiting list on sold-out sectors ('Lista de espera'): a person's places and offers for an
 * event, joining, and leaving (which turns down an offer made); the organizer's demand per sector and offer hold time (admins only).
 * Buying an offer is POST /api/orders with `waitlistOfferId`.
 */
export async function waitlistRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const event = { schema: { params: idParamsSchema }, config: idNotFound(() => new DomainError('event_not_found')) };
  const signedIn = { ...event, preValidation: guards.signedIn };

  app.get(
    '/api/events/:id/waitlist',
    { ...signedIn, schema: { ...signedIn.schema, response: responses({ 200: myWaitlistSchema }) } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      reply.header('cache-control', 'no-store');
      return getMyWaitlist(db, user.id, request.params.id);
    },
  );

  app.post(
    '/api/events/:id/waitlist',
    {
      ...signedIn,
      schema: { params: idParamsSchema, body: joinWaitlistSchema, response: responses({ 201: waitlistEntryViewSchema }) },
      config: { ...event.config, rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      return reply.status(201).send(await joinWaitlist(db, user.id, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/waitlist/:id',
    {
      preValidation: guards.signedIn,
      schema: { params: idParamsSchema, response: responses({ 204: noContentSchema }) },
      config: idNotFound(() => new DomainError('waitlist_entry_not_found')),
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      await leaveWaitlist(db, user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  const admin = { ...event, preValidation: guards.withRole(['admin']) };
  app.get(
    '/api/admin/events/:id/waitlist',
    { ...admin, schema: { ...admin.schema, response: responses({ 200: waitlistDemandSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getWaitlistDemand(db, request.params.id);
    },
  );
  app.put(
    '/api/admin/events/:id/waitlist',
    { ...admin, schema: { params: idParamsSchema, body: waitlistSettingsSchema, response: responses({ 200: waitlistDemandSchema }) } },
    async (request) => setWaitlistOfferMinutes(db, request.params.id, request.body),
  );
}
