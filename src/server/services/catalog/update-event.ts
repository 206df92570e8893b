import { and, eq, isNotNull } from 'drizzle-orm';
import type { EventInput } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import { eventColumns } from './create-event';
import { adjustStock } from '../orders/inventory';
import { notifyUsers } from '../notifications/notify-user';
import { announceEvent } from '../notifications/announce-event';
import { formatEventDate, formatEventTime } from '../../../shared/dates';
import type { Tx } from '../../db/client';
import { tickets } from '../../db/schema';

/**
 * Saves the edit form (SPEC.md section 7 'Edit event': update the event, insert new ticket types,
 * update existing ones) in one transaction; ticket types left out are kept (DELETE removes them).
 *
 * Stock never breaks orders already made: for a type that sends `previousRemaining` (the stock
 * the admin saw), stock moves by (remaining - previousRemaining) in one conditional UPDATE, so
 * units sold or held meanwhile are not handed out twice; without it, `remaining` is set as is. Stock moves
 * through the inventory module (inventory.ts), in ticket type id order.
 * Stock may never go below 0 (also a check in the database). A new price applies to future
 * orders only: order items keep the unit price paid.
 *
 * When the date, start time or venue changes, every holder of a valid ticket is told ('Evento
 * alterado', PRODUCT.md 'Accounts and data'). An event published for the first time is announced
 * to its brand's followers who opted in (announce-event.ts).
 *
 * Throws DomainError: event_not_found; ticket_type_not_found (an id of another event, field
 * 'ticketTypes.N.id'); conflict (field 'ticketTypes.N.remaining') when the change would take
 * stock below 0 because of sales made while the form was open.
 */
export async function updateEvent(db: Db, eventId: string, input: EventInput, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!before) throw new DomainError('event_not_found');
    const [event] = await tx
      .update(events)
      .set({ ...eventColumns(input), updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    await notifyEventChange(tx, before, event, now);
    if (!before.isPublished && event.isPublished) await announceEvent(tx, event, now);

    const existing = await tx.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
    const existingIds = new Set(existing.map((t) => t.id));

    // Existing types in id order: the lock order of every stock change (see inventory.ts).
    const entries = [...input.ticketTypes.entries()].sort(([, a], [, b]) => String(a.id ?? '').localeCompare(String(b.id ?? '')));
    for (const [index, type] of entries) {
      if (!type.id) {
        await tx.insert(ticketTypes).values({
          eventId,
          name: type.name,
          description: type.description,
          priceCentavos: type.priceCentavos,
          remaining: type.remaining,
          sortOrder: index,
          createdAt: now,
        });
        continue;
      }
      if (!existingIds.has(type.id)) {
        throw new DomainError('ticket_type_not_found', { field: `ticketTypes.${index}.id` });
      }
      const [current] = await tx
        .update(ticketTypes)
        .set({ name: type.name, description: type.description, priceCentavos: type.priceCentavos, sortOrder: index })
        .where(and(eq(ticketTypes.id, type.id), eq(ticketTypes.eventId, eventId)))
        .returning({ remaining: ticketTypes.remaining });
      const delta = type.previousRemaining === undefined ? type.remaining - current.remaining : type.remaining - type.previousRemaining;
      if (delta !== 0 && !(await adjustStock(tx, type.id, delta))) {
        throw new DomainError(
          'conflict',
          { field: `ticketTypes.${index}.remaining` },
          'Ingressos deste tipo foram vendidos enquanto você editava e a quantidade ficaria abaixo de zero. Recarregue a página e tente novamente.',
        );
      }
    }
  });
}

type EventRow = typeof events.$inferSelect;

/** Tells every holder of a valid ticket what changed of the date, start time or venue. */
async function notifyEventChange(tx: Tx, before: EventRow, after: EventRow, now: Date) {
  const changes: string[] = [];
  if (before.date !== after.date) changes.push(`nova data: ${formatEventDate(after.date)}`);
  if (before.startTime !== after.startTime) changes.push(`novo horário: ${formatEventTime(after.startTime)}`);
  if (before.location !== after.location || before.fullAddress !== after.fullAddress) {
    changes.push(`novo local: ${after.location}${after.fullAddress ? `, ${after.fullAddress}` : ''}`);
  }
  if (changes.length === 0 || after.cancelledAt) return;
  const holders = await tx
    .selectDistinct({ userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.eventId, after.id), eq(tickets.status, 'valid'), isNotNull(tickets.userId)));
  await notifyUsers(
    tx,
    holders.map(({ userId }) => ({
      userId: userId!,
      type: 'event',
      title: `Evento alterado: ${after.title}`,
      message: `${changes.join('; ')}. Seus ingressos continuam válidos.`,
      actionUrl: `/event/${after.id}`,
    })),
    now,
  );
}
