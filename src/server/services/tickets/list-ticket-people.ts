import { sql } from 'drizzle-orm';
import { formatCpf } from '../../../shared/cpf';
import { formatInstant } from '../../../shared/dates';
import type { MyTicketPeople, TicketPeople } from '../../../shared/schemas/transfers';
import { queryRows, type Db } from '../../db/client';
import { eventStart, isHolderCpfAsked, isTicketLive, transferDeadline } from '../../domain/transfers';
import { readTickets, readTransfers, toTransferView, type TicketRow } from './ticket-rows';

/**
 * GET /api/tickets/people: for each ticket the user holds, its holder (name, CPF masked), what
 * 'Meus ingressos' offers ('Editar titular', 'Transferir ingresso', or why not), the pending
 * transfer the user sent and who transferred it to them; and the pending transfers sent to the
 * user's e-mail (`email`, any case), which they may accept in the app. The same rules as the
 * services that act (domain/transfers), read at `now` (UTC). Never throws for none.
 */
export async function listTicketPeople(db: Db, user: { id: string; email: string }, now: Date = new Date()): Promise<MyTicketPeople> {
  const owned = await readTickets(db, { userId: user.id });
  const ids = owned.map((t) => t.id);
  const [sent, received, incomingRows] = await Promise.all([
    ids.length ? readTransfers(db, sql`tt.ticket_id = ANY(${sql.param(ids)}::uuid[]) AND tt.status = 'pending'`) : Promise.resolve([]),
    ids.length
      ? queryRows<{ ticket_id: string; from_name: string }>(
          db,
          sql`
          SELECT DISTINCT ON (tt.ticket_id) tt.ticket_id, coalesce(tt.from_holder_name, u.name, '') AS from_name
          FROM ticket_transfers tt LEFT JOIN users u ON u.id = tt.from_user_id
          WHERE tt.ticket_id = ANY(${sql.param(ids)}::uuid[]) AND tt.status = 'accepted' AND tt.to_user_id = ${user.id}
          ORDER BY tt.ticket_id, tt.decided_at DESC`,
        )
      : Promise.resolve([]),
    readTransfers(db, sql`tt.to_email = ${user.email.toLowerCase()} AND tt.status = 'pending'`),
  ]);
  const incomingTickets = await readTickets(db, { ids: incomingRows.map((r) => r.ticket_id) });
  const ticketById = new Map(incomingTickets.map((t) => [t.id, t]));
  const fromByTicket = new Map(received.map((r) => [r.ticket_id, r.from_name]));
  return {
    tickets: owned.map((ticket): TicketPeople => {
      const pending = sent.find((s) => s.ticket_id === ticket.id);
      return {
        ticketId: ticket.id,
        holderName: ticket.holderName,
        holderCpf: ticket.holderCpf ? formatCpf(ticket.holderCpf) : null,
        asksCpf: isHolderCpfAsked(ticket.event, ticket),
        nominal: ticket.event.nominal,
        canEditHolder: isTicketLive(ticket, ticket.event) && now < eventStart(ticket.event),
        ...transferOffer(ticket, pending !== undefined, now),
        transferDeadline: transferDeadline(ticket.event).toISOString(),
        pendingTransfer: pending ? toTransferView(pending, ticket) : null,
        receivedFrom: fromByTicket.get(ticket.id) ?? null,
      };
    }),
    incoming: incomingRows.flatMap((row) => {
      const ticket = ticketById.get(row.ticket_id);
      return ticket ? [toTransferView(row, ticket)] : [];
    }),
  };
}

/** Whether 'Transferir ingresso' is offered on a live ticket, and else why (pt-BR), as decideTransfer decides. */
function transferOffer(ticket: TicketRow, hasPending: boolean, now: Date): { canTransfer: boolean; transferNote: string | null } {
  if (!isTicketLive(ticket, ticket.event) || ticket.inRefund || hasPending) return { canTransfer: false, transferNote: null };
  if (!ticket.event.transferAllowed)
    return { canTransfer: false, transferNote: 'O organizador deste evento não permite transferir ingressos.' };
  const deadline = transferDeadline(ticket.event);
  if (now >= deadline) {
    return {
      canTransfer: false,
      transferNote: now < eventStart(ticket.event) ? `Transferências encerradas em ${formatInstant(deadline)}.` : null,
    };
  }
  return { canTransfer: true, transferNote: null };
}
