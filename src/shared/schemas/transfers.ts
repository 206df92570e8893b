import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { isValidCpf, onlyDigits } from '../cpf';
import { concessions } from '../concessions';

// A ticket's holder and its transfer to another person (docs/rules/transfers.md 'Transfers').

/** An optional CPF as typed ('529.982.247-25' or digits): blank -> null, else its digits; refused when not a real CPF. */
const optionalCpf = text()
  .trim()
  .max(20)
  .nullish()
  .refine((v) => !v || isValidCpf(v), 'CPF inválido')
  .transform((v) => (v ? onlyDigits(v) : null));

const personName = text().trim().min(1, 'Informe o nome de quem vai usar o ingresso').max(120, 'Nome muito longo');

/** Body of PUT /api/tickets/:id/holder: who uses the ticket ('Editar titular'). */
export const editHolderSchema = z.object({
  holderName: personName,
  holderCpf: optionalCpf,
});
export type EditHolderInput = z.input<typeof editHolderSchema>;

/** Body of POST /api/tickets/:id/transfers: who receives the ticket ('Transferir ingresso'). */
export const createTransferSchema = z.object({
  toName: text().trim().min(1, 'Informe o nome de quem vai receber o ingresso').max(120, 'Nome muito longo'),
  toEmail: text().trim().min(1, 'Informe o e-mail de quem vai receber o ingresso').max(200).pipe(z.email('E-mail inválido')),
  toCpf: optionalCpf,
});
export type CreateTransferInput = z.input<typeof createTransferSchema>;

/**
 * Body of POST /api/transfers/accept: the transfer named by the link's token or, in the app, by
 * its id; the recipient's CPF where it is asked, and for a meia-entrada ticket the category and
 * document they declare.
 */
export const acceptTransferSchema = z
  .object({
    token: text().trim().min(20).max(200).optional(),
    transferId: z.uuid().optional(),
    cpf: optionalCpf,
    concession: z.enum(concessions).nullish(),
    documentNumber: text().trim().max(40, 'Número do documento muito longo').nullish(),
  })
  .refine((v) => v.token || v.transferId, 'Transferência não encontrada.');
export type AcceptTransferInput = z.input<typeof acceptTransferSchema>;

/** A transfer as its sender, its recipient or the link page reads it. Instants are UTC ISO 8601. */
export const transferViewSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  status: z.enum(['pending', 'accepted', 'cancelled']),
  toName: z.string(),
  toEmail: z.string(),
  /** Who sent it: the holder's name at the time, else the sender's account name. */
  fromName: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  event: z.object({ id: z.string(), title: z.string(), date: z.string(), startTime: z.string(), location: z.string() }),
  sectorName: z.string(),
  /** A meia-entrada ticket: the category the recipient must declare. */
  concession: z.enum(concessions).nullable(),
  /** Whether the recipient's CPF is asked at acceptance (nominal event or meia) and not given by the sender. */
  asksCpf: z.boolean(),
});
export type TransferView = z.infer<typeof transferViewSchema>;

/** What 'Meus ingressos' shows of one of the user's tickets beside its card. */
export const ticketPeopleSchema = z.object({
  ticketId: z.string(),
  holderName: z.string().nullable(),
  /** The holder's CPF masked as typed ('529.982.247-25'); null when none. */
  holderCpf: z.string().nullable(),
  /** Whether the holder's CPF is asked (nominal event or meia). */
  asksCpf: z.boolean(),
  /** Whether the event is nominal: a transfer asks the recipient's CPF. */
  nominal: z.boolean(),
  /** 'Editar titular' is offered: a live ticket before the event starts. */
  canEditHolder: z.boolean(),
  /** 'Transferir ingresso' is offered: a live ticket, allowed by the organizer, before the deadline, none pending. */
  canTransfer: z.boolean(),
  /** Why transfer is not offered, in pt-BR, when the ticket is live but cannot go ('Transferências encerradas em ...'). */
  transferNote: z.string().nullable(),
  /** UTC ISO instant transfers of this event close. */
  transferDeadline: z.string(),
  /** The pending transfer the user sent, which they may cancel. */
  pendingTransfer: transferViewSchema.nullable(),
  /** The name of who transferred it to the user, when it came by transfer. */
  receivedFrom: z.string().nullable(),
});
export type TicketPeople = z.infer<typeof ticketPeopleSchema>;

/** GET /api/tickets/people: the user's tickets' holders and transfers, and transfers waiting for the user's e-mail. */
export const myTicketPeopleSchema = z.object({
  tickets: z.array(ticketPeopleSchema),
  incoming: z.array(transferViewSchema),
});
export type MyTicketPeople = z.infer<typeof myTicketPeopleSchema>;

/** Answer of PUT /api/tickets/:id/holder: the holder now, CPF masked as typed. */
export const ticketHolderSchema = z.object({ holderName: z.string(), holderCpf: z.string().nullable() });
export type TicketHolder = z.infer<typeof ticketHolderSchema>;

/** Answer of POST /api/transfers/:id/cancel. */
export const transferCancelledSchema = z.object({ cancelled: z.boolean() });
export type TransferCancelled = z.infer<typeof transferCancelledSchema>;

/** Answer of POST /api/transfers/accept: the ticket now the user's. */
export const transferAcceptedSchema = z.object({ ticketId: z.string() });
export type TransferAccepted = z.infer<typeof transferAcceptedSchema>;
