import { formatInstant } from '../../shared/dates';

/** Why the door refuses a ticket (PRODUCT.md 'Tickets and the door'). */
export type RefusalReason = 'unknown_code' | 'already_used' | 'not_paid' | 'refunded' | 'cancelled' | 'other_event';

export type AdmissionDecision =
  | { admitted: true }
  | { admitted: false; reason: RefusalReason; checkedInAt?: Date };

export interface AdmissionInput {
  /** The ticket the scanned code names, or null when no ticket carries that code. */
  ticket: null | {
    status: 'valid' | 'refunded' | 'cancelled';
    orderStatus: string;
    eventId: string;
    /** The accepted check-in, when there is one (UTC instant). */
    checkedInAt: Date | null;
  };
  /** The event the door staff are working, or null to accept any event. */
  expectedEventId: string | null;
}

/**
 * Decides whether a scanned ticket gets in (PRODUCT.md 'Tickets and the door'). Checks, in
 * order: no ticket -> 'unknown_code'; another event than the one the door works (when one is
 * picked) -> 'other_event'; ticket or order refunded -> 'refunded'; ticket or order cancelled
 * -> 'cancelled'; order not 'completed' -> 'not_paid'; already checked in -> 'already_used'
 * with the time of that entry. A refusal is a normal answer, never thrown. The caller makes
 * the check-in itself atomic; this only decides from what it loaded.
 */
export function decideAdmission(input: AdmissionInput): AdmissionDecision {
  const { ticket, expectedEventId } = input;
  if (!ticket) return { admitted: false, reason: 'unknown_code' };
  if (expectedEventId !== null && ticket.eventId !== expectedEventId) {
    return { admitted: false, reason: 'other_event' };
  }
  if (ticket.status === 'refunded' || ticket.orderStatus === 'refunded') {
    return { admitted: false, reason: 'refunded' };
  }
  if (ticket.status === 'cancelled' || ticket.orderStatus === 'cancelled') {
    return { admitted: false, reason: 'cancelled' };
  }
  if (ticket.orderStatus !== 'completed') return { admitted: false, reason: 'not_paid' };
  if (ticket.checkedInAt) {
    return { admitted: false, reason: 'already_used', checkedInAt: ticket.checkedInAt };
  }
  return { admitted: true };
}

/**
 * The pt-BR text the door shows under 'INVÁLIDO' for a refusal, e.g. 'Ingresso já utilizado
 * em 15/03/2025 às 20:03' (time of the first entry in São Paulo, via formatInstant; without
 * it, 'Ingresso já utilizado').
 */
export function refusalMessage(reason: RefusalReason, checkedInAt?: Date): string {
  switch (reason) {
    case 'already_used':
      return checkedInAt ? `Ingresso já utilizado em ${formatInstant(checkedInAt)}` : 'Ingresso já utilizado';
    case 'not_paid':
      return 'Pagamento não confirmado para este ingresso';
    case 'refunded':
      return 'Ingresso reembolsado';
    case 'cancelled':
      return 'Ingresso cancelado';
    case 'other_event':
      return 'Ingresso de outro evento';
    case 'unknown_code':
      return 'Código não reconhecido';
  }
}
