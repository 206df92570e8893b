import { and, eq, sql } from 'drizzle-orm';
import type { EventInput } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import { eventColumns } from './create-event';

/**
 * Saves the edit form (SPEC.md section 7 'Edit event': update the event, insert new ticket types,
 * update existing ones) in one transaction; ticket types left out are kept (DELETE removes them).
 *
 * Stock never breaks orders already made: for a type that sends `previousRemaining` (the stock
 * the admin saw), stock moves by (remaining - previousRemaining) in one conditional UPDATE, so
 * units sold or held meanwhile are not handed out twice; without it, `remaining` is set as is.
 * Stock may never go below 0 (also a check in the database). A new price applies to future
 * orders only: order items keep the unit price paid.
 *
 * Throws DomainError: event_not_found; ticket_type_not_found (an id of another event, field
 * 'ticketTypes.N.id'); conflict (field 'ticketTypes.N.remaining') when the change would take
 * stock below 0 because of sales made while the form was open.
 */
export async function updateEvent(db: Db, eventId: string, input: EventInput, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ ...eventColumns(input), updatedAt: now })
      .where(eq(events.id, eventId))
      .returning({ id: events.id });
    if (!event) throw new DomainError('event_not_found');

    const existing = await tx.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
    const existingIds = new Set(existing.map((t) => t.id));

    for (const [index, type] of input.ticketTypes.entries()) {
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
      const delta = type.previousRemaining === undefined ? null : type.remaining - type.previousRemaining;
      const [updated] = await tx
        .update(ticketTypes)
        .set({
          name: type.name,
          description: type.description,
          priceCentavos: type.priceCentavos,
          remaining: delta === null ? type.remaining : sql`${ticketTypes.remaining} + ${delta}`,
          sortOrder: index,
        })
        .where(
          and(
            eq(ticketTypes.id, type.id),
            eq(ticketTypes.eventId, eventId),
            delta === null ? undefined : sql`${ticketTypes.remaining} + ${delta} >= 0`,
          ),
        )
        .returning({ id: ticketTypes.id });
      if (!updated) {
        throw new DomainError(
          'conflict',
          { field: `ticketTypes.${index}.remaining` },
          'Ingressos deste tipo foram vendidos enquanto você editava e a quantidade ficaria abaixo de zero. Recarregue a página e tente novamente.',
        );
      }
    }
  });
}
