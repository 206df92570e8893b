import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { listEventsQuerySchema, type ListEventsQuery } from '../../../shared/schemas/events';
import { brands, userFavorites, events } from '../../db/schema';
import { listEvents } from '../../services/catalog/list-events';
import { createTtlCache } from '../../lib/ttl-cache';
import { getEvent } from '../../services/catalog/get-event';
import { DomainError } from '../../../shared/errors';
import { buildEventCalendar } from '../../domain/calendar';
import { parse, uuidParam } from '../parse';
import type { RouteContext } from '../context';

/** Public catalogue (PRODUCT.md: browsing is public) and the signed-in user's favourites. */
export async function catalogRoutes(app: FastifyInstance, { deps, guards, config }: RouteContext) {
  const { db } = deps;

  app.get('/api/brands', async () => db.select().from(brands).orderBy(asc(brands.sortOrder)));

  // The public list is the same for everyone for a second: computed once per query and second.
  const publicLists = createTtlCache<{ events: Awaited<ReturnType<typeof listEvents>> }>(1000);
  app.addHook('onRequest', async (request) => {
    // A change made through this server shows at once in the lists it serves.
    if (request.method !== 'GET' && request.url.startsWith('/api/admin/events')) publicLists.clear();
  });
  app.get('/api/events', async (request) => {
    const query = parseListEventsQuery(request.query);
    if (query.favorites) {
      const user = await guards.optionalUser(request);
      return { events: await listEvents(db, query, user?.id ?? null) };
    }
    return publicLists.get(JSON.stringify(query), async () => ({ events: await listEvents(db, query, null) }));
  });

  app.get<{ Params: { id: string } }>('/api/events/:id', async (request) =>
    getEvent(db, uuidParam(request.params.id, 'event_not_found')),
  );

  // 'Adicionar à agenda' of the event page: an RFC 5545 file the phone's calendar imports.
  app.get<{ Params: { id: string } }>('/api/events/:id/calendar.ics', async (request, reply) => {
    const event = await getEvent(db, uuidParam(request.params.id, 'event_not_found'));
    const ics = buildEventCalendar(event, { publicUrl: config.PUBLIC_URL ?? deps.publicUrl, now: new Date() });
    const name = asciiSlug(event.title) || 'evento';
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.ics"`)
      .header('cache-control', 'no-cache')
      .send(ics);
  });

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

// The shared schema's own messages for these fields are zod's English defaults.
const filterMessages: Record<string, string> = {
  q: 'Busca inválida: use até 100 caracteres.',
  brand: 'Marca inválida.',
  date: 'Data inválida.',
  city: 'Cidade inválida.',
  price: 'Faixa de preço inválida.',
  favorites: 'Filtro de favoritos inválido.',
  upcoming: 'Filtro de próximos eventos inválido.',
  limit: 'Limite inválido: use de 1 a 100.',
};

/** The filters of GET /api/events; a bad one is 400 'validation_failed' naming the field in pt-BR. */
function parseListEventsQuery(raw: unknown): ListEventsQuery {
  let query: ListEventsQuery;
  try {
    query = parse(listEventsQuerySchema, raw);
  } catch (error) {
    const field = error instanceof DomainError ? error.details.field : undefined;
    if (field && filterMessages[field]) throw new DomainError('validation_failed', { field }, filterMessages[field]);
    throw error;
  }
  if (query.date && !isCalendarDay(query.date)) throw new DomainError('validation_failed', { field: 'date' }, filterMessages.date);
  return query;
}

function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

// 'Next Level Warehouse: Techno All Night' -> 'next-level-warehouse-techno-all-night' (file names).
function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}
