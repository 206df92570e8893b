import { sql, type SQL } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { GuestEntryView, GuestListAfterKind, GuestListView } from '../../../shared/schemas/guest-lists';
import type { Role } from '../../../shared/statuses';
import { queryRows, type Db, type Tx } from '../../db/client';
import { describeGuestListRule, isGuestListClosed, type GuestListRule } from '../../domain/guest-list';

/** Who is asking about a list: the owner sees and edits their own lists, an admin every list. */
export interface GuestListActor {
  id: string;
  roles: readonly Role[];
}

export const isAdmin = (actor: GuestListActor) => actor.roles.includes('admin');

/** A list as read with its event, owner and sector, and how many of its names came in. */
export interface GuestListRow {
  id: string;
  name: string;
  event_id: string;
  event_title: string;
  event_date: string;
  event_start_time: string;
  event_location: string;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  ticket_type_id: string;
  ticket_type_name: string;
  quota: number;
  entries_count: number;
  admitted_count: number;
  free_until: Date | string;
  after_kind: GuestListAfterKind;
  after_price_centavos: number | null;
  discount_percent: number | null;
  closes_at: Date | string;
  token: string;
}

/** Reads lists with what their views show, filtered by `where` (over `gl`), newest event first. */
export async function readGuestLists(db: Db | Tx, where: SQL): Promise<GuestListRow[]> {
  return queryRows<GuestListRow>(
    db,
    sql`
    SELECT gl.id, gl.name, gl.event_id, e.title AS event_title, e.date::text AS event_date, e.start_time::text AS event_start_time,
           e.location AS event_location, gl.owner_id, u.name AS owner_name, u.email AS owner_email, gl.ticket_type_id,
           tt.name AS ticket_type_name, gl.quota, gl.entries_count,
           (SELECT count(*)::int FROM guest_list_entries ge WHERE ge.list_id = gl.id AND ge.admitted_at IS NOT NULL) AS admitted_count,
           gl.free_until, gl.after_kind, gl.after_price_centavos, gl.discount_percent, gl.closes_at, gl.token
    FROM guest_lists gl
    JOIN events e ON e.id = gl.event_id
    JOIN users u ON u.id = gl.owner_id
    JOIN ticket_types tt ON tt.id = gl.ticket_type_id
    WHERE ${where}
    ORDER BY e.date DESC, gl.created_at, gl.id`,
  );
}

/** The rule of a list row (domain/guest-list.ts). */
export function ruleOf(row: Pick<GuestListRow, 'free_until' | 'after_kind' | 'after_price_centavos' | 'discount_percent'>): GuestListRule {
  return {
    freeUntil: new Date(row.free_until),
    afterKind: row.after_kind,
    afterPriceCentavos: row.after_price_centavos === null ? null : Number(row.after_price_centavos),
    discountPercent: row.discount_percent === null ? null : Number(row.discount_percent),
  };
}

/** The view of a list row at `now` (UTC). */
export function toGuestListView(row: GuestListRow, now: Date): GuestListView {
  const rule = ruleOf(row);
  return {
    id: row.id,
    name: row.name,
    event: { id: row.event_id, title: row.event_title, date: row.event_date, startTime: row.event_start_time },
    owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
    sectorName: row.ticket_type_name,
    quota: Number(row.quota),
    entriesCount: Number(row.entries_count),
    admittedCount: Number(row.admitted_count),
    closesAt: new Date(row.closes_at).toISOString(),
    isClosed: isGuestListClosed({ closesAt: new Date(row.closes_at) }, now),
    token: row.token,
    rule: {
      freeUntil: rule.freeUntil.toISOString(),
      afterKind: rule.afterKind,
      afterPriceCentavos: rule.afterPriceCentavos,
      discountPercent: rule.discountPercent,
      label: describeGuestListRule(rule),
    },
  };
}

/**
 * The list `listId` if `actor` may see and edit it: its owner, or an admin. Anyone else is told
 * it does not exist (DomainError 'guest_list_not_found'), so a promoter cannot learn of another's
 * lists.
 */
export async function loadOwnGuestList(db: Db | Tx, listId: string, actor: GuestListActor): Promise<GuestListRow> {
  const [row] = await readGuestLists(
    db,
    isAdmin(actor) ? sql`gl.id = ${listId}::uuid` : sql`gl.id = ${listId}::uuid AND gl.owner_id = ${actor.id}`,
  );
  if (!row) throw new DomainError('guest_list_not_found');
  return row;
}

/** A name's view from its row. */
export function toGuestEntryView(row: {
  id: string;
  name: string;
  email: string | null;
  cpf: string | null;
  source: GuestEntryView['source'];
  admitted_at: Date | string | null;
  created_at: Date | string;
}): GuestEntryView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cpf: row.cpf,
    source: row.source,
    admittedAt: row.admitted_at === null ? null : new Date(row.admitted_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
