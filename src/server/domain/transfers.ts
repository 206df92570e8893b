import { DomainError } from '../../shared/errors';
import { eventInstant } from '../../shared/dates';
import { isValidCpf } from '../../shared/cpf';
import { concessionDocumentLabel, type Concession } from '../../shared/concessions';

// The rules of a ticket's holder and of its transfer to another person (
// docs/rules/transfers.md 'Transfers': every ticket carries its holder's name, CPF too where the event is nominal or the
// ticket is meia; editable by the buyer until the event starts; transferable to another person
// who accepts it, while the organizer allows it and until its deadline, 24 h before by default).
// Pure: no database, no clock (`now` is an argument, a UTC instant).

/** The states of a transfer: waiting for the recipient, taken by them, or withdrawn by the sender. */
export type TransferState = 'pending' | 'accepted' | 'cancelled';

/** The event as these rules read it: São Paulo calendar date and wall time, and the organizer's choices. */
export interface TransferEvent {
  date: string;
  startTime: string;
  cancelledAt: Date | null;
  nominal: boolean;
  transferAllowed: boolean;
  /** Hours before the start when transfers close (events.transfer_deadline_hours, default 24). */
  transferDeadlineHours: number;
}

/** A ticket as these rules read it, with its order's status. */
export interface TransferTicket {
  status: 'valid' | 'refunded' | 'cancelled';
  orderStatus: string;
  checkedInAt: Date | null;
  concession: Concession | null;
  /** The ticket is in an open refund (pending, approved or processed: tickets.refund_id); absent: not. */
  inRefund?: boolean;
}

/** The UTC instant the event starts (its date and start time in America/Sao_Paulo). */
export function eventStart(event: Pick<TransferEvent, 'date' | 'startTime'>): Date {
  return eventInstant(event.date, event.startTime);
}

/** The last instant a transfer may be made: `transferDeadlineHours` before the start (UTC). */
export function transferDeadline(event: Pick<TransferEvent, 'date' | 'startTime' | 'transferDeadlineHours'>): Date {
  return new Date(eventStart(event).getTime() - event.transferDeadlineHours * 3_600_000);
}

/** Whether the ticket can still admit: paid, not refunded or cancelled, not used, its event not cancelled. */
export function isTicketLive(ticket: TransferTicket, event: Pick<TransferEvent, 'cancelledAt'>): boolean {
  return ticket.orderStatus === 'completed' && ticket.status === 'valid' && ticket.checkedInAt === null && event.cancelledAt === null;
}

/** Whether the holder's CPF is asked for this ticket: the event is nominal or the ticket is meia-entrada. */
export function isHolderCpfAsked(event: Pick<TransferEvent, 'nominal'>, ticket: Pick<TransferTicket, 'concession'>): boolean {
  return event.nominal || ticket.concession !== null;
}

/**
 * Decides a change of the holder's name (and CPF) by the ticket's owner. Checks, in order: the
 * ticket can still admit (else 'holder_not_editable'); the event has not started at `now` (else
 * 'holder_locked', docs/rules/transfers.md 'Holder edits': editable until the event starts); where the CPF is asked
 * (isHolderCpfAsked) a valid CPF is given (else 'holder_cpf_required' / 'cpf_invalid', field
 * 'holderCpf'). Throws DomainError; returns nothing when the change may be made.
 */
export function decideHolderEdit(input: {
  event: TransferEvent;
  ticket: TransferTicket & { holderCpf?: string | null };
  holderCpf: string | null;
  now: Date;
}): void {
  const { event, ticket, holderCpf, now } = input;
  if (!isTicketLive(ticket, event)) throw new DomainError('holder_not_editable');
  if (now.getTime() >= eventStart(event).getTime()) throw new DomainError('holder_locked');
  // A meia-entrada belongs to its holder (Lei 12.933/2013): another person gets it only by a transfer, declaring category and document.
  if (ticket.concession && holderCpf && ticket.holderCpf && holderCpf !== ticket.holderCpf)
    throw new DomainError('holder_meia_transfer_only', { field: 'holderCpf' });
  checkCpf(event, ticket, holderCpf, 'holderCpf');
}

/**
 * Decides whether the owner (signed in as `senderEmail`) may send the ticket to `toEmail` now.
 * Checks, in order: the ticket can still admit (else 'ticket_not_transferable': used, refunded,
 * cancelled, unpaid, in an open refund, or its event cancelled); the organizer allows transfers (else
 * 'transfer_not_allowed'); `now` is before transferDeadline (else 'transfer_closed', details
 * `deadline` ISO); the recipient is not the sender (same e-mail, case-insensitive:
 * 'transfer_to_self'); no other transfer of the ticket is pending ('transfer_already_pending');
 * where the event is nominal a valid CPF of the recipient is given ('holder_cpf_required' /
 * 'cpf_invalid', field 'toCpf'). Throws DomainError; returns nothing when it may be sent.
 */
export function decideTransfer(input: {
  event: TransferEvent;
  ticket: TransferTicket;
  senderEmail: string;
  toEmail: string;
  toCpf: string | null;
  hasPendingTransfer: boolean;
  now: Date;
}): void {
  const { event, ticket, now } = input;
  if (!isTicketLive(ticket, event) || ticket.inRefund) throw new DomainError('ticket_not_transferable');
  if (!event.transferAllowed) throw new DomainError('transfer_not_allowed');
  const deadline = transferDeadline(event);
  if (now.getTime() >= deadline.getTime()) throw new DomainError('transfer_closed', { deadline: deadline.toISOString() });
  if (input.senderEmail.trim().toLowerCase() === input.toEmail.trim().toLowerCase())
    throw new DomainError('transfer_to_self', { field: 'toEmail' });
  if (input.hasPendingTransfer) throw new DomainError('transfer_already_pending');
  if (event.nominal) checkCpf(event, { concession: null }, input.toCpf, 'toCpf');
}

/**
 * Decides the recipient's acceptance of a transfer, signed in as `accountEmail`. Checks, in
 * order: the transfer is still pending (else 'transfer_already_accepted' or
 * 'transfer_was_cancelled'); the account's e-mail is the one the ticket was sent to
 * (case-insensitive; else 'transfer_wrong_account'); the ticket can still admit (else
 * 'ticket_not_transferable'); the event has not started (else 'transfer_closed': a transfer sent
 * before the deadline may be accepted until the start); for a meia-entrada ticket the recipient
 * declares the same category and, where the category has one (concessionDocumentLabel), a
 * document number (Lei 12.933/2013: the benefit belongs to the person; else
 * 'transfer_meia_mismatch'); where the CPF is asked (isHolderCpfAsked), a valid CPF (else
 * 'holder_cpf_required' / 'cpf_invalid', field 'cpf'). Throws DomainError.
 */
export function decideAcceptance(input: {
  transfer: { status: TransferState; toEmail: string };
  accountEmail: string;
  event: TransferEvent;
  ticket: TransferTicket;
  cpf: string | null;
  declared: { concession: Concession | null; documentNumber: string | null };
  now: Date;
}): void {
  const { transfer, event, ticket, now } = input;
  if (transfer.status === 'accepted') throw new DomainError('transfer_already_accepted');
  if (transfer.status === 'cancelled') throw new DomainError('transfer_was_cancelled');
  if (transfer.toEmail.trim().toLowerCase() !== input.accountEmail.trim().toLowerCase()) throw new DomainError('transfer_wrong_account');
  if (!isTicketLive(ticket, event) || ticket.inRefund) throw new DomainError('ticket_not_transferable');
  if (now.getTime() >= eventStart(event).getTime()) throw new DomainError('transfer_closed');
  if (ticket.concession) {
    const needsDocument = concessionDocumentLabel[ticket.concession] !== null;
    if (input.declared.concession !== ticket.concession || (needsDocument && !input.declared.documentNumber?.trim())) {
      throw new DomainError('transfer_meia_mismatch', {
        field: input.declared.concession !== ticket.concession ? 'concession' : 'documentNumber',
      });
    }
  }
  checkCpf(event, ticket, input.cpf, 'cpf');
}

/** Where the CPF is asked, a present and valid one; `field` names the form field in the error. */
function checkCpf(
  event: Pick<TransferEvent, 'nominal'>,
  ticket: Pick<TransferTicket, 'concession'>,
  cpf: string | null,
  field: string,
): void {
  if (cpf && !isValidCpf(cpf)) throw new DomainError('cpf_invalid', { field });
  if (isHolderCpfAsked(event, ticket) && !cpf) throw new DomainError('holder_cpf_required', { field });
}
