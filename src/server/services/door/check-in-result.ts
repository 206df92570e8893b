import { eq, sql } from 'drizzle-orm';
import { type CheckInResult, type DoorRefusal, REFUSAL_REASONS } from '../../../shared/schemas/tickets';
import { type AdmissionDecision, documentCheckOf, refusalMessage } from '../../domain/admission';
import type { Db } from '../../db/client';
import { checkIns, events, orders, tickets } from '../../db/schema';
import type { ScanOutcome, TicketState } from './admit-scans';
import type { DoorSessionRow } from './door-event';
import { ticketDoorOpensAt as sharedTicketDoorOpensAt } from '../../../shared/ticket-session';

type Refused = Extract<AdmissionDecision, { admitted: false }>;

/**
 * What a door's 'too_early' names, for a ticket (its `sessionIds`) at `door`: shared/ticket-session.ts
 * ticketDoorOpensAt over the door's session rows. UTC.
 */
export function ticketDoorOpensAt(
  ticket: { sessionIds?: string[] } | null,
  door: { opensAt: Date; sessions?: readonly DoorSessionRow[] },
  now: Date,
): Date {
  return sharedTicketDoorOpensAt(door.sessions, ticket ? (ticket.sessionIds ?? []) : null, door.opensAt, now, (s) => s.window.opensAt);
}

/**
 * A refusal as the door shows it, for the scan's answer (toCheckInResult) and the look-up's
 * verdict (search-door-tickets.ts) alike: the reason, when and at which gate a used ticket got in,
 * when the door opens for 'too_early' (ticketDoorOpensAt: the door of the ticket's own session on
 * an event with sessions, `door.sessions`; a UTC instant), the ticket's event (for
 * 'other_event') and whether it was cancelled, and the pt-BR message (refusalMessage at `now`).
 */
export function refusalOf(
  ticket: (Pick<TicketState, 'checkedInAt' | 'checkedInGate' | 'eventTitle' | 'isEventCancelled'> & { sessionIds?: string[] }) | null,
  decision: Pick<Refused, 'reason' | 'checkedInAt' | 'validSessions'>,
  door: { opensAt: Date; sessions?: readonly DoorSessionRow[] },
  now: Date,
): DoorRefusal & { message: string } {
  const { reason } = decision;
  const usedAt =
    reason === 'already_used'
      ? (decision.checkedInAt ?? ticket?.checkedInAt ?? null)
      : reason === 'already_inside'
        ? (decision.checkedInAt ?? null)
        : null;
  const refusal: DoorRefusal = {
    reason,
    eventTitle: ticket?.eventTitle ?? null,
    checkedInAt: usedAt ? usedAt.toISOString() : null,
    checkedInGate: usedAt && reason === 'already_used' ? (ticket?.checkedInGate ?? null) : null,
    opensAt: reason === 'too_early' ? ticketDoorOpensAt(ticket, door, now).toISOString() : null,
    isEventCancelled: ticket?.isEventCancelled ?? false,
    ...(decision.validSessions ? { validSessions: decision.validSessions } : {}),
  };
  return { ...refusal, message: refusalMessage(reason, refusal, now) };
}

/**
 * The door's answer for a scan (POST /api/check-ins and the manual admission): 'VÁLIDO' with the
 * holder (the name given for the ticket, else the buyer's), the type (a meia-entrada's names its
 * category: 'Inteira · Meia-entrada (Estudante)') and whether to ask for the meia-entrada document, with whether it was an
 * exit ('SAIU') or a re-entry ('VOLTOU') and the session's label, or the refusal (refusalOf;
 * 'too_early' names when the door of the ticket's session opens, ticketDoorOpensAt over `door`, read at `now`).
 */
export function toCheckInResult(
  { ticket, decision }: ScanOutcome,
  door: { opensAt: Date; sessions?: readonly DoorSessionRow[] },
  now: Date,
  sessionLabel: string | null = null,
): CheckInResult {
  if (decision.admitted && ticket) {
    return {
      accepted: true,
      eventTitle: ticket.eventTitle,
      sectorName: ticket.sectorName,
      holderName: ticket.holderName,
      documentCheck: documentCheckOf(ticket.concession),
      checkedInAt: ticket.checkedInAt!.toISOString(),
      direction: decision.direction,
      isReentry: decision.isReentry,
      sessionLabel,
    };
  }
  return {
    accepted: false,
    ...refusalOf(ticket, decision.admitted ? { reason: 'unknown_code' } : decision, door, now),
    sectorName: ticket?.sectorName ?? null,
    holderName: ticket?.holderName ?? null,
  };
}

/**
 * The answer to a scan whose nonce is already recorded. The same code again (the device sent the
 * scan twice, or queued it after a slow answer): the answer given the first time, from what was
 * recorded. Another code under that nonce: refused 'nonce_reused' with nothing about the ticket
 * recorded for it (its holder stays unseen) and nothing recorded for this one; the device scans
 * again under a new nonce. `code` is the normalized code of this scan.
 */
export async function answerRecorded(db: Db, nonce: string, code: string): Promise<CheckInResult> {
  const [recorded] = await db
    .select({
      scannedCode: checkIns.scannedCode,
      accepted: checkIns.accepted,
      reason: checkIns.reason,
      scannedAt: checkIns.scannedAt,
      direction: checkIns.direction,
      entryNumber: checkIns.entryNumber,
      eventTitle: events.title,
      sectorName: tickets.sectorName,
      concession: tickets.concession,
      holderName: sql<string | null>`coalesce(${tickets.holderName}, ${orders.buyerName})`,
      checkedInAt: tickets.checkedInAt,
    })
    .from(checkIns)
    .leftJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(eq(checkIns.nonce, nonce));
  // admit-scans.ts records a found ticket's code, else what was scanned (at most 200 characters).
  if (recorded && recorded.scannedCode !== code.slice(0, 200)) {
    return {
      accepted: false,
      reason: 'nonce_reused',
      message: refusalMessage('nonce_reused'),
      eventTitle: null,
      sectorName: null,
      holderName: null,
      checkedInAt: null,
      checkedInGate: null,
      opensAt: null,
      isEventCancelled: false,
    };
  }
  if (recorded?.accepted && recorded.sectorName) {
    return {
      accepted: true,
      eventTitle: recorded.eventTitle ?? '',
      sectorName: recorded.sectorName,
      holderName: recorded.holderName,
      documentCheck: documentCheckOf(recorded.concession),
      checkedInAt: recorded.scannedAt.toISOString(),
      direction: recorded.direction,
      isReentry: recorded.direction === 'in' && (recorded.entryNumber ?? 1) > 1,
    };
  }
  const reason = REFUSAL_REASONS.find((r) => r === recorded?.reason) ?? 'unknown_code';
  const refusal: DoorRefusal = {
    reason,
    eventTitle: recorded?.eventTitle ?? null,
    checkedInAt: reason === 'already_used' && recorded?.checkedInAt ? recorded.checkedInAt.toISOString() : null,
    checkedInGate: null,
    opensAt: null,
    isEventCancelled: false,
  };
  return {
    accepted: false,
    ...refusal,
    message: refusalMessage(reason, refusal),
    sectorName: recorded?.sectorName ?? null,
    holderName: recorded?.holderName ?? null,
  };
}

/** Whether an error is the unique violation of `check_ins.nonce` (a scan already recorded). */
export function isNonceTaken(error: unknown): boolean {
  let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === 'check_ins_nonce_unique' || /check_ins_nonce_unique/.test(e.message ?? '');
  }
  return false;
}
