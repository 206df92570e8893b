import { sql } from 'drizzle-orm';
import type { GuestListDetail } from '../../../shared/schemas/guest-lists';
import { queryRows, type Db } from '../../db/client';
import { loadOwnGuestList, toGuestEntryView, toGuestListView, type GuestListActor } from './guest-list-rows';

/**
 * One list with its names, in the order they were added, for its owner or an admin. Throws
 * DomainError('guest_list_not_found') for anyone else (loadOwnGuestList).
 */
export async function getGuestList(db: Db, listId: string, actor: GuestListActor, now: Date = new Date()): Promise<GuestListDetail> {
  const row = await loadOwnGuestList(db, listId, actor);
  const entries = await queryRows<Parameters<typeof toGuestEntryView>[0]>(
    db,
    sql`
    SELECT id, name, email, cpf, source, admitted_at, created_at FROM guest_list_entries WHERE list_id = ${listId}::uuid ORDER BY created_at, id`,
  );
  return { ...toGuestListView(row, now), entries: entries.map(toGuestEntryView) };
}
