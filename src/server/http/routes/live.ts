import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS_CHANNEL } from '../../services/notifications/notify-user';
import type { RouteContext } from '../context';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';

/**
 * GET /api/live: the signed-in user's live updates as Server-Sent Events (
 * docs/architecture.md 'Live updates'): `ready` once open, then an event `notifications` whenever a notification for them is
 * committed on any server instance (fed by LISTEN/NOTIFY through the hub), so the bell and the
 * panel refresh at once. The stream itself (heartbeat, caps per user and address, 429 over them,
 * the end at sign-out) is src/server/live/live-streams.ts's.
 */
export async function liveRoutes(app: FastifyInstance, { guards, live, streams }: RouteContext) {
  // The stream is written to the socket itself; a refusal before it opens is an error body.
  app.get('/api/live', { schema: { response: responses({ 200: rawBodySchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    // Ends when this session signs out or the account is deleted.
    const stream = streams.open(reply, { userId: user.id, address: request.ip }, () => guards.isStillAllowed(request));
    stream.send('ready', {});
    const unsubscribe = live.subscribe(NOTIFICATIONS_CHANNEL, (userId) => {
      if (userId === user.id) stream.send('notifications', {});
    });
    stream.onEnd(unsubscribe);
  });
}
