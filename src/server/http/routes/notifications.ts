import type { FastifyInstance } from 'fastify';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../shared/schemas/notifications';
import {
  deleteMyNotification,
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../services/notifications/my-notifications';
import { deletePushSubscription, savePushSubscription } from '../../services/notifications/push-subscriptions';
import { parse, uuidParam } from '../parse';
import type { RouteContext } from '../context';

/**
 * The notification panel (SPEC.md 'Layout shell', section 7 'Notifications': newest 50, mark one,
 * mark all, delete, each only the user's own) and the devices' push subscriptions.
 */
export async function notificationRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  const { db } = deps;

  app.get('/api/notifications', async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return listMyNotifications(db, user.id);
  });

  app.post<{ Params: { id: string } }>('/api/notifications/:id/read', async (request, reply) => {
    const user = await guards.requireUser(request);
    await markNotificationRead(db, user.id, uuidParam(request.params.id, 'not_found'));
    return reply.status(204).send();
  });

  app.post('/api/notifications/read-all', async (request) => {
    const user = await guards.requireUser(request);
    return { marked: await markAllNotificationsRead(db, user.id) };
  });

  app.delete<{ Params: { id: string } }>('/api/notifications/:id', async (request, reply) => {
    const user = await guards.requireUser(request);
    await deleteMyNotification(db, user.id, uuidParam(request.params.id, 'not_found'));
    return reply.status(204).send();
  });

  app.get('/api/push/public-key', async () => ({ publicKey: deps.push?.publicKey ?? null }));

  app.post('/api/push/subscriptions', async (request, reply) => {
    const user = await guards.requireUser(request);
    const input = parse(pushSubscriptionSchema, request.body);
    await savePushSubscription(db, user.id, input, request.headers['user-agent'] ?? null);
    return reply.status(204).send();
  });

  app.delete('/api/push/subscriptions', async (request, reply) => {
    const user = await guards.requireUser(request);
    const { endpoint } = parse(pushUnsubscribeSchema, request.body ?? {});
    await deletePushSubscription(db, user.id, endpoint);
    return reply.status(204).send();
  });
}
