import type { FastifyInstance } from 'fastify';
import { asc, gte, and, eq } from 'drizzle-orm';
import { checkInSchema } from '../../../shared/schemas/tickets';
import { saoPauloToday } from '../../../shared/dates';
import { events } from '../../db/schema';
import { checkInTicket } from '../../services/check-in-ticket';
import { parse } from '../parse';
import type { RouteContext } from '../context';

/** The door: validators and admins only (PRODUCT.md: admins may also validate). */
export async function doorRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  app.post('/api/check-ins', async (request) => {
    const user = await guards.requireRole(request, ['validator', 'admin']);
    const input = parse(checkInSchema, request.body);
    return checkInTicket(deps, { code: input.code, eventId: input.eventId ?? null, validatorId: user.id });
  });

  app.get('/api/check-ins/events', async (request) => {
    await guards.requireRole(request, ['validator', 'admin']);
    const yesterday = saoPauloToday(new Date(Date.now() - 24 * 60 * 60 * 1000));
    const rows = await deps.db
      .select({ id: events.id, title: events.title, date: events.date, startTime: events.startTime })
      .from(events)
      .where(and(gte(events.date, yesterday), eq(events.isPublished, true)))
      .orderBy(asc(events.date), asc(events.startTime));
    return { events: rows };
  });
}
