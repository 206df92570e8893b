import { isEventPast } from './dates';
import type { TicketDisplayStatus } from './schemas/tickets';
import type { OrderStatus, TicketStatus } from './statuses';

export type { OrderStatus, TicketDisplayStatus };

export interface TicketDisplayStatusInput {
  orderStatus: OrderStatus;
  /** null while the order has no tickets yet (not paid). */
  ticketStatus: TicketStatus | null;
  /** First accepted check-in, as a Date or an ISO 8601 string; null if never used. */
  checkedInAt: string | Date | null;
  event: { date: string; startTime: string; endTime: string | null };
  now: Date;
}

/**
 * Decides the status a ticket shows, in this order (docs/rules/tickets.md 'Ticket status'):
 * a refunded or cancelled order -> 'refunded' / 'cancelled'; any other order not 'completed'
 * -> 'pending'; a refunded or cancelled ticket -> 'refunded' / 'cancelled'; checked in ->
 * 'used'; event over at `now` (isEventPast, São Paulo time) -> 'expired'; else 'valid'.
 * Throws DomainError('validation_failed') only for a malformed event date or time.
 */
export function ticketDisplayStatus(input: TicketDisplayStatusInput): TicketDisplayStatus {
  const { orderStatus, ticketStatus } = input;
  if (orderStatus === 'refunded' || orderStatus === 'cancelled') return orderStatus;
  if (orderStatus !== 'completed') return 'pending';
  if (ticketStatus === 'refunded' || ticketStatus === 'cancelled') return ticketStatus;
  if (input.checkedInAt !== null) return 'used';
  if (isEventPast(input.event, input.now)) return 'expired';
  return 'valid';
}

/** The pt-BR label of each ticket display status, as the ticket card shows it. */
export const ticketStatusLabel: Readonly<Record<TicketDisplayStatus, string>> = {
  valid: 'Válido',
  used: 'Utilizado',
  expired: 'Expirado',
  pending: 'Pendente',
  refunded: 'Reembolsado',
  cancelled: 'Cancelado',
  transferred: 'Transferido',
};

/** Whether 'Ver QR Code' is offered: only for a valid ticket (docs/rules/tickets.md 'Ticket status'). */
export function canShowQrCode(status: TicketDisplayStatus): boolean {
  return status === 'valid';
}
