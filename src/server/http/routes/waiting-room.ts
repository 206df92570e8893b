import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import {
  claimPassSchema,
  configureRoomSchema,
  joinRoomSchema,
  pauseRoomSchema,
  roomStatusSchema,
  adminRoomViewSchema,
  eventRoomAnswerSchema,
  joinRoomViewSchema,
  roomPassViewSchema,
  roomStatusViewSchema,
} from '../../../shared/schemas/waiting-room';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { joinRoom } from '../../services/onsale/join-room';
import { getRoomStatus } from '../../services/onsale/room-status';
import { claimPass } from '../../services/onsale/claim-pass';
import { createJoinChallenge } from '../../services/onsale/join-proof';
import { configureRoom, getAdminRoom, getEventRoom, pauseRoom } from '../../services/onsale/configure-room';
import { createAdminRoomWatcher } from '../../services/onsale/watch-admin-room';
import type { AdminRoomView } from '../../../shared/schemas/waiting-room';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';
import { signedInActor } from '../audit-actor';

/**
 * The on-sale's waiting room (docs/rules/waiting-room.md 'The on-sale'): the fan's join, status and turn, the event
 * page's question, and the organizer's settings, pause and live counts (admins only).
 */
export async function waitingRoomRoutes(fastify: FastifyInstance, { deps, guards, config, streams }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const event = { schema: { params: idParamsSchema }, config: idNotFound(() => new DomainError('event_not_found')) };

  app.get(
    '/api/events/:id/waiting-room',
    { ...event, schema: { ...event.schema, response: responses({ 200: eventRoomAnswerSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { room: await getEventRoom(db, request.params.id) };
    },
  );

  // The proof of work a join costs, solved by the browser while the fan types the CPF. The
  // challenge is ALTCHA's own object (altcha-lib), signed over every field of its `parameters`:
  // it goes out as JSON text written here, whole, never through a response schema that could
  // leave out a field the library adds (the join would then fail the signature check).
  app.get(
    '/api/events/:id/waiting-room/challenge',
    { ...event, schema: { ...event.schema, response: responses({ 200: rawBodySchema }) } },
    async (request, reply) => {
      const challenge = await createJoinChallenge(deps.ticketSigningKey, request.params.id, config.WAITING_ROOM_POW_MAX);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(challenge));
    },
  );

  app.post(
    '/api/events/:id/waiting-room/join',
    {
      ...event,
      preValidation: guards.signedIn,
      schema: { params: idParamsSchema, body: joinRoomSchema, response: responses({ 200: joinRoomViewSchema }) },
      config: { ...event.config, rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = await guards.requireUser(request);
      return joinRoom(deps, user.id, request.params.id, request.body);
    },
  );

  // The poll: answered from the signed token and this instance's cached room, no session read.
  app.post(
    '/api/waiting-room/status',
    { schema: { body: roomStatusSchema, response: responses({ 200: roomStatusViewSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRoomStatus(deps, request.body.token);
    },
  );

  app.post(
    '/api/events/:id/waiting-room/pass',
    {
      ...event,
      preValidation: guards.signedIn,
      schema: { params: idParamsSchema, body: claimPassSchema, response: responses({ 200: roomPassViewSchema }) },
    },
    async (request) => {
      const user = await guards.requireUser(request);
      return claimPass(deps, user.id, request.params.id, request.body.deviceId);
    },
  );

  const admin = { ...event, preValidation: guards.withRole(['admin']) };
  app.get(
    '/api/admin/events/:id/waiting-room',
    { ...admin, schema: { ...admin.schema, response: responses({ 200: adminRoomViewSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAdminRoom(db, request.params.id);
    },
  );
  // The organizer's live view as Server-Sent Events (src/server/live/live-streams.ts, as the door's
  // counts): an event `room` with the view now and whenever its settings or counts change.
  const watcher = createAdminRoomWatcher(db, deps.log);
  app.addHook('onClose', async () => {
    watcher.close();
  });
  app.get(
    '/api/admin/events/:id/waiting-room/live',
    { ...admin, schema: { ...admin.schema, response: responses({ 200: rawBodySchema }) } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      const owner = { userId: user.id, address: request.ip };
      streams.assertRoom(owner); // 429 before the room is read
      await getAdminRoom(db, request.params.id); // 404 before the stream opens
      // Ends when this session signs out or no longer holds the admin role.
      const stream = streams.open(reply, owner, () => guards.isStillAllowed(request, ['admin']));
      try {
        stream.onEnd(await watcher.watch(request.params.id, (room: AdminRoomView) => stream.send('room', room)));
      } catch (error) {
        deps.log.warn({ err: error, eventId: request.params.id }, 'waiting room live view failed');
        stream.end();
      }
    },
  );
  app.put(
    '/api/admin/events/:id/waiting-room',
    { ...admin, schema: { params: idParamsSchema, body: configureRoomSchema, response: responses({ 200: adminRoomViewSchema }) } },
    async (request) => configureRoom(db, request.params.id, request.body, await signedInActor(request, guards)),
  );
  app.post(
    '/api/admin/events/:id/waiting-room/pause',
    { ...admin, schema: { params: idParamsSchema, body: pauseRoomSchema, response: responses({ 200: adminRoomViewSchema }) } },
    async (request) => pauseRoom(db, request.params.id, request.body.paused, await signedInActor(request, guards)),
  );
}
