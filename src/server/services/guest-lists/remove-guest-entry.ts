import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Db } from '../../db/client';
import { alreadyAdmittedMessage } from '../../domain/guest-list';
import { returnUnits } from '../orders/inventory';
import { loadOwnGuestList, type GuestListActor } from './guest-list-rows';
import { maskCpf, recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * The owner (or an admin) takes a name off a list: the name is deleted, its place in the quota
 * freed (`entries_count` - 1) and the unit of stock it held given back to its lot
 * (orders/inventory.ts returnUnits), so the sale may sell it again. Locks the list, then the name.
 * A name the door already admitted stays (its ticket is a sale): DomainError('guest_entry_admitted',
 * 'Já entrou às 23:40'). Throws guest_list_not_found for anyone but the owner or an admin,
 * guest_entry_not_found for a name not on the list. The removal is recorded in the audit trail by
 * `auditActor` (docs/rules/audit.md 'What is recorded').
 */
export async function removeGuestEntry(
  db: Db,
  actor: GuestListActor,
  listId: string,
  entryId: string,
  auditActor: AuditActor,
): Promise<void> {
  const list = await loadOwnGuestList(db, listId, actor);
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT id FROM guest_lists WHERE id = ${listId}::uuid FOR UPDATE`);
    const [entry] = await queryRows<{
      id: string;
      name: string;
      cpf: string | null;
      ticket_type_id: string | null;
      lot_id: string | null;
      admitted_at: Date | string | null;
      ticket_id: string | null;
    }>(
      tx,
      sql`
      SELECT id, name, cpf, ticket_type_id, lot_id, admitted_at, ticket_id FROM guest_list_entries WHERE id = ${entryId}::uuid AND list_id = ${listId}::uuid FOR UPDATE`,
    );
    if (!entry) throw new DomainError('guest_entry_not_found');
    if (entry.admitted_at !== null) {
      const at = new Date(entry.admitted_at);
      throw new DomainError('guest_entry_admitted', { admittedAt: at.toISOString() }, alreadyAdmittedMessage(at));
    }
    // A ticket issued at the door whose entry was refused (too early) is a sale already: it keeps the unit.
    if (entry.ticket_id) throw new DomainError('guest_entry_admitted');
    await tx.execute(sql`DELETE FROM guest_list_entries WHERE id = ${entryId}::uuid`);
    await tx.execute(sql`UPDATE guest_lists SET entries_count = entries_count - 1 WHERE id = ${listId}::uuid`);
    await returnUnits(tx, [{ sectorId: entry.ticket_type_id, lotId: entry.lot_id, quantity: 1 }]);
    await recordAudit(tx, auditActor, {
      action: 'guest.removed',
      objectType: 'guest_entry',
      objectId: entryId,
      eventId: list.event_id,
      changes: { listId, name: entry.name, ...(entry.cpf ? { cpf: maskCpf(entry.cpf) } : {}) },
    });
  });
}
