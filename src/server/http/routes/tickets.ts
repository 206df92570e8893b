import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import {
  acceptTransferSchema,
  createTransferSchema,
  editHolderSchema,
  myTicketPeopleSchema,
  ticketHolderSchema,
  transferAcceptedSchema,
  transferCancelledSchema,
  transferViewSchema,
} from '../../../shared/schemas/transfers';
import { responses } from '../../../shared/schemas/api-error';
import { acceptTransfer } from '../../services/tickets/accept-transfer';
import { cancelTransfer } from '../../services/tickets/cancel-transfer';
import { createTransfer } from '../../services/tickets/create-transfer';
import { editTicketHolder } from '../../services/tickets/edit-ticket-holder';
import { getTransferByToken } from '../../services/tickets/get-transfer';
import { listTicketPeople } from '../../services/tickets/list-ticket-people';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';
import { auditActor } from '../audit-actor';

const tokenParamsSchema = z.object({ token: z.string().trim().min(20).max(200) });

/**
 * A ticket's holder and its transfer to another person (docs/rules/transfers.md 'Transfers'): the
 * owner edits the holder and sends or cancels a transfer; the recipient reads the link's page
 * (no sign-in needed to read it) and accepts signed in with the recipient's e-mail.
 */
export async function ticketRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const ticketRoute = { preValidation: guards.signedIn, config: idNotFound(() => new DomainError('not_found')) };
  const writeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.get('/api/tickets/people', { schema: { response: responses({ 200: myTicketPeopleSchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return listTicketPeople(db, user);
  });

  app.put(
    '/api/tickets/:id/holder',
    { ...ticketRoute, schema: { params: idParamsSchema, body: editHolderSchema, response: responses({ 200: ticketHolderSchema }) } },
    async (request) => {
      const user = await guards.requireUser(request);
      return editTicketHolder(db, user.id, request.params.id, request.body, auditActor(request, user));
    },
  );

  app.post(
    '/api/tickets/:id/transfers',
    {
      ...ticketRoute,
      config: { ...ticketRoute.config, ...writeLimit },
      schema: { params: idParamsSchema, body: createTransferSchema, response: responses({ 201: transferViewSchema }) },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      return reply.status(201).send(await createTransfer(deps, user, request.params.id, request.body));
    },
  );

  app.post(
    '/api/transfers/:id/cancel',
    {
      preValidation: guards.signedIn,
      schema: { params: idParamsSchema, response: responses({ 200: transferCancelledSchema }) },
      config: idNotFound(() => new DomainError('transfer_not_found')),
    },
    async (request) => {
      const user = await guards.requireUser(request);
      await cancelTransfer(db, user.id, request.params.id);
      return { cancelled: true };
    },
  );

  app.get(
    '/api/transfers/by-token/:token',
    { schema: { params: tokenParamsSchema, response: responses({ 200: transferViewSchema }) }, config: writeLimit },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getTransferByToken(db, request.params.token);
    },
  );

  app.post(
    '/api/transfers/accept',
    {
      preValidation: guards.signedIn,
      schema: { body: acceptTransferSchema, response: responses({ 200: transferAcceptedSchema }) },
      config: writeLimit,
    },
    async (request) => {
      const user = await guards.requireUser(request);
      return acceptTransfer(deps, user, request.body, auditActor(request, user));
    },
  );
}
