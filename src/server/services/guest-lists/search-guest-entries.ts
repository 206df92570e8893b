import { sql } from 'drizzle-orm';
import { onlyDigits } from '../../../shared/cpf';
import type { DoorGuestEntry } from '../../../shared/schemas/guest-lists';
import { queryRows, type Db } from '../../db/client';
import { foldedContainsPattern, foldedSql } from '../../db/fold-text';
import { describeGuestListRule, guestCharge } from '../../domain/guest-list';
import { loadWorkableDoorEvent } from '../door/door-event';
import { ruleOf } from './guest-list-rows';

/** Most list names one look-up lists. */
const MAX_GUEST_RESULTS = 20;

/**
 * The door's look-up of list names ('Lista amiga') of the door's event `eventId`, beside its
 * ticket look-up: names containing `query` without accents or case, an e-mail given whole, or a
 * CPF's 11 digits whole. Each with its list, its owner, the rule, what it would be charged if
 * admitted at `now` (UTC, centavos) and when it came in, if it did. Only at the door of an event
 * a door may work at `now` (loadWorkableDoorEvent, as the ticket look-up). Throws
 * DomainError('event_not_found').
 */
export async function searchGuestEntries(
  db: Db,
  eventId: string,
  query: string,
  opensMinutesBefore: number,
  now: Date = new Date(),
): Promise<DoorGuestEntry[]> {
  const door = await loadWorkableDoorEvent(db, eventId, opensMinutesBefore, now);
  const text = query.trim();
  const digits = onlyDigits(text);
  // Folded as the ticket look-up folds names (db/fold-text), so 'joao' finds João.
  const pattern = foldedContainsPattern(text);
  const rows = await queryRows<{
    id: string;
    name: string;
    cpf: string | null;
    admitted_at: Date | string | null;
    list_name: string;
    owner_name: string;
    free_until: Date | string;
    after_kind: 'free' | 'price' | 'discount';
    after_price_centavos: number | null;
    discount_percent: number | null;
  }>(
    db,
    sql`
    SELECT ge.id, ge.name, ge.cpf, ge.admitted_at, gl.name AS list_name, u.name AS owner_name,
           gl.free_until, gl.after_kind, gl.after_price_centavos, gl.discount_percent
    FROM guest_list_entries ge
    JOIN guest_lists gl ON gl.id = ge.list_id
    JOIN users u ON u.id = gl.owner_id
    WHERE ge.event_id = ${door.id}::uuid
      AND (${foldedSql(sql`ge.name`)} LIKE ${pattern}
           OR ge.email = ${text.toLowerCase()}
           OR (${digits.length === 11} AND ge.cpf = ${digits}))
    ORDER BY ge.admitted_at IS NOT NULL, ge.name, ge.id
    LIMIT ${MAX_GUEST_RESULTS}`,
  );
  return rows.map((row) => {
    const rule = ruleOf(row);
    return {
      id: row.id,
      name: row.name,
      cpfMasked: row.cpf ? `***.***.${row.cpf.slice(6, 9)}-${row.cpf.slice(9, 11)}` : null,
      listName: row.list_name,
      ownerName: row.owner_name,
      ruleLabel: describeGuestListRule(rule),
      chargeCentavos: guestCharge(rule, now),
      admittedAt: row.admitted_at === null ? null : new Date(row.admitted_at).toISOString(),
    };
  });
}
