import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventDetailSchema,
  eventListSchema,
  favoriteIdsSchema,
  favoriteStateSchema,
  listEventsQuerySchema,
} from '../../../shared/schemas/events';
import { brandPageSchema, brandSchema, type Brand } from '../../../shared/schemas/brands';
import { eventSessionsResponseSchema } from '../../../shared/schemas/sessions';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { listEvents } from '../../services/catalog/list-events';
import { listBrands } from '../../services/catalog/list-brands';
import { findBrandPage } from '../../services/catalog/find-brand';
import { brandSlugs } from '../../../shared/schemas/events';
import { listFavoriteEventIds } from '../../services/catalog/list-favorite-event-ids';
import { addFavorite } from '../../services/catalog/add-favorite';
import { removeFavorite } from '../../services/catalog/remove-favorite';
import { createTtlCache } from '../../lib/ttl-cache';
import { getEvent } from '../../services/catalog/get-event';
import { assertMayTryAccessCode, recordAccessCodeFailure } from '../../services/catalog/access-code-attempts';
import { getEventSessions } from '../../services/catalog/save-sessions';
import { DomainError } from '../../../shared/errors';
import { buildEventCalendar } from '../../domain/calendar';
import { idNotFound, idParamsSchema, uuidParamSchema } from '../validation';
import type { RouteContext } from '../context';

/** Query of GET /api/events/:id: an access code (text PostgreSQL can store), anything else ignored. */
const eventQuerySchema = z.object({
  codigo: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((code) => !code.includes('\u0000'))
    .optional()
    .catch(undefined),
});

/** Public catalogue (docs/rules/access.md 'Who may see what': browsing is public) and the signed-in user's favourites. */
export async function catalogRoutes(fastify: FastifyInstance, { deps, guards, config }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/brands',
    { schema: { response: responses({ 200: z.array(brandSchema) }) } },
    async () =>
      // The slug column holds only brandSlugs (the rows are seeded, never created).
      (await listBrands(db)) as Brand[],
  );

  // A brand page's header: the brand and how many follow it. An unknown slug is not found.
  app.get(
    '/api/brands/:slug',
    {
      schema: { params: brandParamsSchema, response: responses({ 200: brandPageSchema }) },
      config: { paramErrors: { slug: brandNotFound } },
    },
    async (request) => {
      const page = await findBrandPage(db, request.params.slug);
      if (!page) throw brandNotFound();
      return page;
    },
  );

  // The public list is the same for everyone for a second: computed once per query and second.
  const publicLists = createTtlCache<{ events: Awaited<ReturnType<typeof listEvents>> }>(1000);
  app.addHook('onRequest', async (request) => {
    // A change made through this server shows at once in the lists it serves.
    if (request.method !== 'GET' && request.url.startsWith('/api/admin/events')) publicLists.clear();
  });
  app.get(
    '/api/events',
    {
      schema: { querystring: eventsQuerySchema, response: responses({ 200: eventListSchema }) },
      config: { fieldMessages: filterMessages },
    },
    async (request) => {
      const query = request.query;
      if (query.favorites) {
        const user = await guards.optionalUser(request);
        return { events: await listEvents(db, query, user?.id ?? null) };
      }
      return publicLists.get(JSON.stringify(query), async () => ({ events: await listEvents(db, query, null) }));
    },
  );

  const eventRoute = { schema: { params: idParamsSchema }, config: idNotFound(() => new DomainError('event_not_found')) };
  const withResponse = <R>(response: R) => ({ ...eventRoute, schema: { ...eventRoute.schema, response } });

  // `?codigo=` : a pre-sale code ('Tem um código de acesso?') shows the sector it unlocks. A code
  // that unlocks nothing counts against the account and the address that typed it, and past a few
  // the next try waits (services/catalog/access-code-attempts.ts), so a code cannot be guessed.
  app.get(
    '/api/events/:id',
    { ...eventRoute, schema: { ...eventRoute.schema, querystring: eventQuerySchema, response: responses({ 200: eventDetailSchema }) } },
    async (request) => {
      const code = request.query.codigo;
      if (!code) return getEvent(db, request.params.id, new Date());
      const user = await guards.optionalUser(request);
      const who = { eventId: request.params.id, userId: user?.id ?? null, address: request.ip };
      await assertMayTryAccessCode(db, deps.ticketSigningKey, who);
      const event = await getEvent(db, request.params.id, new Date(), code);
      if (!event.sectors.some((type) => type.unlockedByCode)) await recordAccessCodeFailure(db, deps.ticketSigningKey, who);
      return event;
    },
  );

  // The event page's sessions ('Sexta 13/03 · 22:00') and what each sector covers; a published event's only.
  app.get('/api/events/:id/sessions', withResponse(responses({ 200: eventSessionsResponseSchema })), async (request) =>
    getEventSessions(db, request.params.id, { publishedOnly: true }),
  );

  // 'Adicionar à agenda' of the event page: an RFC 5545 file the phone's calendar imports.
  app.get('/api/events/:id/calendar.ics', withResponse(responses({ 200: rawBodySchema })), async (request, reply) => {
    const event = await getEvent(db, request.params.id);
    const ics = buildEventCalendar(event, { publicUrl: config.PUBLIC_URL ?? deps.publicUrl, now: new Date() });
    const name = asciiSlug(event.title) || 'evento';
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.ics"`)
      .header('cache-control', 'no-cache')
      .send(ics);
  });

  app.get('/api/favorites', { schema: { response: responses({ 200: favoriteIdsSchema }) } }, async (request) => {
    const user = await guards.requireUser(request);
    return { eventIds: await listFavoriteEventIds(db, user.id) };
  });

  const favoriteRoute = {
    preValidation: guards.signedIn,
    schema: { params: favoriteParamsSchema, response: responses({ 200: favoriteStateSchema }) },
    config: { paramErrors: { eventId: () => new DomainError('event_not_found') } },
  };

  app.put('/api/favorites/:eventId', favoriteRoute, async (request) => {
    const user = await guards.requireUser(request);
    const { eventId } = request.params;
    await addFavorite(db, user.id, eventId);
    return { eventId, isFavorite: true };
  });

  app.delete('/api/favorites/:eventId', favoriteRoute, async (request) => {
    const user = await guards.requireUser(request);
    const { eventId } = request.params;
    await removeFavorite(db, user.id, eventId);
    return { eventId, isFavorite: false };
  });
}

const brandParamsSchema = z.object({ slug: z.enum(brandSlugs) });
const brandNotFound = () => new DomainError('not_found', {}, 'Marca não encontrada.');

const favoriteParamsSchema = z.object({ eventId: uuidParamSchema });

// The shared schema leaves these fields to zod's generic messages; the list answers with these.
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

/**
 * The filters of GET /api/events; a bad one is 400 'validation_failed' naming the field, with the
 * pt-BR message of filterMessages. `date` must also be a day of the calendar ('2025-02-30' is not).
 */
const eventsQuerySchema = listEventsQuerySchema.refine((query) => !query.date || isCalendarDay(query.date), {
  path: ['date'],
  message: filterMessages.date,
});

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
