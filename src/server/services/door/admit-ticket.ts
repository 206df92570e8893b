import { type SQL, sql } from 'drizzle-orm';
import type { CheckInResult, DoorCounts, RefusalReason } from '../../../shared/schemas/tickets';
import {
  ADMITTING_TICKET_STATUS,
  PAID_ORDER_STATUS,
  type AdmissionDecision,
  decideAdmission,
  refusalMessage,
  requiresDocumentCheck,
} from '../../domain/admission';
import type { Db } from '../../db/client';
import { preparedStatement, queryRows } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import { checkIns } from '../../db/schema';

/** LISTEN/NOTIFY channel every committed entry is announced on; the payload is the event id. */
export const CHECK_INS_CHANNEL = 'check_ins';

/** Who and what recorded a scan: the row of `check_ins` besides the ticket and the verdict. */
export interface ScanRecord {
  validatorId: string;
  /** The gate ('Entrada principal' when the door named none). */
  location: string;
  deviceId: string | null;
  nonce: string | null;
  offline: boolean;
  manual: boolean;
}

/** The ticket a scan names, as read by the admission statement (null: no ticket). */
export interface TicketState {
  id: string;
  eventId: string;
  code: string;
  status: 'valid' | 'refunded' | 'cancelled';
  orderStatus: string;
  checkedInAt: Date | null;
  ticketTypeName: string;
  holderName: string | null;
  eventTitle: string;
}

interface StatementRow {
  id: string | null;
  event_id: string | null;
  code: string | null;
  status: 'valid' | 'refunded' | 'cancelled' | null;
  order_status: string | null;
  checked_in_at: Date | string | null;
  ticket_type_name: string | null;
  holder_name: string | null;
  event_title: string | null;
  door_cancelled: boolean | null;
  admitted: number | string;
  [key: string]: unknown;
}

export type AdmissionAttempt =
  | { admitted: true; ticket: TicketState }
  | { admitted: false; ticket: TicketState | null; decision: Extract<AdmissionDecision, { admitted: false }> };

/**
 * The one atomic statement that lets a ticket in (PRODUCT.md: of any number of scans of one code,
 * exactly one is 'VÁLIDO'): `UPDATE tickets SET checked_in_at = $at WHERE <the ticket> AND
 * checked_in_at IS NULL AND status = 'valid' AND its order is paid AND it is of the door's event,
 * not cancelled AND the window is open`, which in the same statement records the accepted check-in
 * and announces it (`pg_notify('check_ins', eventId)`, delivered at commit), and reads the ticket
 * as it was, so a refusal is named by decideAdmission without another query. The rule is
 * decideAdmission's; the statement only admits what it would. A refusal is not recorded here
 * (see recordRefusal). `at` is the UTC instant of the entry (the device's time for offline scans).
 */
export async function attemptAdmission(
  db: Db,
  input: {
    ticket: { code: string } | { ticketId: string };
    doorEventId: string;
    window: 'open' | 'too_early' | 'event_over';
    at: Date;
    record: ScanRecord;
  },
): Promise<AdmissionAttempt> {
  const { record } = input;
  const match: SQL = 'code' in input.ticket ? sql`t.code = ${input.ticket.code}` : sql`t.id = ${input.ticket.ticketId}::uuid`;
  const isOpen = input.window === 'open';
  const rows = await queryRows<StatementRow>(db, sql`
    WITH state AS (
      SELECT t.id, t.event_id, t.code, t.status, t.checked_in_at, t.ticket_type_name, t.holder_name,
             o.status AS order_status, e.title AS event_title
      FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id
      WHERE ${match}
    ), admitted AS (
      UPDATE tickets t SET checked_in_at = ${input.at}::timestamptz
      FROM orders o, events e
      WHERE ${match}
        AND t.checked_in_at IS NULL
        AND t.status = ${ADMITTING_TICKET_STATUS}
        AND o.id = t.order_id AND o.status = ${PAID_ORDER_STATUS}
        AND e.id = t.event_id AND e.cancelled_at IS NULL
        AND t.event_id = ${input.doorEventId}::uuid
        AND ${isOpen}::boolean
      RETURNING t.id, t.event_id, t.code
    ), recorded AS (
      INSERT INTO check_ins (ticket_id, event_id, scanned_code, validator_id, accepted, location, scanned_at, device_id, nonce, offline, manual)
      SELECT id, event_id, code, ${record.validatorId}::text, true, ${record.location}::text, ${input.at}::timestamptz,
             ${record.deviceId}::text, ${record.nonce}::text, ${record.offline}::boolean, ${record.manual}::boolean
      FROM admitted
      RETURNING event_id
    ), notified AS (
      SELECT pg_notify(${CHECK_INS_CHANNEL}, event_id::text) FROM recorded
    )
    SELECT s.*,
           (SELECT e.cancelled_at IS NOT NULL FROM events e WHERE e.id = ${input.doorEventId}::uuid) AS door_cancelled,
           (SELECT count(*) FROM notified) AS admitted
    FROM (SELECT 1) AS one LEFT JOIN state s ON true
  `);
  const row = rows[0];
  const ticket = toTicketState(row);
  if (Number(row.admitted) > 0 && ticket) return { admitted: true, ticket: { ...ticket, checkedInAt: input.at } };

  let decision = decideAdmission({
    ticket,
    doorEventId: input.doorEventId,
    isEventCancelled: row.door_cancelled === true,
    window: input.window,
  });
  if (decision.admitted) {
    // Read before another door's entry committed: the row is used now. Read it again for the time.
    const fresh = await readTicketState(db, match);
    decision = decideAdmission({ ticket: fresh, doorEventId: input.doorEventId, isEventCancelled: row.door_cancelled === true, window: input.window });
    if (decision.admitted) decision = { admitted: false, reason: 'already_used', checkedInAt: fresh?.checkedInAt ?? undefined };
    return { admitted: false, ticket: fresh, decision };
  }
  return { admitted: false, ticket, decision };
}

/** One scan of a code at a door, waiting to share the admission statement (attemptAdmissionTogether). */
interface ScanRequest {
  code: string;
  doorEventId: string;
  window: 'open' | 'too_early' | 'event_over';
  at: Date;
  record: ScanRecord;
}

type TicketColumns = Pick<StatementRow, 'id' | 'event_id' | 'code' | 'status' | 'order_status' | 'checked_in_at' | 'ticket_type_name' | 'holder_name' | 'event_title'>;
type GroupRow = TicketColumns & { ord: string | number; admitted: boolean; door_cancelled: boolean | null };

const admitScans = preparedStatement<GroupRow>(
  'admit_scans',
  `WITH requests AS (
     SELECT * FROM unnest($3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[], $10::boolean[])
       WITH ORDINALITY AS r(code, at, validator_id, location, device_id, nonce, offline, manual, ord)
   ), state AS (
     SELECT r.ord, t.id, t.event_id, t.code, t.status, t.checked_in_at, t.ticket_type_name, t.holder_name,
            o.status AS order_status, e.title AS event_title, e.cancelled_at IS NOT NULL AS event_cancelled
     FROM requests r
     LEFT JOIN (tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id) ON t.code = r.code
   ), first_scans AS (
     -- Each ticket's first scan here that the rule admits, read with the rows above; the UPDATE
     -- then reaches the ticket by its id, so no plan can go through the event's tickets instead.
     SELECT DISTINCT ON (s.id) s.id, s.ord, r.at
     FROM state s JOIN requests r ON r.ord = s.ord
     WHERE s.event_id = $1::uuid AND s.checked_in_at IS NULL AND s.status = $11::ticket_status
       AND s.order_status = $12::order_status AND NOT s.event_cancelled AND $2::boolean
     ORDER BY s.id, s.ord
   ), admitted AS (
     UPDATE tickets t SET checked_in_at = f.at
     FROM first_scans f
     WHERE t.id = f.id AND t.checked_in_at IS NULL AND t.status = $11::ticket_status
     RETURNING t.id, t.event_id, t.code, f.ord
   ), recorded AS (
     INSERT INTO check_ins (ticket_id, event_id, scanned_code, validator_id, accepted, location, scanned_at, device_id, nonce, offline, manual)
     SELECT a.id, a.event_id, a.code, r.validator_id, true, r.location, r.at, r.device_id, r.nonce, r.offline, r.manual
     FROM admitted a JOIN requests r ON r.ord = a.ord
     RETURNING event_id
   ), notified AS (
     SELECT pg_notify($13::text, event_id::text) FROM (SELECT DISTINCT event_id FROM recorded) AS entered
   )
   SELECT s.*, a.ord IS NOT NULL AS admitted,
          (SELECT e.cancelled_at IS NOT NULL FROM events e WHERE e.id = $1::uuid) AS door_cancelled,
          (SELECT count(*) FROM notified) AS notified
   FROM state s LEFT JOIN admitted a ON a.ord = s.ord
   ORDER BY s.ord`,
);

/**
 * Scans arriving together at one door share one admission statement (db/grouped.ts): the same
 * rule as attemptAdmission, each code admitted at most once (its first scan in the group), and
 * each scan's own entry recorded and announced. The outputs are the rows in scan order.
 */
const scanGroup = groupedRunner<ScanRequest, GroupRow>(async (db, _key, scans) => {
  const [first] = scans;
  const column = <T>(pick: (scan: ScanRequest) => T) => scans.map(pick);
  const rows = await admitScans(db, [
    first.doorEventId, first.window === 'open',
    column((s) => s.code), column((s) => s.at), column((s) => s.record.validatorId), column((s) => s.record.location),
    column((s) => s.record.deviceId), column((s) => s.record.nonce), column((s) => s.record.offline), column((s) => s.record.manual),
    ADMITTING_TICKET_STATUS, PAID_ORDER_STATUS, CHECK_INS_CHANNEL,
  ]);
  // The other scans of a code that got in here read the ticket before that entry: they see it now.
  const enteredAt = new Map(rows.filter((r) => r.admitted).map((r) => [r.code, scans[Number(r.ord) - 1].at]));
  return rows.map((r) => (!r.admitted && r.code && enteredAt.has(r.code) ? { ...r, checked_in_at: enteredAt.get(r.code)! } : r));
});

/**
 * attemptAdmission of a scanned code, in one statement shared with the scans of the same door
 * that arrive meanwhile (a door rush: dozens of phones scanning at once). Of several scans of one
 * code in the same statement, the first gets in and the others are 'already_used' with its time.
 * When the shared statement fails (a device's nonce already recorded, say), the scan is tried
 * alone, so it gets its own answer or error. Same result shape and rule as attemptAdmission.
 */
export async function attemptAdmissionTogether(db: Db, input: ScanRequest): Promise<AdmissionAttempt> {
  let row: GroupRow;
  try {
    row = await scanGroup(db, `${input.doorEventId}:${input.window}`, input);
  } catch {
    return attemptAdmission(db, { ticket: { code: input.code }, doorEventId: input.doorEventId, window: input.window, at: input.at, record: input.record });
  }
  const ticket = toTicketState(row);
  if (row.admitted && ticket) return { admitted: true, ticket: { ...ticket, checkedInAt: input.at } };
  let decision = decideAdmission({ ticket, doorEventId: input.doorEventId, isEventCancelled: row.door_cancelled === true, window: input.window });
  if (decision.admitted) {
    // Another door's entry committed after this statement began: read the ticket again for its time.
    const fresh = await readTicketState(db, sql`t.code = ${input.code}`);
    decision = decideAdmission({ ticket: fresh, doorEventId: input.doorEventId, isEventCancelled: row.door_cancelled === true, window: input.window });
    if (decision.admitted) decision = { admitted: false, reason: 'already_used', checkedInAt: fresh?.checkedInAt ?? undefined };
    return { admitted: false, ticket: fresh, decision };
  }
  return { admitted: false, ticket, decision };
}

/** The ticket a code names, as the door reads it (null: no ticket carries the code). */
export function findTicketByCode(db: Db, code: string): Promise<TicketState | null> {
  return readTicketState(db, sql`t.code = ${code}`);
}

async function readTicketState(db: Db, match: SQL): Promise<TicketState | null> {
  const rows = await queryRows<StatementRow>(db, sql`
    SELECT t.id, t.event_id, t.code, t.status, t.checked_in_at, t.ticket_type_name, t.holder_name,
           o.status AS order_status, e.title AS event_title, NULL AS door_cancelled, 0 AS admitted
    FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id
    WHERE ${match}
  `);
  return rows[0] ? toTicketState(rows[0]) : null;
}

function toTicketState(row: TicketColumns | undefined): TicketState | null {
  if (!row?.id) return null;
  return {
    id: row.id,
    eventId: row.event_id!,
    code: row.code!,
    status: row.status!,
    orderStatus: row.order_status!,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at) : null,
    ticketTypeName: row.ticket_type_name!,
    holderName: row.holder_name,
    eventTitle: row.event_title!,
  };
}

/** A refusal to record: one row of `check_ins` with accepted = false. */
interface RefusalRow {
  ticketId: string | null;
  eventId: string | null;
  scannedCode: string;
  validatorId: string;
  reason: RefusalReason;
  location: string;
  scannedAt: Date;
  deviceId: string | null;
  nonce: string | null;
  offline: boolean;
  conflict: boolean;
  manual: boolean;
}

const insertRefusals = preparedStatement<{ n: string }>(
  'record_refusals',
  `INSERT INTO check_ins (ticket_id, event_id, scanned_code, validator_id, accepted, reason, location, scanned_at, device_id, nonce, offline, conflict, manual)
   SELECT ticket_id, event_id, scanned_code, validator_id, false, reason, location, scanned_at, device_id, nonce, offline, conflict, manual
   FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[], $9::text[], $10::boolean[], $11::boolean[], $12::boolean[])
     AS r(ticket_id, event_id, scanned_code, validator_id, reason, location, scanned_at, device_id, nonce, offline, conflict, manual)`,
);

/** Refusals of a door rush recorded together (db/grouped.ts): one INSERT for the scans refused meanwhile. */
const refusalGroup = groupedRunner<RefusalRow, void>(async (db, _key, rows) => {
  const column = <K extends keyof RefusalRow>(k: K) => rows.map((r) => r[k]);
  await insertRefusals(db, [
    column('ticketId'), column('eventId'), column('scannedCode'), column('validatorId'), column('reason'), column('location'),
    column('scannedAt'), column('deviceId'), column('nonce'), column('offline'), column('conflict'), column('manual'),
  ]);
  return rows.map(() => undefined);
});

/**
 * Records a scan that did not let anyone in (a refusal, or an offline conflict when `conflict`),
 * before the door is answered. Refusals that arrive together share one INSERT; when that fails
 * (a device's nonce already recorded, say), each is tried alone, so each gets its own error.
 */
export async function recordRefusal(
  db: Db,
  input: {
    ticket: TicketState | null;
    scannedCode: string;
    doorEventId: string | null;
    reason: RefusalReason;
    at: Date;
    conflict?: boolean;
    record: ScanRecord;
  },
): Promise<void> {
  const row: RefusalRow = {
    ticketId: input.ticket?.id ?? null,
    eventId: input.doorEventId ?? input.ticket?.eventId ?? null,
    scannedCode: input.scannedCode.slice(0, 200),
    validatorId: input.record.validatorId,
    reason: input.reason,
    location: input.record.location,
    scannedAt: input.at,
    deviceId: input.record.deviceId,
    nonce: input.record.nonce,
    offline: input.record.offline,
    conflict: input.conflict ?? false,
    manual: input.record.manual,
  };
  try {
    await refusalGroup(db, 'refusals', row);
  } catch {
    await db.insert(checkIns).values({ ...row, accepted: false });
  }
}

/** The door's answer for an attempt, as POST /api/check-ins and the manual admission give it. */
export function toCheckInResult(attempt: AdmissionAttempt, door: { opensAt: Date }): CheckInResult {
  const { ticket } = attempt;
  if (attempt.admitted) {
    return {
      accepted: true,
      eventTitle: attempt.ticket.eventTitle,
      ticketTypeName: attempt.ticket.ticketTypeName,
      holderName: attempt.ticket.holderName,
      checkDocument: requiresDocumentCheck(attempt.ticket.ticketTypeName),
      checkedInAt: attempt.ticket.checkedInAt!.toISOString(),
    };
  }
  const { reason } = attempt.decision;
  const usedAt = reason === 'already_used' ? (attempt.decision.checkedInAt ?? ticket?.checkedInAt ?? null) : null;
  return {
    accepted: false,
    reason,
    message: refusalMessage(reason, { checkedInAt: usedAt, opensAt: door.opensAt, eventTitle: ticket?.eventTitle }),
    eventTitle: ticket?.eventTitle ?? null,
    ticketTypeName: ticket?.ticketTypeName ?? null,
    holderName: ticket?.holderName ?? null,
    checkedInAt: usedAt ? usedAt.toISOString() : null,
  };
}

/** Whether an error is the unique violation of `check_ins.nonce` (a scan already recorded). */
export function isNonceTaken(error: unknown): boolean {
  let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === 'check_ins_nonce_unique' || /check_ins_nonce_unique/.test(e.message ?? '');
  }
  return false;
}

/**
 * Entries and tickets sold of one event, counted as the admin dashboard counts them: an entry is
 * an accepted check-in; a ticket is sold when its order is 'completed'.
 */
export async function countDoor(db: Db, eventId: string): Promise<DoorCounts> {
  const [row] = await queryRows<{ entries: number | string; sold: number | string }>(db, sql`
    SELECT (SELECT count(*) FROM check_ins WHERE event_id = ${eventId}::uuid AND accepted) AS entries,
           (SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id
             WHERE t.event_id = ${eventId}::uuid AND o.status = ${PAID_ORDER_STATUS}) AS sold
  `);
  return { entries: Number(row.entries), sold: Number(row.sold) };
}
