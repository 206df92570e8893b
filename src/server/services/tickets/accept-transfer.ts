import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import type { acceptTransferSchema } from '../../../shared/schemas/transfers';
import { queryRows } from '../../db/client';
import { tickets, ticketTransfers, users } from '../../db/schema';
import { createTicketCode } from '../../domain/ticket-code';
import { decideAcceptance } from '../../domain/transfers';
import { notifyUser } from '../notifications/notify-user';
import type { ServiceDeps } from '../deps';
import { moveHoldings, ticketUnitsSql } from '../orders/cpf-holdings';
import { assertTicketMayMove, meiaGuarded } from './ticket-holding';
import { hashTransferToken, readTickets, readTransfers } from './ticket-rows';
import { maskCpf, recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * The recipient (`account`, signed in) accepts a transfer named by its link's token or, in
 * 'Meus ingressos', by its id (docs/rules/transfers.md 'Transfers': a new code is issued and the
 * old one refused everywhere). One transaction: the ticket is locked, then the transfer;
 * domain/transfers decideAcceptance decides (pending, the account's e-mail is the recipient's,
 * live ticket in no open refund, before the start, meia category and document, CPF where asked);
 * the recipient's CPF and account may hold it (ticket-holding.ts assertTicketMayMove: the limit
 * per CPF and one meia per CPF, as the sale counts them); the ticket gets a
 * new random signed code (domain/ticket-code createTicketCode, as at issuing), the recipient's
 * account, name and CPF (the one given now, else the sender's); the transfer becomes 'accepted'
 * with `old_code` (the code the door now refuses as 'transferred'), `to_user_id` and
 * `decided_at` `now` (UTC). The sender gets an in-app notice. An account whose e-mail is not
 * confirmed accepts only through the link's token, mailed to that address alone, which confirms
 * the e-mail in the same transaction; by id it cannot (anyone could sign up with an address they
 * do not own). The account's e-mail and its confirmation are read in the transaction, not from the
 * session.
 * Throws DomainError: transfer_not_found, transfer_email_unconfirmed, and what decideAcceptance
 * throws (transfer_already_accepted, transfer_was_cancelled, transfer_wrong_account,
 * ticket_not_transferable, transfer_closed, transfer_meia_mismatch, holder_cpf_required, cpf_invalid),
 * cpf_limit, meia_cpf_repeated. The transfer is recorded in the audit trail by `actor`, the
 * recipient (docs/rules/audit.md 'What is recorded').
 * Returns the ticket's id.
 */
export async function acceptTransfer(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  account: { id: string; email: string },
  input: z.output<typeof acceptTransferSchema>,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<{ ticketId: string }> {
  return meiaGuarded(() =>
    deps.db.transaction(async (tx) => {
      const [user] = await queryRows<{ email: string; email_verified: boolean }>(
        tx,
        sql`SELECT email, email_verified FROM users WHERE id = ${account.id}`,
      );
      if (!user) throw new DomainError('unauthenticated');
      const where = input.token
        ? sql`tt.token_hash = ${hashTransferToken(input.token)}`
        : sql`tt.id = ${input.transferId!}::uuid AND tt.to_email = ${user.email.toLowerCase()}`;
      const [found] = await readTransfers(tx, where);
      if (!found) throw new DomainError('transfer_not_found');
      // The ticket first, as every writer of a ticket and its transfers locks them.
      const [ticket] = await readTickets(tx, { ids: [found.ticket_id] }, true);
      const [transfer] = await readTransfers(tx, sql`tt.id = ${found.id}::uuid`, true);
      if (!ticket || !transfer) throw new DomainError('transfer_not_found');
      const cpf = input.cpf ?? transfer.to_cpf;
      decideAcceptance({
        transfer: { status: transfer.status, toEmail: transfer.to_email },
        accountEmail: user.email,
        event: ticket.event,
        ticket,
        cpf,
        declared: { concession: input.concession ?? null, documentNumber: input.documentNumber ?? null },
        now,
      });
      if (!user.email_verified) {
        // The link's token went only to the recipient's address, which decideAcceptance found to be
        // this account's: following it proves the inbox, as the confirmation link would
        // (docs/rules/transfers.md 'Transfers'). Accepted in 'Meus ingressos' by id, it proves nothing.
        if (!input.token) throw new DomainError('transfer_email_unconfirmed');
        await tx.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
      }
      await assertTicketMayMove(tx, ticket, { cpf, userId: account.id });
      const code = createTicketCode(deps.ticketSigningKey);
      await moveHoldings(tx, ticketUnitsSql(sql`t.id = ${ticket.id}::uuid`), -1);
      await tx
        .update(tickets)
        .set({ code, userId: account.id, holderName: transfer.to_name, holderCpf: cpf })
        .where(eq(tickets.id, ticket.id));
      await moveHoldings(tx, ticketUnitsSql(sql`t.id = ${ticket.id}::uuid`), 1);
      await tx
        .update(ticketTransfers)
        .set({ status: 'accepted', oldCode: ticket.code, toUserId: account.id, toCpf: cpf, decidedAt: now })
        .where(eq(ticketTransfers.id, transfer.id));
      await recordAudit(tx, actor, {
        action: 'ticket.transferred',
        objectType: 'ticket',
        objectId: ticket.id,
        eventId: ticket.event.id,
        orderId: ticket.orderId,
        subjectUserId: ticket.userId,
        changes: {
          transferId: transfer.id,
          userId: { before: ticket.userId, after: account.id },
          holderName: { before: ticket.holderName, after: transfer.to_name },
          holderCpf: { before: maskCpf(ticket.holderCpf), after: maskCpf(cpf) },
        },
      });
      if (ticket.userId) {
        await notifyUser(
          tx,
          {
            userId: ticket.userId,
            type: 'event',
            title: 'Transferência aceita',
            message: `${transfer.to_name} aceitou o ingresso de ${ticket.event.title} que você transferiu. O código antigo não vale mais.`,
            actionUrl: '/tickets',
            channels: ['push'],
          },
          now,
        );
      }
      return { ticketId: ticket.id };
    }),
  );
}
