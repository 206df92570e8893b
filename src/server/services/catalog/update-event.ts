import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { EventInput } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Db } from '../../db/client';
import { events } from '../../db/schema';
import { AUDITED_EVENT_FIELDS, eventColumns } from './create-event';
import { insertSector, loadSectorSnapshots, sectorChanges, updateSector } from './save-sectors';
import { notifyUsers } from '../notifications/notify-user';
import { announceEvent } from '../notifications/announce-event';
import { formatEventDate, formatEventTime } from '../../../shared/dates';
import type { Tx } from '../../db/client';
import { tickets } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { diffFields } from '../audit/diff-fields';

/**
 * Saves the edit form (docs/rules/events.md 'Creating and editing events': update the event, insert new ticket types,
 * update existing ones) in one transaction; ticket types left out are kept (DELETE removes them).
 *
 * Sectors and their lots are saved by save-sectors.ts (stock never breaks orders already made: it
 * moves by what the admin changed, never below what was sold; a lot with sales keeps its price).
 * The service fee cannot change once the event has orders (fee_has_sales): what was sold keeps it.
 *
 * When the date, start time or venue changes, every holder of a valid ticket is told ('Evento
 * alterado', docs/rules/notifications.md 'What is notified'). An event published for the first time is announced
 * to its brand's followers who opted in (announce-event.ts).
 *
 * Throws DomainError: event_not_found; fee_has_sales; ticket_type_not_found (an id of another
 * event, field 'sectors.N.id'); lot_has_sales; conflict (field 'sectors.N.lots.M.remaining')
 * when the change would take stock below 0 because of sales made while the form was open.
 *
 * In the same transaction the audit trail gets, by `actor`, 'event.updated' with the event's fields
 * touched and 'sectors.saved' with each sector and lot changed (prices before and after); either
 * only when something changed (docs/rules/audit.md 'What is recorded').
 */
export async function updateEvent(db: Db, eventId: string, input: EventInput, actor: AuditActor, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!before) throw new DomainError('event_not_found');
    const feeChanged =
      before.serviceFeeBasisPoints !== input.serviceFeeBasisPoints ||
      before.serviceFeeMinCentavos !== input.serviceFeeMinCentavos ||
      before.serviceFeeMaxCentavos !== input.serviceFeeMaxCentavos ||
      before.serviceFeeAbsorbed !== input.serviceFeeAbsorbed ||
      // Buyers bought under a policy that returned the fee: it may become more generous, never less.
      (before.serviceFeeRefundable && !input.serviceFeeRefundable);
    if (
      feeChanged &&
      (await queryRows(tx, sql`SELECT 1 FROM orders WHERE event_id = ${eventId} AND status IN ('pending', 'completed') LIMIT 1`)).length > 0
    ) {
      throw new DomainError('fee_has_sales', { field: 'serviceFeeBasisPoints' });
    }
    const [event] = await tx
      .update(events)
      .set({ ...eventColumns(input), updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    const touched = diffFields(before, event, AUDITED_EVENT_FIELDS);
    if (Object.keys(touched).length > 0) {
      await recordAudit(tx, actor, { action: 'event.updated', objectType: 'event', objectId: eventId, eventId, changes: touched });
    }
    await notifyEventChange(tx, before, event, now);
    if (!before.isPublished && event.isPublished) await announceEvent(tx, event, now);

    const sectorsBefore = await loadSectorSnapshots(tx, eventId);
    const existingIds = new Set(sectorsBefore.map((t) => t.id));

    // Existing sectors in id order: the lock order of every stock change (see inventory.ts).
    const entries = [...input.sectors.entries()].sort(([, a], [, b]) => String(a.id ?? '').localeCompare(String(b.id ?? '')));
    for (const [index, type] of entries) {
      if (!type.id) {
        await insertSector(tx, eventId, type, index, now);
        continue;
      }
      if (!existingIds.has(type.id)) throw new DomainError('ticket_type_not_found', { field: `sectors.${index}.id` });
      await tx.execute(sql`SELECT id FROM ticket_types WHERE id = ${type.id} FOR UPDATE`);
      await updateSector(tx, type.id, type, index, `sectors.${index}`);
    }
    const sectors = sectorChanges(sectorsBefore, await loadSectorSnapshots(tx, eventId));
    if (sectors.length > 0) {
      await recordAudit(tx, actor, { action: 'sectors.saved', objectType: 'event', objectId: eventId, eventId, changes: { sectors } });
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
  // Buyers who paid before may now withdraw on their own for 7 days (domain/refunds withdrawalDeadline).
  await tx.update(events).set({ changedAt: now }).where(eq(events.id, after.id));
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
      message: `${changes.join('; ')}. Seus ingressos continuam válidos. Se não puder ir, você pode cancelar a compra em até 7 dias, com a taxa de serviço devolvida.`,
      actionUrl: `/event/${after.id}`,
    })),
    now,
  );
}
