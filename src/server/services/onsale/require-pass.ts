import { sql } from 'drizzle-orm';
import type { ServiceDeps } from '../deps';
import { DomainError } from '../../../shared/errors';
import { onlyDigits } from '../../../shared/cpf';
import { roomIsActive } from '../../domain/waiting-room';
import { readRoom } from './room-state';
import { cpfDigest, readRoomToken } from './room-tokens';

export interface PassPresented {
  eventId: string;
  buyerCpf: string;
  waitingRoomPass?: string;
  deviceId?: string;
}

/**
 * Checks the pass an order brings while the event's waiting room is active (
 * docs/rules/waiting-room.md 'Turns'); nothing is asked of an event without an active room. Reads only this instance's cached
 * room: no statement per order. Answers whether a pass was checked (then markPassUsed after the
 * order is placed).
 *
 * Throws DomainError: waiting_room_pass_required (none brought); waiting_room_pass_invalid (not
 * signed here, another account's or another event's); waiting_room_pass_expired (its 10 minutes
 * passed); waiting_room_other_device (claimed on another device); waiting_room_paused (the organizer
 * paused the sale); waiting_room_cpf_mismatch (the buyer's CPF is not the one that joined).
 */
export async function requirePass(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  userId: string,
  order: PassPresented,
  now = new Date(),
): Promise<boolean> {
  const room = await readRoom(deps.db, order.eventId, { now: now.getTime() });
  if (!roomIsActive(room, now)) return false;
  if (!order.waitingRoomPass) throw new DomainError('waiting_room_pass_required');
  const claims = readRoomToken(deps.ticketSigningKey, order.waitingRoomPass, 'pass');
  if (!claims || claims.eventId !== order.eventId || claims.userId !== userId) throw new DomainError('waiting_room_pass_invalid');
  if (now.getTime() >= claims.expiresAt) throw new DomainError('waiting_room_pass_expired');
  if (claims.deviceId !== order.deviceId) throw new DomainError('waiting_room_other_device');
  if (room!.paused) throw new DomainError('waiting_room_paused');
  if (cpfDigest(deps.ticketSigningKey, onlyDigits(order.buyerCpf)) !== claims.cpfDigest)
    throw new DomainError('waiting_room_cpf_mismatch', { field: 'cpf' });
  return true;
}

/** Records that the account's pass placed an order: it no longer counts as a buyer inside. */
export async function markPassUsed(deps: Pick<ServiceDeps, 'db'>, userId: string, eventId: string, now = new Date()): Promise<void> {
  await deps.db.execute(sql`
    UPDATE waiting_room_entries SET pass_used_at = ${now}
    WHERE event_id = ${eventId}::uuid AND user_id = ${userId} AND pass_used_at IS NULL`);
}
