import { sql } from 'drizzle-orm';
import type { GuestListView } from '../../../shared/schemas/guest-lists';
import type { Db } from '../../db/client';
import { isAdmin, readGuestLists, toGuestListView, type GuestListActor } from './guest-list-rows';

/**
 * The lists `actor` may see ('Minhas listas'): their own; an admin every list. With `eventId`,
 * only that event's (the back office's section of an event). Each with how many names it has and
 * how many came in ('X de Y entraram'). `now` (UTC) decides which are closed.
 */
export async function listGuestLists(
  db: Db,
  actor: GuestListActor,
  filter: { eventId?: string } = {},
  now: Date = new Date(),
): Promise<GuestListView[]> {
  const mine = isAdmin(actor) ? sql`TRUE` : sql`gl.owner_id = ${actor.id}`;
  const ofEvent = filter.eventId ? sql`gl.event_id = ${filter.eventId}::uuid` : sql`TRUE`;
  const rows = await readGuestLists(db, sql`${mine} AND ${ofEvent}`);
  return rows.map((row) => toGuestListView(row, now));
}
