import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import {
  notificationListSchema,
  notificationsMarkedSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../../shared/schemas/notifications';
import { noContentSchema, responses } from '../../../shared/schemas/api-error';
import {
  deleteMyNotification,
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../services/notifications/my-notifications';
import { deletePushSubscription, savePushSubscription } from '../../services/notifications/push-subscriptions';
import { pushEndpointProblem } from '../../messaging/push-endpoints';
import { idNotFound, idParamsSchema, optionalBody } from '../validation';
import type { RouteContext } from '../context';

/**
 * The notification panel (docs/rules/notifications.md 'The notification panel': newest 50, mark one,
 * mark all, delete, each only the user's own) and the devices' push subscriptions.
 */
export async function notificationRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // One of the user's notifications: signed in first, then a malformed id is not found.
  const notification = {
    preValidation: guards.signedIn,
    schema: { params: idParamsSchema, response: responses({ 204: noContentSchema }) },
    config: idNotFound(() => new DomainError('not_found')),
  };

  app.get('/api/notifications', { schema: { response: responses({ 200: notificationListSchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return listMyNotifications(db, user.id);
  });

  app.post('/api/notifications/:id/read', notification, async (request, reply) => {
    const user = await guards.requireUser(request);
    await markNotificationRead(db, user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/notifications/read-all', { schema: { response: responses({ 200: notificationsMarkedSchema }) } }, async (request) => {
    const user = await guards.requireUser(request);
    return { marked: await markAllNotificationsRead(db, user.id) };
  });

  app.delete('/api/notifications/:id', notification, async (request, reply) => {
    const user = await guards.requireUser(request);
    await deleteMyNotification(db, user.id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/push/public-key', { schema: { response: responses({ 200: pushPublicKeySchema }) } }, async () => ({
    publicKey: deps.push?.publicKey ?? null,
  }));

  app.post(
    '/api/push/subscriptions',
    { preValidation: guards.signedIn, schema: { body: pushSubscriptionSchema, response: responses({ 204: noContentSchema }) } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      await savePushSubscription(
        db,
        deps.push ?? { endpointProblem: (endpoint) => pushEndpointProblem(endpoint) },
        user.id,
        request.body,
        request.headers['user-agent'] ?? null,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      preValidation: guards.signedIn,
      schema: { body: optionalBody(pushUnsubscribeSchema), response: responses({ 204: noContentSchema }) },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      await deletePushSubscription(db, user.id, request.body.endpoint);
      return reply.status(204).send();
    },
  );
}
