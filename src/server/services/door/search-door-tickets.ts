import type { Concession } from '../../../shared/concessions';
import { type SQL, sql } from 'drizzle-orm';
import type { DoorSearchTicket } from '../../../shared/schemas/tickets';
import { admissionAtDoor, decideAdmission, documentCheckOf, offlineTicketStatus } from '../../domain/admission';
import { doorWindowState } from '../../domain/door-window';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { refusalOf } from './check-in-result';
import { loadWorkableDoorEvent } from './door-event';

/** Most tickets one look-up lists. */
export const MAX_SEARCH_RESULTS = 20;

/** A CPF has 11 digits; the look-up matches a CPF only whole. */
const CPF_DIGITS = 11;

// Accents folded in SQL the same way on PostgreSQL and PGlite (no unaccent extension needed);
// apostrophes dropped (translate deletes what has no counterpart), so 'davila' finds D'Ávila.
const ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüçñ'’`";
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucn';

/** Lower case without accents or apostrophes, as the look-up compares names. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/['’`]/g, '').toLowerCase();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface SearchRow {
  id: string;
  status: 'valid' | 'refunded' | 'cancelled';
  checked_in_at: Date | string | null;
  checked_in_gate: string | null;
  ticket_type_name: string;
  concession: Concession | null;
  holder_name: string | null;
  event_id: string;
  order_id: string;
  order_status: string;
  buyer_name: string;
  event_title: string;
  event_cancelled: boolean;
  [key: string]: unknown;
}

/**
 * The look-up at the door (PRODUCT.md 'Tickets and the door'): tickets of the door's event whose
 * holder or buyer name contains `query` (without accents or case: the door hears a name), whose
 * buyer e-mail is `query` whole (without case), whose buyer CPF is its 11 digits whole (dots,
 * dashes and spaces allowed), or whose order number starts with it ('#1a2b3c4d', as 'Meus
 * ingressos' shows it). A part of a CPF or of an e-mail matches nothing, so neither can be read
 * out of the look-up a digit or a letter at a time (the route also limits look-ups per
 * validator). At most 20, by holder name; each with its status as the door reads it and the
 * verdict a scan would give at `now` (domain/admission decideAdmission asked as the scan asks it,
 * admissionAtDoor, with the door's window at `now`; the refusal shaped by refusalOf, as the scan's
 * answer), so the door sees which tickets it cannot let in by hand. Codes are never returned.
 * Only for an event a door may work at `now` (loadWorkableDoorEvent). Throws
 * DomainError('event_not_found').
 */
export async function searchDoorTickets(
  db: Db,
  eventId: string,
  query: string,
  opensMinutesBefore: number,
  now: Date = new Date(),
): Promise<DoorSearchTicket[]> {
  const door = await loadWorkableDoorEvent(db, eventId, opensMinutesBefore, now);
  const window = doorWindowState(door.window, now);
  const text = query.trim();
  const folded = `%${escapeLike(foldText(text))}%`;
  const matches: SQL[] = [
    sql`translate(lower(coalesce(t.holder_name, '')), ${ACCENTED}, ${PLAIN}) LIKE ${folded}`,
    sql`translate(lower(o.buyer_name), ${ACCENTED}, ${PLAIN}) LIKE ${folded}`,
  ];
  if (text.includes('@')) matches.push(sql`lower(o.buyer_email) = ${text.toLowerCase()}`);
  const digits = text.replace(/\D/g, '');
  if (/^[\d.\-\s]+$/.test(text) && digits.length === CPF_DIGITS) {
    matches.push(sql`regexp_replace(o.buyer_cpf, '[^0-9]', '', 'g') = ${digits}`);
  }
  const orderPrefix = text.replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f][0-9a-f-]{3,35}$/.test(orderPrefix)) {
    matches.push(sql`o.id::text LIKE ${`${orderPrefix}%`}`);
  }
  const rows = await queryRows<SearchRow>(db, sql`
    SELECT t.id, t.status, t.checked_in_at, t.ticket_type_name, t.concession, t.holder_name, t.event_id,
           (SELECT c.location FROM check_ins c WHERE c.ticket_id = t.id AND c.accepted) AS checked_in_gate,
           o.id AS order_id, o.status AS order_status, o.buyer_name, e.title AS event_title, e.cancelled_at IS NOT NULL AS event_cancelled
    FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id
    WHERE t.event_id = ${eventId}::uuid AND (${sql.join(matches, sql` OR `)})
    ORDER BY coalesce(t.holder_name, o.buyer_name), t.id
    LIMIT ${MAX_SEARCH_RESULTS}
  `);
  return rows.map((row) => {
    const checkedInAt = row.checked_in_at ? new Date(row.checked_in_at) : null;
    const ticket = {
      status: row.status,
      orderStatus: row.order_status,
      eventId: row.event_id,
      checkedInAt,
      checkedInGate: row.checked_in_gate,
      eventTitle: row.event_title,
      isEventCancelled: Boolean(row.event_cancelled),
    };
    const decision = decideAdmission(admissionAtDoor(ticket, door.id, window));
    return {
      ticketId: row.id,
      holderName: row.holder_name,
      ticketTypeName: row.ticket_type_name,
      documentCheck: documentCheckOf(row.concession),
      buyerName: row.buyer_name,
      orderNumber: row.order_id.slice(0, 8),
      status: offlineTicketStatus(ticket),
      checkedInAt: checkedInAt ? checkedInAt.toISOString() : null,
      verdict: decision.admitted ? { accepted: true as const } : { accepted: false as const, ...refusalOf(ticket, decision, door.window, now) },
    };
  });
}
