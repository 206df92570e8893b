import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import type { createTransferSchema, TransferView } from '../../../shared/schemas/transfers';
import { queryRows } from '../../db/client';
import { ticketTransfers } from '../../db/schema';
import { decideTransfer } from '../../domain/transfers';
import { enqueueJobs } from '../jobs';
import { notifyUser } from '../notifications/notify-user';
import type { ServiceDeps } from '../deps';
import { hashTransferToken, readTickets, readTransfers, toTransferView, transferToken } from './ticket-rows';

/**
 * 'Transferir ingresso' (docs/rules/transfers.md 'Transfers'): the ticket's owner `sender` sends it
 * to a name and e-mail (and CPF where the event is nominal). In one transaction: the ticket is
 * locked, its pending transfer looked for, domain/transfers decideTransfer decides (live ticket,
 * allowed by the organizer, before the deadline, not to the sender's own e-mail, none pending,
 * CPF where nominal); a pending transfer is stored with a random id and the hash of its link's
 * token (ticket-rows transferToken), the e-mail with the link is queued (job 'transfer_email')
 * and, when an account has that e-mail, an in-app notice stored for it. The ticket keeps its
 * code and owner until the recipient accepts. `now` is UTC.
 * Throws DomainError: not_found (no such ticket of the sender), ticket_not_transferable,
 * transfer_not_allowed, transfer_closed, transfer_to_self, transfer_already_pending (also when a
 * concurrent request stored one first: unique index ticket_transfers_one_pending),
 * holder_cpf_required, cpf_invalid.
 */
export async function createTransfer(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  sender: { id: string; email: string; name: string },
  ticketId: string,
  input: z.output<typeof createTransferSchema>,
  now: Date = new Date(),
): Promise<TransferView> {
  const toEmail = input.toEmail.trim().toLowerCase();
  try {
    return await deps.db.transaction(async (tx) => {
      const [ticket] = await readTickets(tx, { ids: [ticketId] }, true);
      if (!ticket || ticket.userId !== sender.id) throw new DomainError('not_found');
      const pending = await readTransfers(tx, sql`tt.ticket_id = ${ticket.id}::uuid AND tt.status = 'pending'`);
      decideTransfer({
        event: ticket.event,
        ticket,
        senderEmail: sender.email,
        toEmail,
        toCpf: input.toCpf,
        hasPendingTransfer: pending.length > 0,
        now,
      });
      const id = randomUUID();
      await tx.insert(ticketTransfers).values({
        id,
        ticketId: ticket.id,
        eventId: ticket.event.id,
        fromUserId: sender.id,
        fromHolderName: ticket.holderName ?? sender.name,
        toName: input.toName,
        toEmail,
        toCpf: input.toCpf,
        tokenHash: hashTransferToken(transferToken(deps.ticketSigningKey, id)),
        createdAt: now,
      });
      await enqueueJobs(tx, [{ kind: 'transfer_email', payload: { transferId: id } }], now);
      const [account] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE lower(email) = ${toEmail}`);
      if (account) {
        await notifyUser(
          tx,
          {
            userId: account.id,
            type: 'event',
            title: 'Você recebeu um ingresso',
            message: `${sender.name} transferiu um ingresso de ${ticket.event.title} para você. Aceite em Meus ingressos.`,
            actionUrl: '/tickets',
            // The transfer's own e-mail carries the link.
            channels: ['push', 'whatsapp'],
          },
          now,
        );
      }
      const [stored] = await readTransfers(tx, sql`tt.id = ${id}::uuid`);
      return toTransferView(stored, ticket);
    });
  } catch (error) {
    if (isPendingViolation(error)) throw new DomainError('transfer_already_pending');
    throw error;
  }
}

/** A unique violation of ticket_transfers_one_pending, as `pg` and PGlite raise it, possibly wrapped by Drizzle. */
function isPendingViolation(error: unknown): boolean {
  let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === 'ticket_transfers_one_pending' || /ticket_transfers_one_pending/.test(e.message ?? '');
  }
  return false;
}
