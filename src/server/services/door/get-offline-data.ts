import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { hashTicketCode } from '../../../shared/admission';
import type { DoorOfflineData } from '../../../shared/schemas/tickets';
import { type AcceptedScan, offlineTicketOf } from '../../domain/admission';
import type { Db } from '../../db/client';
import { checkIns, orderItems, orders, ticketTransfers, sectorSessions, tickets } from '../../db/schema';
import { loadWorkableDoorEvent, toDoorSession } from './door-event';
import { rotationSecretOf } from '../../domain/rotation-secret';

/**
 * What a door device keeps to decide without network (docs/rules/door.md 'The offline door', the way
 * pretixSCAN keeps its event's list): the event with its window (UTC instants; `isCancelled` when
 * its organizer cancelled it) and every ticket issued for it as domain/admission offlineTicketOf
 * lists it, named by the hash of its code (shared/admission hashTicketCode; the codes themselves
 * never leave the server here), with holder (the buyer when none was named), type, whether the
 * meia-entrada document is asked, its status as the door would read it and when it entered; and the hashes of the old codes of its tickets transferred to someone else (accepted
 * transfers), which the device refuses 'transferred' (only hashes: a few bytes each). Only for an event a door may
 * work at `now` (loadWorkableDoorEvent): no list of a past event or a draft. Throws
 * DomainError('event_not_found'). For an event whose QR codes rotate, each ticket carries its
 * rotation secret (domain/rotation-secret.ts, from `signingKey`) so the device checks the TOTP
 * it reads (shared/rotating-qr.ts): what a door needs offline, as Google Wallet's rotating
 * barcodes give the verifier the secret. For an event with sessions, the event carries them with
 * their windows and each ticket the sessions its sector is valid for (empty: all); with sessions
 * or exit scans, each ticket carries its entries and exits per session (`turns`) and is not
 * 'used' by an entry (the device weighs the turns with shared/admission decideAdmission, the rule
 * the server's scans go through).
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
      id: tickets.id,
      sectorId: orderItems.sectorId,
      code: tickets.code,
      eventId: tickets.eventId,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      sectorName: tickets.sectorName,
      concession: tickets.concession,
      holderName: tickets.holderName,
      buyerName: orders.buyerName,
      orderStatus: orders.status,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(orderItems, eq(orderItems.id, tickets.orderItemId))
    .where(eq(tickets.eventId, eventId));
  // With sessions or exit scans, entries are weighed per session and turn: each ticket carries its turns.
  const byTurns = door.sessions.length > 0 || door.exitScans;
  const scans = new Map<string, AcceptedScan[]>();
  if (byTurns) {
    const accepted = await db
      .select({
        ticketId: checkIns.ticketId,
        sessionId: checkIns.sessionId,
        direction: checkIns.direction,
        at: checkIns.scannedAt,
        gate: checkIns.location,
      })
      .from(checkIns)
      .where(and(eq(checkIns.eventId, eventId), eq(checkIns.accepted, true)));
    for (const scan of accepted) if (scan.ticketId) scans.set(scan.ticketId, [...(scans.get(scan.ticketId) ?? []), scan]);
  }
  const validFor = new Map<string, string[]>();
  const typeIds = [...new Set(rows.flatMap((row) => (row.sectorId ? [row.sectorId] : [])))];
  if (door.sessions.length > 0 && typeIds.length > 0) {
    const links = await db.select().from(sectorSessions).where(inArray(sectorSessions.sectorId, typeIds));
    for (const link of links) validFor.set(link.sectorId, [...(validFor.get(link.sectorId) ?? []), link.sessionId]);
  }
  const transferred = await db
    .select({ oldCode: ticketTransfers.oldCode })
    .from(ticketTransfers)
    .where(and(eq(ticketTransfers.eventId, eventId), eq(ticketTransfers.status, 'accepted'), isNotNull(ticketTransfers.oldCode)));
  const listed = { isCancelled: door.isCancelled, sessionIds: door.sessions.map((s) => s.id), exitScans: door.exitScans };
  return {
    event: {
      id: door.id,
      title: door.title,
      opensAt: door.window.opensAt.toISOString(),
      closesAt: door.window.closesAt.toISOString(),
      ...(door.rotatingQr ? { rotatingQr: true } : {}),
      ...(door.sessions.length > 0 ? { sessions: door.sessions.map(toDoorSession) } : {}),
      ...(door.exitScans ? { exitScans: true } : {}),
      ...(door.isCancelled ? { isCancelled: true } : {}),
    },
    tickets: rows.map((row) =>
      offlineTicketOf(
        {
          ...row,
          holderName: row.holderName ?? row.buyerName,
          sessionIds: (row.sectorId && validFor.get(row.sectorId)) || [],
          scans: scans.get(row.id) ?? [],
          ...(door.rotatingQr && signingKey ? { rotationSecret: rotationSecretOf(signingKey, row.code) } : {}),
        },
        listed,
      ),
    ),
    transferredHashes: transferred.map((row) => hashTicketCode(row.oldCode!)),
    generatedAt: now.toISOString(),
  };
}
