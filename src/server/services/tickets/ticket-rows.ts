import { createHash, createHmac } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Concession } from '../../../shared/concessions';
import type { TransferView } from '../../../shared/schemas/transfers';
import { queryRows, type Db, type Tx } from '../../db/client';
import { isHolderCpfAsked, type TransferEvent, type TransferTicket } from '../../domain/transfers';

/** A ticket with what the holder and transfer rules read: its order's status and its event. */
export interface TicketRow {
  id: string;
  orderId: string;
  userId: string | null;
  code: string;
  sectorName: string;
  holderName: string | null;
  /** The ticket's holder CPF, else the CPF its meia-entrada item was bought with (digits). */
  holderCpf: string | null;
  /** The holder CPF stored on the ticket itself (tickets.holder_cpf), as the holdings per CPF count it. */
  storedHolderCpf: string | null;
  /** The account of the order's buyer and the CPF the order was bought with (digits; '' when none). */
  orderUserId: string | null;
  buyerCpf: string;
  /** In an open refund (tickets.refund_id). */
  inRefund: boolean;
  status: TransferTicket['status'];
  orderStatus: string;
  checkedInAt: Date | null;
  concession: Concession | null;
  event: TransferEvent & { id: string; title: string; location: string };
}

type RawTicketRow = {
  id: string;
  order_id: string;
  user_id: string | null;
  code: string;
  ticket_type_name: string;
  holder_name: string | null;
  holder_cpf: string | null;
  stored_holder_cpf: string | null;
  order_user_id: string | null;
  buyer_cpf: string;
  in_refund: boolean;
  status: TransferTicket['status'];
  order_status: string;
  checked_in_at: Date | string | null;
  concession: Concession | null;
  event_id: string;
  title: string;
  location: string;
  date: string;
  start_time: string;
  cancelled_at: Date | string | null;
  nominal: boolean;
  transfer_allowed: boolean;
  transfer_deadline_hours: number;
};

const toDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

/**
 * The tickets with `ids` (any order), or, with `lock`, locked FOR UPDATE (the ticket row only),
 * so a holder edit, a transfer and its acceptance of one ticket take turns.
 */
export async function readTickets(tx: Db | Tx, where: { ids?: string[]; userId?: string }, lock = false): Promise<TicketRow[]> {
  const filters = [];
  if (where.ids) {
    if (where.ids.length === 0) return [];
    filters.push(sql`t.id = ANY(${sql.param(where.ids)}::uuid[])`);
  }
  if (where.userId) filters.push(sql`t.user_id = ${where.userId}`);
  const rows = await queryRows<RawTicketRow>(
    tx,
    sql`
    SELECT t.id, t.order_id, t.user_id, t.code, t.ticket_type_name, t.holder_name,
           coalesce(t.holder_cpf, CASE WHEN t.concession IS NOT NULL THEN i.holder_cpf END) AS holder_cpf,
           t.holder_cpf AS stored_holder_cpf, o.user_id AS order_user_id, o.buyer_cpf, t.refund_id IS NOT NULL AS in_refund,
           t.status::text AS status, o.status::text AS order_status, t.checked_in_at, t.concession::text AS concession,
           e.id AS event_id, e.title, e.location, e.date::text AS date, e.start_time::text AS start_time, e.cancelled_at,
           e.nominal, e.transfer_allowed, e.transfer_deadline_hours
    FROM tickets t JOIN orders o ON o.id = t.order_id JOIN order_items i ON i.id = t.order_item_id JOIN events e ON e.id = t.event_id
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY t.created_at, t.id
    ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    userId: r.user_id,
    code: r.code,
    sectorName: r.ticket_type_name,
    holderName: r.holder_name,
    holderCpf: r.holder_cpf,
    storedHolderCpf: r.stored_holder_cpf,
    orderUserId: r.order_user_id,
    buyerCpf: r.buyer_cpf,
    inRefund: r.in_refund,
    status: r.status,
    orderStatus: r.order_status,
    checkedInAt: toDate(r.checked_in_at),
    concession: r.concession,
    event: {
      id: r.event_id,
      title: r.title,
      location: r.location,
      date: r.date,
      startTime: r.start_time,
      cancelledAt: toDate(r.cancelled_at),
      nominal: r.nominal,
      transferAllowed: r.transfer_allowed,
      transferDeadlineHours: r.transfer_deadline_hours,
    },
  }));
}

/**
 * The secret of a transfer's e-mail link: base64url of HMAC-SHA256(key, 'transfer:' + id), 43
 * characters. The id is a random UUID drawn for the transfer, so the token cannot be guessed
 * without the server's signing key; the e-mail job derives it again from the id, so no secret is
 * written to the outbox, and only its hash (hashTransferToken) is stored.
 */
export function transferToken(signingKey: Buffer, transferId: string): string {
  return createHmac('sha256', signingKey).update(`transfer:${transferId}`).digest('base64url');
}

/** SHA-256 (hex) of a transfer token, as `ticket_transfers.token_hash` keeps it. */
export function hashTransferToken(token: string): string {
  return createHash('sha256').update(token.trim(), 'utf8').digest('hex');
}

/** A stored transfer with its ticket, as TransferView shows it. */
export type TransferRow = {
  id: string;
  ticket_id: string;
  status: TransferView['status'];
  to_name: string;
  to_email: string;
  to_cpf: string | null;
  from_name: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
};

/**
 * The transfers matching `where` with the sender's name: the account that sent it (the person the
 * recipient knows), else, for a deleted account, the holder the ticket had then.
 */
export async function readTransfers(tx: Db | Tx, where: SQL, lock = false): Promise<TransferRow[]> {
  return queryRows<TransferRow>(
    tx,
    sql`
    SELECT tt.id, tt.ticket_id, tt.status, tt.to_name, tt.to_email, tt.to_cpf,
           coalesce(u.name, tt.from_holder_name) AS from_name, tt.created_at, tt.decided_at
    FROM ticket_transfers tt LEFT JOIN users u ON u.id = tt.from_user_id
    WHERE ${where}
    ORDER BY tt.created_at DESC, tt.id
    ${lock ? sql`FOR UPDATE OF tt` : sql``}`,
  );
}

/** A transfer and its ticket as the API shows them. */
export function toTransferView(row: TransferRow, ticket: TicketRow): TransferView {
  return {
    id: row.id,
    ticketId: row.ticket_id,
    status: row.status,
    toName: row.to_name,
    toEmail: row.to_email,
    fromName: row.from_name ?? '',
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    event: {
      id: ticket.event.id,
      title: ticket.event.title,
      date: ticket.event.date,
      startTime: ticket.event.startTime,
      location: ticket.event.location,
    },
    sectorName: ticket.sectorName,
    concession: ticket.concession,
    asksCpf: isHolderCpfAsked(ticket.event, ticket) && !row.to_cpf,
  };
}
