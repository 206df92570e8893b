import type { FastifyInstance } from 'fastify';
import type { LiveHub } from '../../live/live-hub';
import { NOTIFICATIONS_CHANNEL } from '../../services/notifications/notify-user';
import type { RouteContext } from '../context';

/** SPEC.md section 9 'Realtime': heartbeat 25 s. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/live: the signed-in user's live updates as Server-Sent Events (ARCHITECTURE.md 'live
 * updates'): an event `notifications` whenever a notification for them is committed on any server
 * instance (fed by LISTEN/NOTIFY through the hub), so the bell and the panel refresh at once.
 * A comment every 25 s keeps proxies from closing the stream; `retry: 1000` is the browser's
 * first reconnection delay.
 */
export async function liveRoutes(app: FastifyInstance, { guards, live }: RouteContext & { live: LiveHub }) {
  // Open streams end when the server closes, so a restart or a test's close never waits on them.
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/live', async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write('retry: 1000\n\nevent: ready\ndata: {}\n\n');
    const unsubscribe = live.subscribe(NOTIFICATIONS_CHANNEL, (userId) => {
      if (userId === user.id) out.write('event: notifications\ndata: {}\n\n');
    });
    const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      stop();
      out.end();
    };
    open.add(end);
    request.raw.on('close', stop);
    out.on('error', stop);
  });
}
