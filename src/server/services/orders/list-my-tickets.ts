import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { MyOrderTickets, TicketView } from '../../../shared/schemas/tickets';
import { ticketDisplayStatus } from '../../../shared/ticket-status';
import type { Db } from '../../db/client';
import { eventSessions, events, orderItems, orders, ticketTransfers, sectorSessions, tickets } from '../../db/schema';
import { sessionLine } from '../../../shared/sessions';
import { rotationSecretOf } from '../../domain/rotation-secret';
import { ticketSession } from '../../../shared/ticket-session';
import { ageRatingOf } from '../../../shared/event-info';

/**
 * The tickets of one user grouped by order, newest order first: by payment time (an unpaid
 * order by its creation), then by creation (docs/screens.md 'My tickets', docs/rules/tickets.md 'One ticket per unit': one card
 * per admission, grouped by order). Completed orders list their tickets;
 * unpaid pending orders list one 'Pendente' placeholder per unit (no code yet). Failed and
 * expired orders are left out: nothing was bought. The QR code is only given while a ticket
 * can admit. `now` decides 'Expirado'. A ticket is listed to the account it belongs to
 * (tickets.user_id), under its order, also to who accepted it (services/tickets/accept-transfer.ts);
 * one this user transferred away and the recipient accepted stays in the user's list as
 * 'transferred', with no code and `transferredTo` (the name the user sent it to and when it was
 * accepted: the user's latest accepted transfer of it; docs/rules/transfers.md 'Ownership'). On an event with sessions
 * each ticket names the sessions it admits to and the one it is valid for (`session`,
 * shared/ticket-session.ts ticketSession: a single-day ticket's own day, not the event's first).
 */
export async function listMyTickets(db: Db, userId: string, now: Date = new Date(), signingKey?: Buffer): Promise<MyOrderTickets[]> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(
      and(
        or(
          eq(orders.userId, userId),
          inArray(orders.id, db.select({ id: tickets.orderId }).from(tickets).where(eq(tickets.userId, userId))),
          inArray(
            orders.id,
            db
              .select({ id: tickets.orderId })
              .from(ticketTransfers)
              .innerJoin(tickets, eq(tickets.id, ticketTransfers.ticketId))
              .where(and(eq(ticketTransfers.fromUserId, userId), eq(ticketTransfers.status, 'accepted'))),
          ),
        ),
        ne(orders.status, 'failed'),
        ne(orders.status, 'expired'),
      ),
    )
    .orderBy(desc(sql`coalesce(${orders.completedAt}, ${orders.createdAt})`), desc(orders.createdAt), desc(orders.id));
  if (orderRows.length === 0) return [];
  const orderIds = orderRows.map((o) => o.id);
  const eventIds = [...new Set(orderRows.map((o) => o.eventId))];
  const [ticketRows, itemRows, eventRows, sentRows] = await Promise.all([
    db.select().from(tickets).where(inArray(tickets.orderId, orderIds)).orderBy(tickets.createdAt, tickets.id),
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
    db.select().from(events).where(inArray(events.id, eventIds)),
    db
      .select({
        ticketId: ticketTransfers.ticketId,
        fromHolderName: ticketTransfers.fromHolderName,
        toName: ticketTransfers.toName,
        decidedAt: ticketTransfers.decidedAt,
      })
      .from(ticketTransfers)
      .where(
        and(eq(ticketTransfers.fromUserId, userId), eq(ticketTransfers.status, 'accepted'), inArray(ticketTransfers.eventId, eventIds)),
      )
      .orderBy(ticketTransfers.decidedAt),
  ]);
  // The user's latest accepted transfer of each ticket (a ticket can come back and leave again).
  const sentTo = new Map(sentRows.map((row) => [row.ticketId, row]));
  const isSentAway = (ticket: { id: string; userId: string | null }) => ticket.userId !== userId && sentTo.has(ticket.id);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  // Events with sessions (docs/rules/sessions.md 'Sessions'): a ticket admits once per session, so
  // an entry does not make it 'Utilizado', it lasts until the last session ends, and it names the
  // sessions its sector covers ('Sexta 13/03 · 22:00').
  const sessionRows = await db
    .select()
    .from(eventSessions)
    .where(
      inArray(
        eventSessions.eventId,
        eventRows.map((e) => e.id),
      ),
    )
    .orderBy(eventSessions.position);
  const typeIds = [...new Set(itemRows.flatMap((i) => (i.sectorId ? [i.sectorId] : [])))];
  const coverRows =
    sessionRows.length === 0 || typeIds.length === 0
      ? []
      : await db.select().from(sectorSessions).where(inArray(sectorSessions.sectorId, typeIds));
  const sessionsOf = (eventId: string) => sessionRows.filter((s) => s.eventId === eventId);
  // The sessions a ticket's sector covers (none ticked: every one), listed, and the one it is valid
  // for (shared/ticket-session.ts ticketSession), whose start its card shows.
  const sessionFields = (eventId: string, orderItemId: string): Pick<TicketView, 'sessions' | 'session'> => {
    const typeId = itemRows.find((i) => i.id === orderItemId)?.sectorId;
    const validIds = coverRows.filter((c) => c.sectorId === typeId).map((c) => c.sessionId);
    const all = sessionsOf(eventId);
    const own = ticketSession(all, validIds, now);
    return {
      sessions: (validIds.length === 0 ? all : all.filter((s) => validIds.includes(s.id))).map(sessionLine),
      ...(own ? { session: { name: own.name, date: own.date, startTime: own.startTime, endTime: own.endTime } } : {}),
    };
  };

  const issued = (orderId: string) => ticketRows.filter((t) => t.orderId === orderId);
  // The user's own order, unless every ticket it issued went to someone else without the user's transfer (a
  // courtesy's or box office's holder); another's order for the tickets it gave the user or the user passed on.
  const shown = orderRows.filter((order) => {
    const its = issued(order.id);
    return its.some((t) => t.userId === userId || isSentAway(t)) || (order.userId === userId && its.length === 0);
  });
  return shown.map((order) => {
    const event = eventById.get(order.eventId)!;
    const sessions = sessionsOf(event.id);
    const last = sessions[sessions.length - 1];
    const eventTimes = last
      ? { date: last.date, startTime: last.startTime, endTime: last.endTime }
      : { date: event.date, startTime: event.startTime, endTime: event.endTime };
    const isUsedByOneEntry = sessions.length === 0 && !event.exitScans;
    let views: TicketView[];
    if (order.status === 'pending') {
      views = itemRows
        .filter((i) => i.orderId === order.id)
        .flatMap((item) =>
          Array.from({ length: item.quantity }, (_, n) => ({
            id: `${item.id}:${n + 1}`,
            sectorName: item.sectorName,
            holderName: item.holderNames[n]?.trim() || null,
            code: null,
            displayStatus: 'pending' as const,
            checkedInAt: null,
          })),
        );
    } else {
      views = issued(order.id)
        .filter((t) => t.userId === userId || isSentAway(t))
        .map((ticket): TicketView => {
          const sent = ticket.userId === userId ? undefined : sentTo.get(ticket.id);
          if (sent) {
            return {
              id: ticket.id,
              sectorName: ticket.sectorName,
              // The holder it had while the user held it: the recipient's later holder edits are theirs.
              holderName: sent.fromHolderName,
              code: null,
              rotationSecret: null,
              displayStatus: 'transferred',
              checkedInAt: null,
              transferredTo: { name: sent.toName, at: (sent.decidedAt ?? ticket.createdAt).toISOString() },
            };
          }
          const displayStatus = ticketDisplayStatus({
            orderStatus: order.status,
            ticketStatus: ticket.status,
            checkedInAt: isUsedByOneEntry ? ticket.checkedInAt : null,
            event: eventTimes,
            now,
          });
          return {
            id: ticket.id,
            sectorName: ticket.sectorName,
            holderName: ticket.holderName,
            code: displayStatus === 'valid' ? ticket.code : null,
            rotationSecret: displayStatus === 'valid' && event.rotatingQr && signingKey ? rotationSecretOf(signingKey, ticket.code) : null,
            displayStatus,
            checkedInAt: ticket.checkedInAt ? ticket.checkedInAt.toISOString() : null,
            ...(sessions.length > 0 ? sessionFields(event.id, ticket.orderItemId) : {}),
          };
        });
    }
    return {
      orderId: order.id,
      status: order.status,
      isBuyer: order.userId === userId,
      createdAt: order.createdAt.toISOString(),
      totalCentavos: order.totalCentavos,
      paymentMethod: order.paymentMethod,
      expiresAt: order.expiresAt.toISOString(),
      event: {
        id: event.id,
        title: event.title,
        date: event.date,
        startTime: event.startTime,
        endTime: event.endTime,
        location: event.location,
        imageUrl: event.imageUrl,
        ageRating: ageRatingOf(event.ageRating),
        minorsAccompanied: event.minorsAccompanied,
      },
      tickets: views,
    };
  });
}
