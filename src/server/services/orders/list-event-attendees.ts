import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { formatInstant } from '../../../shared/dates';
import type { EventAttendee, ListEventAttendeesResponse } from '../../../shared/schemas/admin-events';
import { queryRows, type Db } from '../../db/client';
import { containsFolded, foldedSql } from '../../db/fold-text';
import { csvFileName, toCsv } from '../../lib/csv';
import { loadTicketSaleCells, TICKET_SALE_HEADER } from './sale-columns';
import { refusalMessage } from '../../../shared/door-verdict';
import { REFUSAL_REASONS, type RefusalReason } from '../../../shared/schemas/tickets';

interface AttendeeRow {
  ticket_id: string;
  holder_name: string | null;
  ticket_type_name: string;
  order_id: string;
  buyer_name: string;
  buyer_email: string;
  status: 'valid' | 'refunded' | 'cancelled';
  checked_in_at: Date | string | null;
  gate: string | null;
  transferred_from: string | null;
  transferred_at: Date | string | null;
  [key: string]: unknown;
}

/**
 * Every ticket of an event of a paid order (issue: per-event attendee list): holder, type, order,
 * buyer, status ('used' once it got in) and when and at which gate it entered, ordered by holder
 * (then buyer) name. `q` matches part of the holder or buyer name (case- and accent-insensitive),
 * the buyer e-mail, or the start of the order number. Also counts the scans flagged as conflicts.
 * A ticket that changed hands names who held it before its last accepted transfer, and when
 * (docs/rules/transfers.md 'Transfers'; services/tickets/accept-transfer.ts).
 * Throws DomainError('event_not_found').
 */
export async function listEventAttendees(db: Db, eventId: string, q = ''): Promise<ListEventAttendeesResponse & { title: string }> {
  const [event] = await queryRows<{ title: string }>(db, sql`SELECT title FROM events WHERE id = ${eventId}`);
  if (!event) throw new DomainError('event_not_found');
  const term = q.trim().slice(0, 100);
  const like = `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const filter = term
    ? sql`AND (${containsFolded(sql`coalesce(t.holder_name, '')`, term)} OR ${containsFolded(sql`o.buyer_name`, term)}
          OR lower(o.buyer_email) LIKE lower(${like}) OR o.id::text LIKE ${`${term.toLowerCase()}%`})`
    : sql``;
  const rows = await queryRows<AttendeeRow>(
    db,
    sql`
    SELECT t.id AS ticket_id, t.holder_name, t.ticket_type_name, o.id AS order_id, o.buyer_name, o.buyer_email, t.status,
      t.checked_in_at, (SELECT c.location FROM check_ins c WHERE c.ticket_id = t.id AND c.accepted LIMIT 1) AS gate,
      tt.from_name AS transferred_from, tt.decided_at AS transferred_at
    FROM tickets t JOIN orders o ON o.id = t.order_id
    LEFT JOIN LATERAL (
      SELECT coalesce(x.from_holder_name, u.name, o.buyer_name) AS from_name, x.decided_at
      FROM ticket_transfers x LEFT JOIN users u ON u.id = x.from_user_id
      WHERE x.ticket_id = t.id AND x.status = 'accepted' ORDER BY x.decided_at DESC LIMIT 1
    ) tt ON true
    WHERE t.event_id = ${eventId} ${filter}
    ORDER BY ${foldedSql(sql`coalesce(t.holder_name, o.buyer_name)`)}, t.created_at, t.id`,
  );
  const [conflicts] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM check_ins WHERE event_id = ${eventId} AND conflict`,
  );
  return {
    title: event.title,
    conflicts: Number(conflicts.count),
    attendees: rows.map((row): EventAttendee => ({
      ticketId: row.ticket_id,
      holderName: row.holder_name,
      sectorName: row.ticket_type_name,
      orderId: row.order_id,
      buyerName: row.buyer_name,
      buyerEmail: row.buyer_email,
      status: row.status === 'valid' && row.checked_in_at ? 'used' : row.status,
      checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
      gate: row.gate,
      transferredFrom:
        row.transferred_from && row.transferred_at ? { name: row.transferred_from, at: new Date(row.transferred_at).toISOString() } : null,
    })),
  };
}

const statusLabel: Record<EventAttendee['status'], string> = {
  valid: 'Não entrou',
  used: 'Entrou',
  refunded: 'Reembolsado',
  cancelled: 'Cancelado',
};

/**
 * The attendee list as a CSV file (csv.ts: Excel in pt-BR), times 'dd/MM/yyyy HH:mm' in São
 * Paulo, then each ticket's money columns (sale-columns.ts TICKET_SALE_HEADER: sector, lot,
 * category, price, discount, fees, channel, payment). Throws DomainError('event_not_found').
 */
export async function eventAttendeesCsv(db: Db, eventId: string): Promise<{ csv: string; fileName: string }> {
  const { attendees, title } = await listEventAttendees(db, eventId);
  const sales = await loadTicketSaleCells(db, eventId);
  const csv = toCsv([
    ['Titular', 'Tipo de ingresso', 'Pedido', 'Comprador', 'E-mail', 'Situação', 'Entrada', 'Portão', ...TICKET_SALE_HEADER],
    ...attendees.map((a) => [
      a.holderName ?? a.buyerName,
      a.sectorName,
      a.orderId.slice(0, 8),
      a.buyerName,
      a.buyerEmail,
      statusLabel[a.status],
      a.checkedInAt ? formatInstant(a.checkedInAt).replace(' às ', ' ') : '',
      a.gate ?? '',
      ...(sales.get(a.ticketId) ?? TICKET_SALE_HEADER.map(() => '')),
    ]),
  ]);
  return { csv, fileName: csvFileName('participantes', title) };
}

interface ScanRow {
  scanned_at: Date | string;
  accepted: boolean;
  reason: string | null;
  conflict: boolean;
  offline: boolean;
  manual: boolean;
  location: string;
  device_id: string | null;
  validator_email: string | null;
  holder_name: string | null;
  ticket_type_name: string | null;
  ticket_id: string | null;
  [key: string]: unknown;
}

/**
 * Every scan of an event as a CSV file, oldest first: time, result ('Liberado', 'Recusado',
 * 'Conflito'), the reason of a refusal in the door's words, how it was decided (online, offline, manual), gate,
 * device, who scanned, and the ticket, then the ticket's sector, lot and category
 * (sale-columns.ts). Refusals and offline conflicts included.
 * Throws DomainError('event_not_found').
 */
export async function eventScanLogCsv(db: Db, eventId: string): Promise<{ csv: string; fileName: string }> {
  const [event] = await queryRows<{ title: string }>(db, sql`SELECT title FROM events WHERE id = ${eventId}`);
  if (!event) throw new DomainError('event_not_found');
  const rows = await queryRows<ScanRow>(
    db,
    sql`
    SELECT c.scanned_at, c.accepted, c.reason, c.conflict, c.offline, c.manual, c.location, c.device_id,
      u.email AS validator_email, t.holder_name, t.ticket_type_name, t.id AS ticket_id
    FROM check_ins c LEFT JOIN tickets t ON t.id = c.ticket_id LEFT JOIN users u ON u.id = c.validator_id
    WHERE c.event_id = ${eventId}
    ORDER BY c.scanned_at, c.id`,
  );
  const sales = await loadTicketSaleCells(db, eventId);
  const csv = toCsv([
    [
      'Horário',
      'Resultado',
      'Motivo',
      'Modo',
      'Portão',
      'Aparelho',
      'Validador',
      'Titular',
      'Tipo de ingresso',
      'Ingresso',
      ...TICKET_SALE_HEADER.slice(0, 3),
    ],
    ...rows.map((r) => [
      formatInstant(new Date(r.scanned_at)).replace(' às ', ' '),
      r.conflict ? 'Conflito' : r.accepted ? 'Liberado' : 'Recusado',
      scanReasonLabel(r.reason),
      r.manual ? 'Manual' : r.offline ? 'Offline' : 'Online',
      r.location,
      r.device_id ?? '',
      r.validator_email ?? '',
      r.holder_name ?? '',
      r.ticket_type_name ?? '',
      r.ticket_id ? r.ticket_id.slice(0, 8) : '',
      ...(sales.get(r.ticket_id ?? '') ?? ['', '', '']).slice(0, 3),
    ]),
  ]);
  return { csv, fileName: csvFileName('validacoes', event.title) };
}

/**
 * A refusal's reason as the door says it, without the facts of the moment ('Ingresso já
 * utilizado', 'Conflito: ingresso já tinha entrado'; shared/door-verdict.ts refusalMessage);
 * empty for an admission. A code this version does not know is shown as stored.
 */
function scanReasonLabel(reason: string | null): string {
  if (reason === null) return '';
  return (REFUSAL_REASONS as readonly string[]).includes(reason) ? refusalMessage(reason as RefusalReason) : reason;
}
