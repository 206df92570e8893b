import type { Concession } from '../../../shared/concessions';
import { type SQL, sql } from 'drizzle-orm';
import type { RefusalReason } from '../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../shared/statuses';
import { type AcceptedScan, admissionAtDoor, decideScan, type DeviceDecision, type ScanDecision, turnsIn } from '../../domain/admission';
import { queryRows, type Db, type Tx } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import { jsonValue } from '../../db/rows';
import { unnestRows } from '../../lib/unnest';
import { CHECK_INS_CHANNEL } from './door-counts';

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

/** The ticket a scan names, as read with its row locked (null: no ticket). */
export interface TicketState {
  id: string;
  eventId: string;
  code: string;
  status: 'valid' | 'refunded' | 'cancelled';
  orderStatus: string;
  /** Its first accepted entry (in the scan's session, on an event with sessions); for an admitted scan, that scan's time. */
  checkedInAt: Date | null;
  /** The gate of that entry, when there is one. */
  checkedInGate: string | null;
  /** On an event with sessions: the sessions its sector is valid for (empty: every session). */
  sessionIds: string[];
  /** Its accepted entries and exits, every session (domain/admission turnsIn counts them per session). */
  scans: AcceptedScan[];
  sectorName: string;
  concession: Concession | null;
  /** Who uses it: the holder named for it, else the buyer (docs/rules/transfers.md 'Named tickets': VÁLIDO shows it). */
  holderName: string;
  eventTitle: string;
  isEventCancelled: boolean;
}

/**
 * One scan at a door: a code read by a camera or typed, a ticket let in by hand from the look-up,
 * or a decision an offline device synced. `ticket` null: nothing to look up (a code whose
 * signature failed, or an offline scan for an event that does not exist).
 */
export interface Scan {
  ticket: { code: string } | { ticketId: string } | null;
  /** What was scanned (the code, or the ticket id of a manual entry); recorded when no ticket is found, else the ticket's code. */
  scannedCode: string;
  /** The event the door works; null for an offline scan naming an unknown event. */
  doorEventId: string | null;
  /** Where `at` falls in the door's window (doorWindowState; for an offline scan, at the device's time). */
  window: 'open' | 'too_early' | 'event_over';
  /** UTC instant of the scan (the device's time for offline scans). */
  at: Date;
  record: ScanRecord;
  /** The device's own decision, for an offline scan. */
  device?: DeviceDecision;
  /** Whether a rotating QR's TOTP was fresh (absent: the door's event does not rotate, or a manual entry). */
  qr?: 'fresh' | 'expired';
  /**
   * On an event with sessions: the session the door admits to (domain/door-window doorSession) and
   * the labels of the event's sessions by id ('Sábado 14/03', for a 'wrong_session' refusal).
   */
  session?: { id: string; labels: Record<string, string> } | null;
  /** 'out' for an exit scan; absent: an entry. */
  direction?: ScanDirection;
  /** The door's event has exit scans. */
  exitScans?: boolean;
}

/** What became of a scan: the ticket as read (null: none), and the decision recorded. */
export interface ScanOutcome {
  ticket: TicketState | null;
  decision: ScanDecision;
}

/**
 * Admits or refuses one scan and records it (docs/rules/door.md 'Tickets and the door': of any number of
 * scans of one code, exactly one is 'VÁLIDO'; every scan is recorded, refused ones too, with the
 * reason). A code no ticket carries that an accepted transfer took away from its ticket
 * (`ticket_transfers.old_code`) is refused 'transferred'. The one admission path: a camera scan, a manual entry and an offline sync all come
 * here. Scans of one door arriving together share one transaction (db/grouped.ts; a lone scan is a
 * group of one): the tickets they name are read and locked (for update, in id order, so two doors
 * or two instances take turns on a ticket), domain/admission decideScan decides each scan in
 * arrival order, over the ticket's accepted entries and exits in the scan's session (a ticket
 * admitted by an earlier scan of the group is 'already_used' with that time for the later ones),
 * then one statement stamps the first entry on the tickets (`checked_in_at`, kept once set),
 * records every scan in `check_ins` with its session, direction and turn (`entry_number`) and
 * announces the scans admitted (`pg_notify('check_ins', eventId)`, delivered at commit). The
 * database guards it too: one accepted entry and one accepted exit per ticket, session and turn
 * (unique index check_ins_one_scan_per_turn: once per session, never inside twice), one row per
 * device nonce. Throws what the database throws (a nonce already recorded: isNonceTaken).
 */
export function admitScan(db: Db, scan: Scan): Promise<ScanOutcome> {
  return scanGroup(db, scan.doorEventId ?? 'none', scan);
}

const scanGroup = groupedRunner<Scan, ScanOutcome>((db, _key, scans) => db.transaction((tx) => admitScansInTx(tx, scans)));

type TicketRow = {
  id: string;
  event_id: string;
  code: string;
  status: TicketState['status'];
  checked_in_at: Date | string | null;
  ticket_type_name: string;
  concession: Concession | null;
  holder_name: string | null;
  buyer_name: string;
  order_status: string;
  event_title: string;
  event_cancelled: boolean;
  session_ids: string[] | null;
  accepted_scans: AcceptedScanJson[] | string | null;
};

/** An accepted scan as the statement's json_agg gives it (instants as text). */
type AcceptedScanJson = { s: string | null; d: ScanDirection; at: string; g: string };

/** The accepted scans a row carries (json_agg arrives parsed or as text, by driver). */
export function acceptedScansOf(value: AcceptedScanJson[] | string | null): AcceptedScan[] {
  const list = jsonValue<AcceptedScanJson[]>(value) ?? [];
  return list.map((scan) => ({ sessionId: scan.s, direction: scan.d, at: new Date(scan.at), gate: scan.g }));
}

/**
 * The SQL columns of a ticket row (alias `t`) that the door's rule needs beside the ticket: its
 * accepted scans (read only for a ticket that ever got in; most scans are of new ones) and, when
 * `withSessions`, the sessions its sector is valid for. Shared by the scan and the look-up.
 */
export function turnColumns(withSessions: boolean): SQL {
  return sql`
    CASE WHEN t.checked_in_at IS NOT NULL THEN (
      SELECT json_agg(json_build_object('s', c.session_id, 'd', c.direction, 'at', c.scanned_at, 'g', c.location) ORDER BY c.scanned_at)
      FROM check_ins c WHERE c.ticket_id = t.id AND c.accepted) END AS accepted_scans,
    CASE WHEN ${withSessions} THEN (
      SELECT array_agg(tts.session_id::text) FROM order_items oi JOIN ticket_type_sessions tts ON tts.ticket_type_id = oi.ticket_type_id
      WHERE oi.id = t.order_item_id) END AS session_ids`;
}

/**
 * admitScan's decision and records for `scans` (of one door, in arrival order), inside the
 * caller's transaction `tx`: for an admission that must commit with what caused it (a box-office
 * sale admitted at once, services/door/admit-at-gate.ts).
 */
export async function admitScansInTx(tx: Tx, scans: Scan[]): Promise<ScanOutcome[]> {
  const codes = scans.flatMap((s) => (s.doorEventId && s.ticket && 'code' in s.ticket ? [s.ticket.code] : []));
  const ids = scans.flatMap((s) => (s.doorEventId && s.ticket && 'ticketId' in s.ticket ? [s.ticket.ticketId] : []));
  const withSessions = scans.some((s) => s.session);
  const rows =
    codes.length + ids.length === 0
      ? []
      : await queryRows<TicketRow>(
          tx,
          sql`
          SELECT t.id, t.event_id, t.code, t.status, t.checked_in_at, t.ticket_type_name, t.concession, t.holder_name,
                 ${turnColumns(withSessions)},
                 o.status AS order_status, o.buyer_name, e.title AS event_title, e.cancelled_at IS NOT NULL AS event_cancelled
          FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id
          WHERE t.code = ANY(${sql.param(codes)}::text[]) OR t.id = ANY(${sql.param(ids)}::uuid[])
          ORDER BY t.id FOR UPDATE OF t`,
        );
  const byCode = new Map(rows.map((row) => [row.code, toTicketState(row)]));
  const byId = new Map([...byCode.values()].map((ticket) => [ticket.id, ticket]));
  // A code no ticket carries may be one a ticket carried before it was transferred (rare: read only then).
  const unmatched = codes.filter((code) => !byCode.has(code));
  const transferredCodes = new Set(
    unmatched.length === 0
      ? []
      : (
          await queryRows<{ old_code: string }>(
            tx,
            sql`SELECT old_code FROM ticket_transfers WHERE status = 'accepted' AND old_code = ANY(${sql.param(unmatched)}::text[])`,
          )
        ).map((row) => row.old_code),
  );

  const outcomes: ScanOutcome[] = [];
  const entries: { id: string; at: Date }[] = [];
  for (const scan of scans) {
    const found =
      !scan.doorEventId || !scan.ticket
        ? null
        : (('code' in scan.ticket ? byCode.get(scan.ticket.code) : byId.get(scan.ticket.ticketId)) ?? null);
    const isTransferredCode =
      !found && !!scan.doorEventId && !!scan.ticket && 'code' in scan.ticket && transferredCodes.has(scan.ticket.code);
    // The ticket as this scan finds it in its session; a later scan of the same ticket finds this one's turn.
    const ticket = found && inSession(found, scan.session ?? null);
    const decision = decideScan({
      ...admissionAtDoor(ticket, scan.doorEventId ?? '', scan.window, isTransferredCode, scan.qr, {
        sessionId: scan.session?.id ?? null,
        direction: scan.direction,
        exitScans: scan.exitScans,
      }),
      device: scan.device,
    });
    outcomes.push({ ticket, decision });
    if (decision.admitted && found && ticket) {
      found.scans.push({ sessionId: scan.session?.id ?? null, direction: decision.direction, at: scan.at, gate: scan.record.location });
      if (decision.direction === 'in') entries.push({ id: found.id, at: scan.at });
      Object.assign(ticket, { checkedInAt: scan.at, checkedInGate: scan.record.location });
    }
  }

  const stamped = unnestRows(entries, 'entry', { id: ['uuid', (e) => e.id], at: ['timestamptz', (e) => e.at] });
  const recorded = unnestRows(scans, 'scan', {
    ticket_id: ['uuid', (_, i) => outcomes[i].ticket?.id ?? null],
    event_id: ['uuid', (s, i) => s.doorEventId ?? outcomes[i].ticket?.eventId ?? null],
    scanned_code: ['text', (s, i) => outcomes[i].ticket?.code ?? s.scannedCode.slice(0, 200)],
    validator_id: ['text', (s) => s.record.validatorId],
    accepted: ['boolean', (_, i) => outcomes[i].decision.admitted],
    reason: ['text', (_, i) => (outcomes[i].decision.admitted ? null : (outcomes[i].decision as { reason: RefusalReason }).reason)],
    location: ['text', (s) => s.record.location],
    scanned_at: ['timestamptz', (s) => s.at],
    device_id: ['text', (s) => s.record.deviceId],
    nonce: ['text', (s) => s.record.nonce],
    offline: ['boolean', (s) => s.record.offline],
    conflict: ['boolean', (_, i) => !outcomes[i].decision.admitted && (outcomes[i].decision as { conflict: boolean }).conflict],
    manual: ['boolean', (s) => s.record.manual],
    session_id: ['uuid', (s) => s.session?.id ?? null],
    direction: ['text', (s) => s.direction ?? 'in'],
    entry_number: ['int', (_, i) => (outcomes[i].decision.admitted ? (outcomes[i].decision as { entryNumber: number }).entryNumber : null)],
  });
  // Every admitted scan changes who is inside, exits too: each one's event is announced.
  const announced = [
    ...new Set(scans.flatMap((s, i) => (outcomes[i].decision.admitted && outcomes[i].ticket ? [outcomes[i].ticket.eventId] : []))),
  ];
  await tx.execute(sql`
    WITH stamped AS (
      -- In time order, so a ticket entering twice in one group keeps its first entry.
      UPDATE tickets t SET checked_in_at = coalesce(t.checked_in_at, entry.at) FROM ${stamped.from} WHERE t.id = entry.id RETURNING t.event_id
    ), recorded AS (
      INSERT INTO check_ins (${recorded.names}) SELECT ${recorded.names} FROM ${recorded.from} ORDER BY ord
    )
    SELECT count(pg_notify(${CHECK_INS_CHANNEL}, announced::text)) FROM unnest(${sql.param(announced)}::uuid[]) AS announced`);
  return outcomes;
}

/**
 * The ticket as a scan in `session` (null: the event's one date) weighs it: its first entry in
 * that session (with its gate), read from its accepted scans; a ticket whose scans are not on
 * record (stamped directly) keeps its stamp on an event without sessions.
 */
function inSession(
  ticket: TicketState,
  session: Scan['session'] | null,
): TicketState & { turns?: ReturnType<typeof turnsIn>; sessions: { id: string; label: string }[] } {
  const sessionId = session?.id ?? null;
  const sessions = ticket.sessionIds.map((id) => ({ id, label: session?.labels[id] ?? id }));
  if (ticket.scans.length === 0)
    return { ...ticket, checkedInAt: sessionId ? null : ticket.checkedInAt, sessions, scans: [...ticket.scans] };
  const turns = turnsIn(ticket.scans, sessionId);
  return { ...ticket, checkedInAt: turns.firstEntryAt, checkedInGate: turns.firstEntryGate, turns, sessions, scans: [...ticket.scans] };
}

function toTicketState(row: TicketRow): TicketState {
  return {
    id: row.id,
    eventId: row.event_id,
    code: row.code,
    status: row.status,
    orderStatus: row.order_status,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at) : null,
    checkedInGate: null,
    sessionIds: row.session_ids ?? [],
    scans: acceptedScansOf(row.accepted_scans),
    sectorName: row.ticket_type_name,
    concession: row.concession,
    holderName: row.holder_name ?? row.buyer_name,
    eventTitle: row.event_title,
    isEventCancelled: row.event_cancelled,
  };
}
