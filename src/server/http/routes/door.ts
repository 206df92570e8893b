import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import {
  checkInSchema,
  type DoorCounts,
  doorSearchSchema,
  doorSyncSchema,
  manualCheckInSchema,
} from '../../../shared/schemas/tickets';
import { checkInTicket } from '../../services/door/check-in-ticket';
import { getDoorCounts } from '../../services/door/get-door-counts';
import { getOfflineData } from '../../services/door/get-offline-data';
import { listDoorEvents } from '../../services/door/list-door-events';
import { manualCheckIn } from '../../services/door/manual-check-in';
import { searchDoorTickets } from '../../services/door/search-door-tickets';
import { syncOfflineScans } from '../../services/door/sync-offline-scans';
import { createDoorCountsWatcher } from '../../services/door/watch-door-counts';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';

/** SPEC.md section 9 'Realtime': a comment every 25 s keeps proxies from closing the stream. */
const HEARTBEAT_MS = 25_000;

/**
 * The door (PRODUCT.md 'Tickets and the door'): scans, the events a door may work, the offline
 * list and the sync of offline decisions, the look-up and manual admission, live counts. Door
 * staff (validators) and admins only; the guard runs before anything is read.
 */
export async function doorRoutes(fastify: FastifyInstance, { deps, guards, config, live }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const opensMinutesBefore = config.DOOR_OPENS_MINUTES_BEFORE;
  // Door staff and admins only, checked before anything else about the request.
  app.addHook('preValidation', guards.withRole(['validator', 'admin']));
  const doorEvent = { schema: { params: idParamsSchema }, config: idNotFound(() => new DomainError('event_not_found')) };

  app.post('/api/check-ins', { schema: { body: checkInSchema } }, async (request) => {
    const user = await guards.requireUser(request);
    const input = request.body;
    return checkInTicket(
      deps,
      { code: input.code, eventId: input.eventId, gate: input.gate, deviceId: input.deviceId, nonce: input.nonce, validatorId: user.id },
      { opensMinutesBefore },
    );
  });

  const listEvents = async () => ({ events: await listDoorEvents(deps.db, opensMinutesBefore) });
  app.get('/api/door/events', listEvents);
  // The former path of the same list, for door screens still open on an older version.
  app.get('/api/check-ins/events', listEvents);

  app.get('/api/door/events/:id/offline-data', doorEvent, async (request, reply) => {
    const data = await getOfflineData(deps.db, request.params.id, opensMinutesBefore);
    reply.header('cache-control', 'no-store');
    return data;
  });

  app.post('/api/door/sync', { schema: { body: doorSyncSchema } }, async (request) => {
    const user = await guards.requireUser(request);
    const input = request.body;
    return syncOfflineScans(
      deps.db,
      { deviceId: input.deviceId, validatorId: user.id, scans: input.scans.map((scan) => ({ ...scan, scannedAt: new Date(scan.scannedAt) })) },
      { opensMinutesBefore },
    );
  });

  app.get('/api/door/events/:id/search', { ...doorEvent, schema: { params: idParamsSchema, querystring: doorSearchSchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { tickets: await searchDoorTickets(deps.db, request.params.id, request.query.q, opensMinutesBefore) };
  });

  app.post('/api/door/manual-check-in', { schema: { body: manualCheckInSchema } }, async (request) => {
    const user = await guards.requireUser(request);
    const input = request.body;
    return manualCheckIn(
      deps.db,
      { eventId: input.eventId, ticketId: input.ticketId, gate: input.gate, deviceId: input.deviceId, validatorId: user.id },
      { opensMinutesBefore },
    );
  });

  app.get('/api/door/events/:id/counts', doorEvent, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getDoorCounts(deps.db, request.params.id, opensMinutesBefore);
  });

  // Live counts as Server-Sent Events (as routes/live.ts): an event `counts` with {entries, sold}
  // now and whenever an entry on any server instance changes them.
  const watcher = createDoorCountsWatcher(deps.db, live, deps.log);
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
    watcher.close();
  });

  app.get('/api/door/events/:id/live', doorEvent, async (request, reply) => {
    const eventId = request.params.id;
    await getDoorCounts(deps.db, eventId, opensMinutesBefore); // 404 before the stream opens
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write('retry: 1000\n\n');
    const send = (counts: DoorCounts) => out.write(`event: counts\ndata: ${JSON.stringify(counts)}\n\n`);
    let closed = false;
    let unwatch: (() => void) | null = null;
    const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      closed = true;
      clearInterval(heartbeat);
      unwatch?.();
      open.delete(end);
    };
    const end = () => {
      stop();
      out.end();
    };
    open.add(end);
    request.raw.on('close', stop);
    out.on('error', stop);
    try {
      const stopWatching = await watcher.watch(eventId, (counts) => {
        if (!closed) send(counts);
      });
      if (closed) stopWatching();
      else unwatch = stopWatching;
    } catch (error) {
      deps.log.warn({ err: error, eventId }, 'door live counts failed');
      end();
    }
  });
}
