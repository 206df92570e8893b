import { and, count, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { events, orderItems, sectors } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Removes one ticket type of an event (docs/rules/events.md 'Creating and editing events': delete ticket by id).
 * Refused when any order (of any status) has it, since order items and tickets point to it
 * (to stop selling it, its stock is set to 0), and when it is the event's last ticket type
 * (docs/rules/events.md 'Creating and editing events': at least one must remain). The event row is locked so two removals at
 * once cannot both pass the last-type check.
 *
 * Throws DomainError: event_not_found, ticket_type_not_found, ticket_type_has_orders,
 * ticket_type_last. The removal is recorded in the audit trail by `actor` with the sector's lots
 * (docs/rules/audit.md 'What is recorded').
 */
export async function deleteSector(db: Db, eventId: string, sectorId: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw new DomainError('event_not_found');
    const [type] = await tx
      .select({ id: sectors.id, name: sectors.name })
      .from(sectors)
      .where(and(eq(sectors.id, sectorId), eq(sectors.eventId, eventId)))
      .for('update');
    if (!type) throw new DomainError('ticket_type_not_found');

    const [{ value: used }] = await tx.select({ value: count() }).from(orderItems).where(eq(orderItems.sectorId, sectorId));
    if (Number(used) > 0) throw new DomainError('ticket_type_has_orders');

    const [{ value: total }] = await tx.select({ value: count() }).from(sectors).where(eq(sectors.eventId, eventId));
    if (Number(total) <= 1) throw new DomainError('ticket_type_last');

    // The NOT EXISTS repeats the order check in the same statement: an order placed since the
    // count above (it does not lock ticket_types rows it only reads) still blocks the removal.
    const deleted = await tx
      .delete(sectors)
      .where(and(eq(sectors.id, sectorId), sql`NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.ticket_type_id = ${sectorId})`))
      .returning({ id: sectors.id });
    if (deleted.length === 0) throw new DomainError('ticket_type_has_orders');
    await recordAudit(tx, actor, {
      action: 'ticket_type.deleted',
      objectType: 'ticket_type',
      objectId: sectorId,
      eventId,
      changes: { name: type.name },
    });
  });
}
