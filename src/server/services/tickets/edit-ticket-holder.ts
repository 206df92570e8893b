import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { z } from 'zod';
import type { editHolderSchema } from '../../../shared/schemas/transfers';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';
import { decideHolderEdit, isHolderCpfAsked } from '../../domain/transfers';
import { moveHoldings, ticketUnitsSql } from '../orders/cpf-holdings';
import { assertTicketMayMove, meiaGuarded } from './ticket-holding';
import { readTickets } from './ticket-rows';
import { maskCpf, recordAudit, type AuditActor } from '../audit/record-audit';
import { diffFields } from '../audit/diff-fields';

/**
 * 'Editar titular': the ticket's owner (`userId`, the account the ticket belongs to) names who
 * uses it, and gives their CPF where it is asked (nominal event or meia-entrada). In one
 * transaction the ticket is locked and domain/transfers decideHolderEdit decides (until the event
 * starts; a meia keeps its holder's CPF); a new CPF may hold it (ticket-holding.ts
 * assertTicketMayMove: the limit per CPF, as the sale counts it); the name and CPF (digits) are stored. Where the
 * CPF is not asked, a CPF given is stored too. `now` is UTC.
 * Throws DomainError: not_found (no such ticket of this user), holder_not_editable,
 * holder_locked, holder_meia_transfer_only, holder_cpf_required, cpf_invalid, validation_failed,
 * cpf_limit, meia_cpf_repeated. A change is recorded in the audit trail by `actor` (CPFs masked;
 * docs/rules/audit.md 'What is recorded').
 * Returns the stored holder.
 */
export async function editTicketHolder(
  db: Db,
  userId: string,
  ticketId: string,
  input: z.output<typeof editHolderSchema>,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<{ holderName: string; holderCpf: string | null }> {
  const parsed = input;
  return meiaGuarded(() =>
    db.transaction(async (tx) => {
      const [ticket] = await readTickets(tx, { ids: [ticketId] }, true);
      if (!ticket || ticket.userId !== userId) throw new DomainError('not_found');
      decideHolderEdit({ event: ticket.event, ticket, holderCpf: parsed.holderCpf, now });
      const holderCpf = parsed.holderCpf ?? (isHolderCpfAsked(ticket.event, ticket) ? ticket.holderCpf : null);
      await assertTicketMayMove(tx, ticket, { cpf: holderCpf, userId: ticket.userId });
      await moveHoldings(tx, ticketUnitsSql(sql`t.id = ${ticket.id}::uuid`), -1);
      await tx.update(tickets).set({ holderName: parsed.holderName, holderCpf }).where(eq(tickets.id, ticket.id));
      await moveHoldings(tx, ticketUnitsSql(sql`t.id = ${ticket.id}::uuid`), 1);
      const changes = diffFields(
        { holderName: ticket.holderName, holderCpf: maskCpf(ticket.holderCpf) },
        { holderName: parsed.holderName, holderCpf: maskCpf(holderCpf) },
        ['holderName', 'holderCpf'],
      );
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, actor, {
          action: 'ticket.holder_changed',
          objectType: 'ticket',
          objectId: ticket.id,
          eventId: ticket.event.id,
          orderId: ticket.orderId,
          subjectUserId: userId,
          changes,
        });
      }
      return { holderName: parsed.holderName, holderCpf };
    }),
  );
}
