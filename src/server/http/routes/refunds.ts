import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  myRefundSchema,
  myRefundsSchema,
  refundableOrdersSchema,
  requestRefundSchema,
  withdrawPurchaseSchema,
} from '../../../shared/schemas/refunds';
import { responses } from '../../../shared/schemas/api-error';
import { listMyRefunds } from '../../services/refunds/list-my-refunds';
import { listRefundableOrders } from '../../services/refunds/list-refundable-orders';
import { requestRefund } from '../../services/refunds/request-refund';
import { withdrawPurchase } from '../../services/refunds/withdraw-purchase';
import type { RouteContext } from '../context';
import { auditActor } from '../audit-actor';

/** The buyer's side of refunds (docs/screens.md 'Refund request'); all need a signed-in user. */
export async function refundRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/refunds/eligible', { schema: { response: responses({ 200: refundableOrdersSchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return { orders: await listRefundableOrders(db, user.id) };
  });

  app.get('/api/refunds/mine', { schema: { response: responses({ 200: myRefundsSchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return { refunds: await listMyRefunds(db, user.id) };
  });

  app.post(
    '/api/refunds',
    {
      preValidation: guards.signedIn,
      schema: { body: requestRefundSchema, response: responses({ 201: myRefundSchema }) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      return reply.status(201).send(await requestRefund(db, user.id, request.body, auditActor(request, user)));
    },
  );

  app.post(
    '/api/refunds/withdraw',
    {
      preValidation: guards.signedIn,
      schema: { body: withdrawPurchaseSchema, response: responses({ 201: myRefundSchema }) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      return reply.status(201).send(await withdrawPurchase(deps, user.id, request.body, auditActor(request, user)));
    },
  );
}
