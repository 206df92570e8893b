import { eq } from 'drizzle-orm';
import { events, tickets } from '../../src/server/db/schema';
import type { Server } from '../../src/server/server';

/** An instant's São Paulo calendar day and wall time: { date: 'yyyy-MM-dd', time: 'HH:mm' }. */
export function saoPauloWall(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Moves an event to now (started an hour ago, ends in three), so its door is open. */
export async function openDoorNow(server: Pick<Server, 'deps'>, eventId: string): Promise<void> {
  const start = saoPauloWall(new Date(Date.now() - 60 * 60_000));
  const end = saoPauloWall(new Date(Date.now() + 3 * 60 * 60_000));
  await server.deps.db.update(events).set({ date: start.date, startTime: start.time, endTime: end.time }).where(eq(events.id, eventId));
}

/**
 * Scans a ticket code at the door of its own event, as door staff would once the event is on:
 * the event is moved to now first (openDoorNow), then POST /api/check-ins with its id.
 */
export async function scanAtItsDoor(server: Pick<Server, 'deps' | 'app'>, cookie: string, code: string) {
  const [ticket] = await server.deps.db.select({ eventId: tickets.eventId }).from(tickets).where(eq(tickets.code, code));
  if (ticket) await openDoorNow(server, ticket.eventId);
  return server.app.inject({ method: 'POST', url: '/api/check-ins', headers: { cookie }, payload: { code, eventId: ticket?.eventId } });
}
