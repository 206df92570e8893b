import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { MAX_GUEST_CSV_ROWS, type GuestImportResult } from '../../../shared/schemas/guest-lists';
import { queryRows, type Db } from '../../db/client';
import { isGuestListClosed, readGuestCsv } from '../../domain/guest-list';
import { addGuestEntryInTx } from './add-guest-entry';
import { loadOwnGuestList, type GuestListActor } from './guest-list-rows';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * The owner (or an admin) imports names from a CSV file (columns nome,email,cpf, header
 * optional; domain/guest-list.ts readGuestCsv). Each good row is added as a name typed by hand
 * (addGuestEntryInTx, source 'csv'), each in its own savepoint of one transaction, so a row
 * refused (invalid, CPF already on the list, past the quota, the event full) changes nothing and
 * the others go in. Returns how many were added and the refused rows with their line number and
 * pt-BR reason. A closed list refuses the whole file (guest_list_closed); more than
 * MAX_GUEST_CSV_ROWS lines refuse it too (validation_failed). Throws guest_list_not_found for
 * anyone but the owner or an admin. An import that added names is recorded in the audit trail by
 * `auditActor` as one 'guest.added' with the counts (docs/rules/audit.md 'What is recorded').
 */
export async function importGuestEntries(
  db: Db,
  actor: GuestListActor,
  listId: string,
  csv: string,
  auditActor: AuditActor,
  now: Date = new Date(),
): Promise<GuestImportResult> {
  const list = await loadOwnGuestList(db, listId, actor);
  if (isGuestListClosed({ closesAt: new Date(list.closes_at) }, now)) throw new DomainError('guest_list_closed');
  const rows = readGuestCsv(csv);
  if (rows.length > MAX_GUEST_CSV_ROWS) {
    throw new DomainError(
      'validation_failed',
      { field: 'csv' },
      `O arquivo tem mais de ${MAX_GUEST_CSV_ROWS} linhas. Divida-o em partes menores.`,
    );
  }
  const result: GuestImportResult = { added: 0, refused: [] };
  await db.transaction(async (tx) => {
    // The list first, for the whole import: names added meanwhile wait for it.
    await queryRows(tx, sql`SELECT id FROM guest_lists WHERE id = ${listId}::uuid FOR UPDATE`);
    for (const row of rows) {
      if (!row.ok) {
        result.refused.push({ line: row.line, reason: row.reason });
        continue;
      }
      try {
        await tx.transaction((savepoint) =>
          addGuestEntryInTx(savepoint, listId, { name: row.name, email: row.email, cpf: row.cpf, source: 'csv' }, now),
        );
        result.added += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        result.refused.push({ line: row.line, reason: error.message });
      }
    }
    if (result.added > 0) {
      await recordAudit(tx, auditActor, {
        action: 'guest.added',
        objectType: 'guest_list',
        objectId: listId,
        eventId: list.event_id,
        changes: { listId, source: 'csv', added: result.added, refused: result.refused.length },
      });
    }
  });
  return result;
}
