import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import {
  checkInResultSchema,
  checkInSchema,
  doorCountsSchema,
  type DoorCounts,
  doorEventsSchema,
  doorOfflineDataSchema,
  doorSearchResultSchema,
  doorSearchSchema,
  doorSyncResultSchema,
  doorSyncSchema,
  manualCheckInSchema,
} from '../../../shared/schemas/tickets';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
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
import { auditActor } from '../audit-actor';

/**
 * Syncs of offline scans a validator may send a minute. A device drains its queue in one or two
 * calls of up to 500 scans (the door screen sends them one after another, and again every 15 s
 * while some are left), so a few devices sharing one account and reconnecting together fit; a
 * refused call loses nothing (the queue stays on the device). It bounds what one account can
 * write to 10,000 check-ins a minute, where there was no bound.
 */
const DOOR_SYNCS_PER_MINUTE = 20;

/**
 * Look-ups a validator may make a minute. A look-up is typed and sent by hand for a guest without
 * a QR code: a few a minute at a busy lane, still under this with an account shared by a few
 * lanes. A CPF or an e-mail matches only whole (search-door-tickets.ts), so finding one means
 * guessing it whole: a CPF's nine free digits are 10^9 guesses, some 60 years at 30 a minute.
 */
const DOOR_SEARCHES_PER_MINUTE = 30;

/** 'n segundos' / '1 segundo'. */
const seconds = (n: number) => `${n} ${n === 1 ? 'segundo' : 'segundos'}`;

/**
 * The door (docs/rules/door.md 'Tickets and the door'): scans, the events a door may work, the offline
 * list and the sync of offline decisions, the look-up and manual admission, live counts. Door
 * staff (validators) and admins only; the guard runs before anything is read. The sync and the
 * look-up are limited per validator (DOOR_SYNCS_PER_MINUTE, DOOR_SEARCHES_PER_MINUTE): past the
 * limit, 429 'rate_limited' with a pt-BR message and `retryAfterSeconds`.
 */
export async function doorRoutes(fastify: FastifyInstance, { deps, guards, config, live, streams }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const opensMinutesBefore = config.DOOR_OPENS_MINUTES_BEFORE;
  // Door staff and admins only, checked before anything else about the request.
  app.addHook('preValidation', guards.withRole(['validator', 'admin']));
  const doorEvent = { schema: { params: idParamsSchema }, config: idNotFound(() => new DomainError('event_not_found')) };
  const withResponse = <R>(response: R) => ({ ...doorEvent, schema: { ...doorEvent.schema, response } });
  // Per validator, not per address: a door team shares the venue's Wi-Fi. Counted after the role
  // guard (preHandler), so the key is the signed-in user; answered as the project's errors are.
  const perValidator = (max: number, message: (waitSeconds: number) => string) => ({
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest) => (await guards.requireUser(request)).id,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new DomainError('rate_limited', { retryAfterSeconds }, message(retryAfterSeconds));
    },
  });

  app.post('/api/check-ins', { schema: { body: checkInSchema, response: responses({ 200: checkInResultSchema }) } }, async (request) => {
    const user = await guards.requireUser(request);
    const input = request.body;
    return checkInTicket(
      deps,
      {
        code: input.code,
        eventId: input.eventId,
        gate: input.gate,
        deviceId: input.deviceId,
        nonce: input.nonce,
        validatorId: user.id,
        sessionId: input.sessionId,
        direction: input.direction,
      },
      { opensMinutesBefore },
    );
  });

  const listEvents = async () => ({ events: await listDoorEvents(deps.db, opensMinutesBefore) });
  const listEventsRoute = { schema: { response: responses({ 200: doorEventsSchema }) } };
  app.get('/api/door/events', listEventsRoute, listEvents);
  // The former path of the same list, for door screens still open on an older version.
  app.get('/api/check-ins/events', listEventsRoute, listEvents);

  app.get('/api/door/events/:id/offline-data', withResponse(responses({ 200: doorOfflineDataSchema })), async (request, reply) => {
    const data = await getOfflineData(deps.db, request.params.id, opensMinutesBefore, new Date(), deps.ticketSigningKey);
    reply.header('cache-control', 'no-store');
    return data;
  });

  const syncLimit = perValidator(
    DOOR_SYNCS_PER_MINUTE,
    (wait) => `Muitas sincronizações seguidas. As leituras continuam guardadas no aparelho e serão enviadas em ${seconds(wait)}.`,
  );
  app.post(
    '/api/door/sync',
    { schema: { body: doorSyncSchema, response: responses({ 200: doorSyncResultSchema }) }, config: { rateLimit: syncLimit } },
    async (request) => {
      const user = await guards.requireUser(request);
      const input = request.body;
      return syncOfflineScans(
        deps.db,
        {
          deviceId: input.deviceId,
          validatorId: user.id,
          scans: input.scans.map((scan) => ({ ...scan, scannedAt: new Date(scan.scannedAt) })),
        },
        { opensMinutesBefore, signingKey: deps.ticketSigningKey },
      );
    },
  );

  const searchLimit = perValidator(
    DOOR_SEARCHES_PER_MINUTE,
    (wait) => `Muitas buscas seguidas. Aguarde ${seconds(wait)} e busque de novo.`,
  );
  const searchRoute = {
    schema: { params: idParamsSchema, querystring: doorSearchSchema, response: responses({ 200: doorSearchResultSchema }) },
    config: { ...doorEvent.config, rateLimit: searchLimit },
  };
  app.get('/api/door/events/:id/search', searchRoute, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { tickets: await searchDoorTickets(deps.db, request.params.id, request.query.q, opensMinutesBefore) };
  });

  app.post(
    '/api/door/manual-check-in',
    { schema: { body: manualCheckInSchema, response: responses({ 200: checkInResultSchema }) } },
    async (request) => {
      const user = await guards.requireUser(request);
      const input = request.body;
      return manualCheckIn(
        deps.db,
        {
          eventId: input.eventId,
          ticketId: input.ticketId,
          gate: input.gate,
          deviceId: input.deviceId,
          validatorId: user.id,
          sessionId: input.sessionId,
          direction: input.direction,
        },
        { opensMinutesBefore },
        auditActor(request, user),
      );
    },
  );

  app.get('/api/door/events/:id/counts', withResponse(responses({ 200: doorCountsSchema })), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getDoorCounts(deps.db, request.params.id, opensMinutesBefore);
  });

  // Live counts as Server-Sent Events (src/server/live/live-streams.ts, as routes/live.ts): an
  // event `counts` with {entries, sold} now and whenever an entry on any server instance changes them.
  const watcher = createDoorCountsWatcher(deps.db, live, deps.log, opensMinutesBefore);
  app.addHook('onClose', async () => {
    watcher.close();
  });

  // The stream is written to the socket itself; a refusal before it opens is an error body.
  app.get('/api/door/events/:id/live', withResponse(responses({ 200: rawBodySchema })), async (request, reply) => {
    const eventId = request.params.id;
    const user = await guards.requireUser(request);
    const owner = { userId: user.id, address: request.ip };
    streams.assertRoom(owner); // 429 before the counts are read
    await getDoorCounts(deps.db, eventId, opensMinutesBefore); // 404 before the stream opens
    // Ends when this session signs out or no longer holds a door role (the hook's above).
    const stream = streams.open(reply, owner, () => guards.isStillAllowed(request, ['validator', 'admin']));
    try {
      stream.onEnd(await watcher.watch(eventId, (counts: DoorCounts) => stream.send('counts', counts)));
    } catch (error) {
      deps.log.warn({ err: error, eventId }, 'door live counts failed');
      stream.end();
    }
  });
}
