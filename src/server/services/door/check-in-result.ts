import { eq } from 'drizzle-orm';
import { type CheckInResult, REFUSAL_REASONS } from '../../../shared/schemas/tickets';
import { documentCheckOf, refusalMessage } from '../../domain/admission';
import type { Db } from '../../db/client';
import { checkIns, events, tickets } from '../../db/schema';
import type { ScanOutcome } from './admit-scans';

/**
 * The door's answer for a scan (POST /api/check-ins and the manual admission): 'VÁLIDO' with the
 * holder, the type and whether to ask for the meia-entrada document, or the refusal with its
 * pt-BR message ('too_early' names when the door opens: `door.opensAt`, a UTC instant).
 */
export function toCheckInResult({ ticket, decision }: ScanOutcome, door: { opensAt: Date }): CheckInResult {
  if (decision.admitted && ticket) {
    return {
      accepted: true,
      eventTitle: ticket.eventTitle,
      ticketTypeName: ticket.ticketTypeName,
      holderName: ticket.holderName,
      documentCheck: documentCheckOf(ticket.concession),
      checkedInAt: ticket.checkedInAt!.toISOString(),
    };
  }
  const reason = decision.admitted ? 'unknown_code' : decision.reason;
  const usedAt = reason === 'already_used' ? ((!decision.admitted && decision.checkedInAt) || ticket?.checkedInAt || null) : null;
  return {
    accepted: false,
    reason,
    message: refusalMessage(reason, { checkedInAt: usedAt, opensAt: door.opensAt, eventTitle: ticket?.eventTitle }),
    eventTitle: ticket?.eventTitle ?? null,
    ticketTypeName: ticket?.ticketTypeName ?? null,
    holderName: ticket?.holderName ?? null,
    checkedInAt: usedAt ? usedAt.toISOString() : null,
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
      eventTitle: events.title,
      ticketTypeName: tickets.ticketTypeName,
      concession: tickets.concession,
      holderName: tickets.holderName,
      checkedInAt: tickets.checkedInAt,
    })
    .from(checkIns)
    .leftJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(eq(checkIns.nonce, nonce));
  // admit-scans.ts records a found ticket's code, else what was scanned (at most 200 characters).
  if (recorded && recorded.scannedCode !== code.slice(0, 200)) {
    return {
      accepted: false,
      reason: 'nonce_reused',
      message: refusalMessage('nonce_reused'),
      eventTitle: null,
      ticketTypeName: null,
      holderName: null,
      checkedInAt: null,
    };
  }
  if (recorded?.accepted && recorded.ticketTypeName) {
    return {
      accepted: true,
      eventTitle: recorded.eventTitle ?? '',
      ticketTypeName: recorded.ticketTypeName,
      holderName: recorded.holderName,
      documentCheck: documentCheckOf(recorded.concession),
      checkedInAt: recorded.scannedAt.toISOString(),
    };
  }
  const reason = REFUSAL_REASONS.find((r) => r === recorded?.reason) ?? 'unknown_code';
  return {
    accepted: false,
    reason,
    message: refusalMessage(reason, { checkedInAt: recorded?.checkedInAt, eventTitle: recorded?.eventTitle }),
    eventTitle: recorded?.eventTitle ?? null,
    ticketTypeName: recorded?.ticketTypeName ?? null,
    holderName: recorded?.holderName ?? null,
    checkedInAt: reason === 'already_used' && recorded?.checkedInAt ? recorded.checkedInAt.toISOString() : null,
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
