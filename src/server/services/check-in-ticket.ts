import { sql } from 'drizzle-orm';
import type { CheckInResult } from '../../shared/schemas/tickets';
import { decideAdmission, refusalMessage } from '../domain/admission';
import { normalizeTicketCode, verifyTicketCode } from '../domain/ticket-code';
import { checkIns } from '../db/schema';
import { queryRows } from '../db/client';
import type { ServiceDeps } from './deps';

interface AdmittedRow {
  id: string;
  event_id: string;
  ticket_type_name: string;
  event_title: string;
  [key: string]: unknown;
}

interface TicketStateRow {
  id: string;
  event_id: string;
  status: 'valid' | 'refunded' | 'cancelled';
  checked_in_at: Date | string | null;
  ticket_type_name: string;
  order_status: string;
  event_title: string;
  [key: string]: unknown;
}

/**
 * Decides one scan at the door (SPEC.md 'Validator', PRODUCT.md 'Tickets and the door').
 *
 * A code whose signature fails is refused without touching the tickets. Otherwise one statement
 * decides: `UPDATE tickets SET checked_in_at = now WHERE code = $code AND checked_in_at IS NULL
 * AND status = 'valid' AND the order is completed (AND the event is the one picked)`, which also
 * inserts the accepted check-in. Of any number of concurrent scans of one code, exactly one
 * updates the row; the others find it used. Every scan, accepted or refused, is recorded in
 * `check_ins` with its reason; the unique index on accepted check-ins per ticket backs the rule
 * up. `now` is a UTC instant.
 */
export async function checkInTicket(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  input: { code: string; eventId?: string | null; validatorId: string; location?: string },
  now: Date = new Date(),
): Promise<CheckInResult> {
  const code = normalizeTicketCode(input.code);
  const expectedEventId = input.eventId ?? null;
  const location = input.location ?? 'Entrada principal';
  const { db } = deps;

  if (!verifyTicketCode(code, deps.ticketSigningKey)) {
    await db.insert(checkIns).values({
      scannedCode: code.slice(0, 200),
      eventId: expectedEventId,
      validatorId: input.validatorId,
      accepted: false,
      reason: 'unknown_code',
      location,
      scannedAt: now,
    });
    return refused('unknown_code', null);
  }

  // One statement admits and records the entry (no round trips while the row is locked).
  const admitted = await queryRows<AdmittedRow>(db, sql`
    WITH admitted AS (
      UPDATE tickets t SET checked_in_at = ${now}::timestamptz
      FROM orders o, events e
      WHERE t.code = ${code}
        AND t.checked_in_at IS NULL
        AND t.status = 'valid'
        AND o.id = t.order_id AND o.status = 'completed'
        AND e.id = t.event_id
        AND (${expectedEventId}::uuid IS NULL OR t.event_id = ${expectedEventId}::uuid)
      RETURNING t.id, t.event_id, t.ticket_type_name, e.title AS event_title
    ), recorded AS (
      INSERT INTO check_ins (ticket_id, event_id, scanned_code, validator_id, accepted, location, scanned_at)
      SELECT id, event_id, ${code}::text, ${input.validatorId}::text, true, ${location}::text, ${now}::timestamptz FROM admitted
    )
    SELECT * FROM admitted
  `);
  const row = admitted[0];
  if (row) {
    return {
      accepted: true as const,
      eventTitle: row.event_title,
      ticketTypeName: row.ticket_type_name,
      checkedInAt: now.toISOString(),
    };
  }

  const state = await queryRows<TicketStateRow>(db, sql`
    SELECT t.id, t.event_id, t.status, t.checked_in_at, t.ticket_type_name, o.status AS order_status, e.title AS event_title
    FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id
    WHERE t.code = ${code}
  `);
  const ticket = state[0];
  const decision = decideAdmission({
    ticket: ticket
      ? {
          status: ticket.status,
          orderStatus: ticket.order_status,
          eventId: ticket.event_id,
          checkedInAt: ticket.checked_in_at ? new Date(ticket.checked_in_at) : null,
        }
      : null,
    expectedEventId,
  });
  // The UPDATE found nothing to admit, so the decision cannot be 'admitted'; guard anyway.
  const reason = decision.admitted ? 'already_used' : decision.reason;
  const usedAt = ticket?.checked_in_at ? new Date(ticket.checked_in_at) : null;
  await db.insert(checkIns).values({
    ticketId: ticket?.id ?? null,
    eventId: ticket?.event_id ?? expectedEventId,
    scannedCode: code,
    validatorId: input.validatorId,
    accepted: false,
    reason,
    location,
    scannedAt: now,
  });
  return refused(reason, ticket ? { eventTitle: ticket.event_title, ticketTypeName: ticket.ticket_type_name, usedAt } : null);
}

function refused(
  reason: Exclude<CheckInResult, { accepted: true }>['reason'],
  ticket: { eventTitle: string; ticketTypeName: string; usedAt: Date | null } | null,
): CheckInResult {
  const usedAt = reason === 'already_used' ? (ticket?.usedAt ?? null) : null;
  return {
    accepted: false,
    reason,
    message: refusalMessage(reason, usedAt ?? undefined),
    eventTitle: ticket?.eventTitle ?? null,
    ticketTypeName: ticket?.ticketTypeName ?? null,
    checkedInAt: usedAt ? usedAt.toISOString() : null,
  };
}
