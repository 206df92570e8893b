import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { GuestListLinkView } from '../../../shared/schemas/guest-lists';
import type { Db } from '../../db/client';
import { describeGuestListRule, isGuestListClosed } from '../../domain/guest-list';
import { readGuestLists, ruleOf, type GuestListRow } from './guest-list-rows';

/** The list of a link's token, or DomainError('guest_list_not_found'). */
export async function loadListByToken(db: Db, token: string): Promise<GuestListRow> {
  const [row] = await readGuestLists(db, sql`gl.token = ${token} AND e.cancelled_at IS NULL`);
  if (!row) throw new DomainError('guest_list_not_found');
  return row;
}

/**
 * The public page of a list's link (/lista/<token>): the event, the rule as read
 * ('Grátis até 00:30, depois R$ 40,00') and whether it still takes names at `now` (UTC). Names
 * on it are never shown. Throws DomainError('guest_list_not_found') for an unknown token or a
 * cancelled event.
 */
export async function getGuestListLink(db: Db, token: string, now: Date = new Date()): Promise<GuestListLinkView> {
  const row = await loadListByToken(db, token);
  return {
    name: row.name,
    event: { title: row.event_title, date: row.event_date, startTime: row.event_start_time, location: row.event_location },
    ruleLabel: describeGuestListRule(ruleOf(row)),
    isClosed: isGuestListClosed({ closesAt: new Date(row.closes_at) }, now),
    isFull: Number(row.entries_count) >= Number(row.quota),
    closesAt: new Date(row.closes_at).toISOString(),
  };
}
