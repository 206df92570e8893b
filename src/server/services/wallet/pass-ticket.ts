import { and, eq, inArray, sql } from 'drizzle-orm';
import { ticketDisplayStatus } from '../../../shared/ticket-status';
import type { TicketDisplayStatus } from '../../../shared/schemas/tickets';
import type { Db } from '../../db/client';
import { events, orders, ticketTransfers, tickets, walletPassVersions } from '../../db/schema';
import { passFingerprint, type PassTicket } from '../../domain/wallet-pass';

/** A ticket as its wallet pass shows it, with who owns it and the codes it carried before a transfer. */
export interface LoadedPassTicket extends PassTicket {
  /** The account the ticket belongs to (tickets.user_id). */
  userId: string | null;
  displayStatus: TicketDisplayStatus;
  /** Codes the ticket carried before a transfer gave it a new one (ticket_transfers.old_code). */
  previousCodes: string[];
}

/**
 * The tickets with `ids` as wallet passes show them (docs/rules/tickets.md 'Wallet passes'):
 * voided when the ticket or its order was refunded or cancelled; `displayStatus` as 'Meus
 * ingressos' shows it at `now` (UTC). Unknown ids are left out.
 */
export async function loadPassTickets(db: Db, ids: string[], now: Date = new Date()): Promise<LoadedPassTicket[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ticket: tickets, orderStatus: orders.status, event: events })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(inArray(tickets.id, ids));
  const moved = await db
    .select({ ticketId: ticketTransfers.ticketId, oldCode: ticketTransfers.oldCode })
    .from(ticketTransfers)
    .where(
      and(inArray(ticketTransfers.ticketId, ids), eq(ticketTransfers.status, 'accepted'), sql`${ticketTransfers.oldCode} IS NOT NULL`),
    );
  return rows.map(({ ticket, orderStatus, event }) => {
    const displayStatus = ticketDisplayStatus({ orderStatus, ticketStatus: ticket.status, checkedInAt: ticket.checkedInAt, event, now });
    const voided = displayStatus === 'refunded' || displayStatus === 'cancelled' || displayStatus === 'pending';
    return {
      id: ticket.id,
      code: ticket.code,
      sectorName: ticket.sectorName,
      holderName: ticket.holderName,
      event: {
        id: event.id,
        title: event.title,
        date: event.date,
        startTime: event.startTime,
        endTime: event.endTime,
        location: event.location,
        fullAddress: event.fullAddress,
        rotatingQr: event.rotatingQr,
      },
      voided,
      userId: ticket.userId,
      displayStatus,
      previousCodes: moved.filter((m) => m.ticketId === ticket.id).map((m) => m.oldCode!),
    };
  });
}

/**
 * When each pass last changed (UTC), moving it to `now` for a pass whose fingerprint
 * (domain/wallet-pass.ts passFingerprint) differs from the one stored: the 'updated since' tag of
 * Apple's web service and a pass's Last-Modified, without a column on tickets. A pass seen for the
 * first time is dated `now`.
 */
export async function passVersions(db: Db, passes: PassTicket[], now: Date = new Date()): Promise<Map<string, Date>> {
  const versions = new Map<string, Date>();
  if (passes.length === 0) return versions;
  const stored = await db
    .select()
    .from(walletPassVersions)
    .where(
      inArray(
        walletPassVersions.ticketId,
        passes.map((p) => p.id),
      ),
    );
  for (const pass of passes) {
    const fingerprint = passFingerprint(pass);
    const known = stored.find((s) => s.ticketId === pass.id);
    if (known && known.fingerprint === fingerprint) {
      versions.set(pass.id, known.updatedAt);
      continue;
    }
    const at = now;
    const [row] = await db
      .insert(walletPassVersions)
      .values({ ticketId: pass.id, fingerprint, updatedAt: at })
      .onConflictDoUpdate({
        target: walletPassVersions.ticketId,
        set: {
          fingerprint,
          updatedAt: sql`CASE WHEN ${walletPassVersions.fingerprint} = ${fingerprint} THEN ${walletPassVersions.updatedAt} ELSE ${at.toISOString()}::timestamptz END`,
        },
      })
      .returning({ updatedAt: walletPassVersions.updatedAt });
    versions.set(pass.id, row.updatedAt);
  }
  return versions;
}
