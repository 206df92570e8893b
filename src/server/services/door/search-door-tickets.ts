import type { Concession } from '../../../shared/concessions';
import { type SQL, sql } from 'drizzle-orm';
import type { DoorSearchTicket } from '../../../shared/schemas/tickets';
import { admissionAtDoor, decideAdmission, documentCheckOf, offlineTicketStatus, turnsIn } from '../../domain/admission';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { foldedContainsPattern, foldedSql, foldText } from '../../db/fold-text';
import { refusalOf } from './check-in-result';
import { acceptedScansOf, turnColumns } from './admit-scans';
import { loadWorkableDoorEvent, scanTurnAt } from './door-event';

/** Most tickets one look-up lists. */
const MAX_SEARCH_RESULTS = 20;

/** A CPF has 11 digits; the look-up matches a CPF only whole. */
const CPF_DIGITS = 11;

interface SearchRow {
  id: string;
  status: 'valid' | 'refunded' | 'cancelled';
  checked_in_at: Date | string | null;
  accepted_scans: Parameters<typeof acceptedScansOf>[0];
  session_ids: string[] | null;
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

interface TransferredRow {
  transfer_id: string;
  id: string;
  ticket_type_name: string;
  from_holder_name: string | null;
  order_id: string;
  buyer_name: string;
  [key: string]: unknown;
}

/**
 * The look-up at the door (docs/rules/door.md 'Look-up at the door'): tickets of the door's event whose
 * holder or buyer name contains `query` (without accents or case: the door hears a name), whose
 * buyer e-mail is `query` whole (without case), whose holder or buyer CPF is its 11 digits whole
 * (dots, dashes and spaces allowed), or whose order number starts with it ('#1a2b3c4d', as 'Meus
 * ingressos' shows it). A ticket transferred to someone else is found by its holder only; the
 * buyer's fields, or the name of who held it before, find instead the code given away (status
 * 'transferred', refused 'transferred' as a scan of that old code is), one row per accepted transfer. A part of a CPF or of an e-mail matches nothing, so neither can be read
 * out of the look-up a digit or a letter at a time (the route also limits look-ups per
 * validator). At most 20, by holder name; each with its status as the door reads it and the
 * verdict a scan would give at `now` (domain/admission decideAdmission asked as the scan asks it,
 * admissionAtDoor, with the door's window at `now`, in the session open now with its entries and
 * exits there (scanTurnAt); the refusal shaped by refusalOf, as the scan's
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
  const turn = scanTurnAt(door, now);
  const window = turn.state;
  const text = query.trim();
  // Names compare folded (db/fold-text): 'davila' finds D'Ávila.
  const folded = foldedContainsPattern(text);
  const digits = text.replace(/\D/g, '');
  const isCpf = /^[\d.\-\s]+$/.test(text) && digits.length === CPF_DIGITS;
  const orderPrefix = text.replace(/^#/, '').toLowerCase();
  const isOrderPrefix = /^[0-9a-f][0-9a-f-]{3,35}$/.test(orderPrefix);
  /** What finds a ticket through its order's buyer: the name, the whole e-mail, the whole CPF, the order number. */
  const buyerMatches: SQL[] = [sql`${foldedSql(sql`o.buyer_name`)} LIKE ${folded}`];
  if (text.includes('@')) buyerMatches.push(sql`lower(o.buyer_email) = ${text.toLowerCase()}`);
  if (isCpf) buyerMatches.push(sql`regexp_replace(o.buyer_cpf, '[^0-9]', '', 'g') = ${digits}`);
  if (isOrderPrefix) buyerMatches.push(sql`o.id::text LIKE ${`${orderPrefix}%`}`);
  const holderMatches: SQL[] = [sql`${foldedSql(sql`coalesce(t.holder_name, '')`)} LIKE ${folded}`];
  if (isCpf) holderMatches.push(sql`regexp_replace(coalesce(t.holder_cpf, ''), '[^0-9]', '', 'g') = ${digits}`);
  const isTransferred = sql`EXISTS (SELECT 1 FROM ticket_transfers x WHERE x.ticket_id = t.id AND x.status = 'accepted')`;
  // A ticket transferred to someone else is found by its holder only; through its buyer, the door
  // finds the code the buyer gave away, refused 'transferred' (below).
  const rows = await queryRows<SearchRow>(
    db,
    sql`
    SELECT t.id, t.status, t.checked_in_at, t.ticket_type_name, t.concession, t.holder_name, t.event_id,
           ${turnColumns(door.sessions.length > 0)},
           o.id AS order_id, o.status AS order_status, o.buyer_name, e.title AS event_title, e.cancelled_at IS NOT NULL AS event_cancelled
    FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id
    WHERE t.event_id = ${eventId}::uuid
      AND (${sql.join(holderMatches, sql` OR `)} OR (NOT ${isTransferred} AND (${sql.join(buyerMatches, sql` OR `)})))
    ORDER BY coalesce(t.holder_name, o.buyer_name), t.id
    LIMIT ${MAX_SEARCH_RESULTS}
  `,
  );
  // The codes transferred away, by who held them then or by the order's buyer.
  const transferredRows = await queryRows<TransferredRow>(
    db,
    sql`
    SELECT tt.id AS transfer_id, t.id, t.ticket_type_name, tt.from_holder_name, o.id AS order_id, o.buyer_name
    FROM ticket_transfers tt JOIN tickets t ON t.id = tt.ticket_id JOIN orders o ON o.id = t.order_id
    WHERE tt.event_id = ${eventId}::uuid AND tt.status = 'accepted' AND tt.old_code IS NOT NULL
      AND (${foldedSql(sql`coalesce(tt.from_holder_name, '')`)} LIKE ${folded} OR ${sql.join(buyerMatches, sql` OR `)})
    ORDER BY coalesce(tt.from_holder_name, o.buyer_name), tt.id
    LIMIT ${MAX_SEARCH_RESULTS}
  `,
  );
  const transferredVerdict = decideAdmission(admissionAtDoor(null, door.id, window, true));
  const transferredAway: DoorSearchTicket[] = transferredRows.map((row) => ({
    ticketId: row.id,
    holderName: row.from_holder_name,
    sectorName: row.ticket_type_name,
    documentCheck: null,
    buyerName: row.buyer_name,
    orderNumber: row.order_id.slice(0, 8),
    status: 'transferred',
    checkedInAt: null,
    verdict: transferredVerdict.admitted
      ? { accepted: true as const }
      : { accepted: false as const, ...refusalOf(null, transferredVerdict, turn.window, now) },
  }));
  const current = rows.map((row): DoorSearchTicket => {
    // Its entries in the session open now (the event's one date without sessions), as the scan weighs them.
    const scans = acceptedScansOf(row.accepted_scans);
    const turns = scans.length > 0 ? turnsIn(scans, turn.session?.id ?? null) : undefined;
    const stamped = row.checked_in_at ? new Date(row.checked_in_at) : null;
    const checkedInAt = turns ? turns.firstEntryAt : turn.session ? null : stamped;
    const ticket = {
      status: row.status,
      orderStatus: row.order_status,
      eventId: row.event_id,
      checkedInAt,
      checkedInGate: turns?.firstEntryGate ?? null,
      eventTitle: row.event_title,
      isEventCancelled: Boolean(row.event_cancelled),
      turns,
      sessions: (row.session_ids ?? []).map((id) => ({ id, label: turn.session?.labels[id] ?? id })),
      sessionIds: row.session_ids ?? [],
    };
    const decision = decideAdmission(
      admissionAtDoor(ticket, door.id, window, false, undefined, { sessionId: turn.session?.id ?? null, exitScans: turn.exitScans }),
    );
    return {
      ticketId: row.id,
      holderName: row.holder_name,
      sectorName: row.ticket_type_name,
      documentCheck: documentCheckOf(row.concession),
      buyerName: row.buyer_name,
      orderNumber: row.order_id.slice(0, 8),
      status: offlineTicketStatus(ticket),
      checkedInAt: checkedInAt ? checkedInAt.toISOString() : null,
      verdict: decision.admitted
        ? { accepted: true as const }
        : { accepted: false as const, ...refusalOf(ticket, decision, { ...turn.window, sessions: door.sessions }, now) },
    };
  });
  const nameOf = (found: DoorSearchTicket) => foldText(found.holderName ?? found.buyerName);
  return [...current, ...transferredAway].sort((a, b) => nameOf(a).localeCompare(nameOf(b))).slice(0, MAX_SEARCH_RESULTS);
}
