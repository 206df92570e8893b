import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTicketCode } from '../../src/server/domain/ticket-code';
import { events, ticketTransfers, tickets } from '../../src/server/db/schema';
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

/**
 * A ticket transferred to `toName` and accepted, as the transfer leaves it (
 * docs/rules/transfers.md 'Transfers'): an accepted `ticket_transfers` row keeping the old code, and the ticket with a
 * new signed code and its new holder. Written straight to the database. Returns both codes.
 */
export async function transferTicketInDb(
  server: Pick<Server, 'deps'>,
  ticketId: string,
  to: { name: string; email: string },
): Promise<{ oldCode: string; newCode: string }> {
  const { db, ticketSigningKey } = server.deps;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  const newCode = createTicketCode(ticketSigningKey);
  await db.insert(ticketTransfers).values({
    ticketId,
    eventId: ticket.eventId,
    fromHolderName: ticket.holderName,
    toName: to.name,
    toEmail: to.email,
    tokenHash: randomBytes(16).toString('hex'),
    status: 'accepted',
    oldCode: ticket.code,
    decidedAt: new Date(),
  });
  await db.update(tickets).set({ code: newCode, holderName: to.name, holderCpf: null }).where(eq(tickets.id, ticketId));
  return { oldCode: ticket.code, newCode };
}
