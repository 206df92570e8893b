import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { GuestEntrySource, GuestEntryView } from '../../../shared/schemas/guest-lists';
import { queryRows, type Db, type Tx } from '../../db/client';
import { assertGuestListTakesNames, pickGuestUnit } from '../../domain/guest-list';
import { holdUnits } from '../orders/inventory';
import { loadSaleState } from '../orders/sale-state';
import { loadOwnGuestList, toGuestEntryView, type GuestListActor } from './guest-list-rows';
import { maskCpf, recordAudit, type AuditActor } from '../audit/record-audit';

/** A name to put on a list: e-mail lower case and CPF digits, or null where not given. */
export interface NewGuestEntry {
  name: string;
  email: string | null;
  cpf: string | null;
  source: GuestEntrySource;
}

/**
 * Puts one name on list `listId` inside the caller's transaction `tx`, all or nothing (the
 * caller's transaction, or a savepoint, rolls back whatever was done before a refusal).
 *
 * List entries count in the event's capacity by holding stock: each name holds one unit of the
 * list's sector from the moment it is added (services/orders/inventory.ts holdUnits, the one
 * writer of stock), as a sold ticket does, so the sale (domain/sale decideOrder), which counts
 * the units taken from every sector against the event's capacity, sees list names without
 * knowing of lists, and a list can never promise entry to more people than the venue holds.
 * Refusing names only when the event is full would let the sale sell the places the names were
 * counting on. The unit becomes the guest's ticket when the door admits the name
 * (admit-guest-entry.ts).
 *
 * Locks, in order: the list (for update: names added at once to one list take turns), then the
 * event and its sectors in the order every sale follows (orders/sale-state.ts loadSaleState).
 * Checks, in order: the list takes names at `now` (guest_list_closed 'Lista encerrada',
 * guest_list_full 'A lista atingiu o limite de nomes'; domain/guest-list.ts), the CPF not yet on
 * the list (guest_list_cpf_taken, field cpf), then pickGuestUnit (domain/guest-list.ts): the event
 * as the sale asks it, drafts too (event_not_found, event_cancelled, event_finished), the event's
 * and its sessions' capacities (event_sold_out, session_sold_out) and the sector's stock
 * (ticket_type_sold_out). The quota is counted by a conditional update (`entries_count < quota`)
 * under a CHECK, so the database itself never lets a list pass it. Returns the new name.
 */
export async function addGuestEntryInTx(tx: Tx, listId: string, entry: NewGuestEntry, now: Date): Promise<GuestEntryView> {
  const [list] = await queryRows<{
    id: string;
    event_id: string;
    ticket_type_id: string;
    quota: number;
    entries_count: number;
    closes_at: Date | string;
  }>(
    tx,
    sql`
    SELECT id, event_id, ticket_type_id, quota, entries_count, closes_at FROM guest_lists WHERE id = ${listId}::uuid FOR UPDATE`,
  );
  if (!list) throw new DomainError('guest_list_not_found');
  assertGuestListTakesNames(
    { closesAt: new Date(list.closes_at), quota: Number(list.quota), entriesCount: Number(list.entries_count) },
    now,
  );
  if (entry.cpf) {
    const [taken] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM guest_list_entries WHERE list_id = ${listId}::uuid AND cpf = ${entry.cpf}`,
    );
    if (taken) throw new DomainError('guest_list_cpf_taken', { field: 'cpf' });
  }
  const { state } = await loadSaleState(tx, list.event_id, { lock: true, codes: [], cpfs: [], anyMeia: false });
  const { lotId } = pickGuestUnit(state.event, state.sectors, list.ticket_type_id, now);
  await holdUnits(tx, [{ sectorId: list.ticket_type_id, lotId, quantity: 1 }]);
  const counted = await queryRows<{ id: string }>(
    tx,
    sql`
    UPDATE guest_lists SET entries_count = entries_count + 1 WHERE id = ${listId}::uuid AND entries_count < quota RETURNING id`,
  );
  if (counted.length === 0) throw new DomainError('guest_list_full');
  // clock_timestamp(), not `now`: names imported in one transaction keep the order of the file.
  const [row] = await queryRows<Parameters<typeof toGuestEntryView>[0]>(
    tx,
    sql`
    INSERT INTO guest_list_entries (list_id, event_id, name, email, cpf, source, ticket_type_id, lot_id, created_at)
    VALUES (${listId}::uuid, ${list.event_id}::uuid, ${entry.name}, ${entry.email}, ${entry.cpf}, ${entry.source}, ${list.ticket_type_id}::uuid, ${lotId}::uuid, clock_timestamp())
    RETURNING id, name, email, cpf, source, admitted_at, created_at`,
  );
  return toGuestEntryView(row);
}

/**
 * The owner (or an admin) adds a name by hand ('Nome na lista'): name, and e-mail and CPF when
 * known (validated by the route with addGuestEntrySchema). Throws guest_list_not_found for anyone
 * else, and what addGuestEntryInTx throws; on a refusal nothing changed. `now` is UTC. The name is
 * recorded in the audit trail by `auditActor` (docs/rules/audit.md 'What is recorded').
 */
export async function addGuestEntry(
  db: Db,
  actor: GuestListActor,
  listId: string,
  input: { name: string; email?: string; cpf?: string },
  auditActor: AuditActor,
  now: Date = new Date(),
): Promise<GuestEntryView> {
  const list = await loadOwnGuestList(db, listId, actor);
  return db.transaction(async (tx) => {
    const entry = await addGuestEntryInTx(
      tx,
      listId,
      { name: input.name, email: input.email || null, cpf: input.cpf || null, source: 'owner' },
      now,
    );
    await recordAudit(tx, auditActor, {
      action: 'guest.added',
      objectType: 'guest_entry',
      objectId: entry.id,
      eventId: list.event_id,
      changes: { listId, name: entry.name, ...(input.cpf ? { cpf: maskCpf(input.cpf) } : {}), source: 'owner' },
    });
    return entry;
  });
}
