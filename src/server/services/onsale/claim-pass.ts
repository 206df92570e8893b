import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { ServiceDeps } from '../deps';
import { DomainError } from '../../../shared/errors';
import type { RoomPassView } from '../../../shared/schemas/waiting-room';
import { PASS_MINUTES } from '../../domain/waiting-room';
import { readRoom } from './room-state';
import { cpfDigest, signRoomToken } from './room-tokens';

/**
 * The account's turn as a pass for one device (docs/rules/waiting-room.md 'Turns'): valid PASS_MINUTES from
 * when its place was admitted, claimed by the first device that asks; the same device may ask
 * again (a reload), another device is refused.
 *
 * Throws DomainError: waiting_room_closed (no room); waiting_room_not_joined; waiting_room_not_turn
 * (its place was not admitted yet); waiting_room_pass_expired (the 10 minutes passed);
 * waiting_room_other_device (claimed by another device).
 */
export async function claimPass(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  userId: string,
  eventId: string,
  deviceId: string,
  now = new Date(),
): Promise<RoomPassView> {
  const room = await readRoom(deps.db, eventId, { now: now.getTime() });
  if (!room || !room.enabled) throw new DomainError('waiting_room_closed');
  const [entry] = await queryRows<{
    id: string;
    cpf: string;
    place: number | null;
    admitted_at_ms: number | null;
    pass_device_id: string | null;
  }>(
    deps.db,
    sql`
    SELECT id, cpf, place, (extract(epoch from admitted_at) * 1000)::float8 AS admitted_at_ms, pass_device_id
    FROM waiting_room_entries WHERE event_id = ${eventId}::uuid AND user_id = ${userId}`,
  );
  if (!entry) throw new DomainError('waiting_room_not_joined');
  if (entry.place === null || entry.admitted_at_ms === null) throw new DomainError('waiting_room_not_turn');
  const expiresAt = Number(entry.admitted_at_ms) + PASS_MINUTES * 60_000;
  if (now.getTime() >= expiresAt) throw new DomainError('waiting_room_pass_expired');
  const [claimed] = await queryRows<{ id: string }>(
    deps.db,
    sql`
    UPDATE waiting_room_entries SET pass_device_id = ${deviceId}
    WHERE id = ${entry.id}::uuid AND (pass_device_id IS NULL OR pass_device_id = ${deviceId}) RETURNING id`,
  );
  if (!claimed) throw new DomainError('waiting_room_other_device');
  const pass = signRoomToken(deps.ticketSigningKey, {
    kind: 'pass',
    eventId,
    userId,
    cpfDigest: cpfDigest(deps.ticketSigningKey, entry.cpf),
    place: Number(entry.place),
    deviceId,
    expiresAt,
  });
  return { pass, expiresAt: new Date(expiresAt).toISOString() };
}
