import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DoorOfflineData } from '../../../shared/schemas/tickets';
import { documentCheckOf, offlineTicketStatus } from '../../domain/admission';
import type { Db } from '../../db/client';
import { orders, ticketTransfers, tickets } from '../../db/schema';
import { loadWorkableDoorEvent } from './door-event';
import { rotationSecretOf } from '../../domain/rotation-secret';

/** How a door device names a ticket offline: base64url (no padding) of SHA-256 over the code. */
export function hashTicketCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('base64url');
}

/**
 * What a door device keeps to decide without network (PRODUCT.md 'Tickets and the door', the way
 * pretixSCAN keeps its event's list): the event with its window (UTC instants) and every ticket
 * issued for it, named by the hash of its code (hashTicketCode; the codes themselves never leave
 * the server here), with holder (the buyer when none was named), type, whether the meia-entrada
 * document is asked, its status as the door would read it (offlineTicketStatus) and when it
 * entered; and the hashes of the old codes of its tickets transferred to someone else (accepted
 * transfers), which the device refuses 'transferred' (only hashes: a few bytes each). Only for an event a door may
 * work at `now` (loadWorkableDoorEvent): no list of a past event or a draft. Throws
 * DomainError('event_not_found'). For an event whose QR codes rotate, each ticket carries its
 * rotation secret (domain/rotation-secret.ts, from `signingKey`) so the device checks the TOTP
 * it reads (shared/rotating-qr.ts): what a door needs offline, as Google Wallet's rotating
 * barcodes give the verifier the secret.
 */
export async function getOfflineData(
  db: Db,
  eventId: string,
  opensMinutesBefore: number,
  now: Date = new Date(),
  signingKey?: Buffer,
): Promise<DoorOfflineData> {
  const door = await loadWorkableDoorEvent(db, eventId, opensMinutesBefore, now);
  const rows = await db
    .select({
      code: tickets.code,
      eventId: tickets.eventId,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      ticketTypeName: tickets.ticketTypeName,
      concession: tickets.concession,
      holderName: tickets.holderName,
      buyerName: orders.buyerName,
      orderStatus: orders.status,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.eventId, eventId));
  const transferred = await db
    .select({ oldCode: ticketTransfers.oldCode })
    .from(ticketTransfers)
    .where(and(eq(ticketTransfers.eventId, eventId), eq(ticketTransfers.status, 'accepted'), isNotNull(ticketTransfers.oldCode)));
  return {
    event: { id: door.id, title: door.title, opensAt: door.window.opensAt.toISOString(), closesAt: door.window.closesAt.toISOString(), ...(door.rotatingQr ? { rotatingQr: true } : {}) },
    tickets: rows.map((row) => ({
      hash: hashTicketCode(row.code),
      holderName: row.holderName ?? row.buyerName,
      ticketTypeName: row.ticketTypeName,
      documentCheck: documentCheckOf(row.concession),
      status: door.isCancelled ? 'cancelled' : offlineTicketStatus(row),
      checkedInAt: row.checkedInAt ? row.checkedInAt.toISOString() : null,
      ...(door.rotatingQr && signingKey ? { rotationSecret: rotationSecretOf(signingKey, row.code) } : {}),
    })),
    transferredHashes: transferred.map((row) => hashTicketCode(row.oldCode!)),
    generatedAt: now.toISOString(),
  };
}
