import { DomainError } from '../../../shared/errors';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { assertMayHold, type CpfTaken } from '../../domain/sale';
import { ticketCpfOf } from '../orders/cpf-holdings';
import { loadSaleState } from '../orders/sale-state';
import type { TicketRow } from './ticket-rows';

/**
 * Whether a ticket may come to another person: its holder's CPF `to.cpf` (null: none named) and
 * the account `to.userId` that will own it. The CPF and the account it would come to may not pass
 * the event's limit per CPF, and a meia-entrada may not come to a CPF holding one already
 * (domain/sale.ts assertMayHold, the sale's own rule). Read with the event's sectors locked, in the
 * order every sale locks them (orders/sale-state.ts loadSaleState), after the ticket's own lock,
 * so a transfer, a holder edit and a sale on the same CPF take turns. Nothing is read when the
 * ticket stays with the same CPF and account. Throws DomainError('cpf_limit' | 'meia_cpf_repeated').
 */
export async function assertTicketMayMove(tx: Tx, ticket: TicketRow, to: { cpf: string | null; userId: string | null }): Promise<void> {
  const order = { userId: ticket.orderUserId, buyerCpf: ticket.buyerCpf };
  const fromCpf = ticketCpfOf({ holderCpf: ticket.storedHolderCpf, userId: ticket.userId }, order);
  const toCpf = ticketCpfOf({ holderCpf: to.cpf, userId: to.userId }, order);
  const byCpf = new Map<string, CpfTaken>();
  if (toCpf && toCpf !== fromCpf) byCpf.set(toCpf, { units: 1, meia: ticket.concession ? 1 : 0 });
  const toAccount = to.userId !== null && to.userId !== ticket.userId ? to.userId : null;
  if (byCpf.size === 0 && !toAccount) return;
  const { state } = await loadSaleState(tx, ticket.event.id, {
    lock: true,
    codes: [],
    cpfs: [...byCpf.keys()],
    anyMeia: ticket.concession !== null,
    userIds: toAccount ? [toAccount] : [],
  });
  assertMayHold(state.event?.maxTicketsPerCpf ?? null, state, { byCpf, userId: toAccount, units: toAccount ? 1 : 0 });
}

/**
 * Runs a change of a ticket's holder, answering the database's own guard of one valid meia per CPF
 * and event (unique index tickets_one_meia_per_cpf) as the rule's error, DomainError('meia_cpf_repeated').
 */
export async function meiaGuarded<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, 'tickets_one_meia_per_cpf')) throw new DomainError('meia_cpf_repeated');
    throw error;
  }
}
