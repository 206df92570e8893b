import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { listEventsQuerySchema } from '../../../shared/schemas/events';
import { brands, userFavorites, events } from '../../db/schema';
import { listEvents } from '../../services/list-events';
import { getEvent } from '../../services/get-event';
import { DomainError } from '../../../shared/errors';
import { parse, uuidParam } from '../parse';
import type { RouteContext } from '../context';

/** Public catalogue (PRODUCT.md: browsing is public) and the signed-in user's favourites. */
export async function catalogRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  const { db } = deps;

  app.get('/api/brands', async () => db.select().from(brands).orderBy(asc(brands.sortOrder)));

  app.get('/api/events', async (request) => {
    const query = parse(listEventsQuerySchema, request.query);
    const user = query.favorites ? await guards.optionalUser(request) : null;
    return { events: await listEvents(db, query, user?.id ?? null) };
  });

  app.get<{ Params: { id: string } }>('/api/events/:id', async (request) =>
    getEvent(db, uuidParam(request.params.id, 'event_not_found')),
  );

  app.get('/api/favorites', async (request) => {
    const user = await guards.requireUser(request);
    const rows = await db.select({ eventId: userFavorites.eventId }).from(userFavorites).where(eq(userFavorites.userId, user.id));
    return { eventIds: rows.map((r) => r.eventId) };
  });

  app.put<{ Params: { eventId: string } }>('/api/favorites/:eventId', async (request) => {
    const user = await guards.requireUser(request);
    const eventId = uuidParam(request.params.eventId, 'event_not_found');
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    if (!event) throw new DomainError('event_not_found');
    await db.insert(userFavorites).values({ userId: user.id, eventId }).onConflictDoNothing();
    return { eventId, isFavorite: true };
  });

  app.delete<{ Params: { eventId: string } }>('/api/favorites/:eventId', async (request) => {
    const user = await guards.requireUser(request);
    const eventId = uuidParam(request.params.eventId, 'event_not_found');
    await db.delete(userFavorites).where(and(eq(userFavorites.userId, user.id), eq(userFavorites.eventId, eventId)));
    return { eventId, isFavorite: false };
  });
}
