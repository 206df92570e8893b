import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ServiceDeps } from '../deps';
import { DomainError } from '../../../shared/errors';
import type { JoinRoomView } from '../../../shared/schemas/waiting-room';
import { readRoom } from './room-state';
import { describePlace } from './room-status';
import { verifyJoinProof, type JoinProof } from './join-proof';

/**
 * Takes the account's place in an event's waiting room, or answers the one it already has
 * (PRODUCT.md 'The on-sale': one place per account and per CPF; a second tab or device gets the
 * same place, `alreadyJoined`). A join before the on-sale gets a random key and its place at the
 * draw; a later one the next place, given under the room's row lock so that the draw and the
 * arrivals never give one place twice.
 *
 * The join brings a solved proof of work (join-proof.ts); without one nothing is read or written.
 *
 * Throws DomainError: waiting_room_proof_invalid; waiting_room_closed (no room, turned off, or not
 * open yet: details.opensAt);
 * waiting_room_cpf_taken (another account joined with this CPF).
 */
export async function joinRoom(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  userId: string,
  eventId: string,
  input: { cpf: string; proof: unknown },
  now = new Date(),
): Promise<JoinRoomView> {
  await verifyJoinProof(deps.ticketSigningKey, eventId, input.proof as JoinProof | undefined);
  const room = await readRoom(deps.db, eventId, { now: now.getTime(), fresh: true });
  if (!room || !room.enabled) throw new DomainError('waiting_room_closed');
  if (now.getTime() < room.opensAt.getTime()) throw new DomainError('waiting_room_closed', { opensAt: room.opensAt.toISOString() });

  const existing = await findEntry(deps, eventId, userId);
  if (existing) {
    const view = describePlace(deps.ticketSigningKey, room, { kind: 'place', eventId, userId, cpf: existing.cpf, place: existing.place }, now);
    return { ...view, alreadyJoined: true };
  }
  let placed: { cpf: string; place: number | null };
  try {
    placed = await deps.db.transaction(async (tx) => {
      const [entry] = await queryRows<{ id: string }>(tx, sql`
        INSERT INTO waiting_room_entries (event_id, user_id, cpf, random_key, joined_at)
        VALUES (${eventId}::uuid, ${userId}, ${input.cpf}, ${randomInt(0, 2 ** 47)}, ${now})
        ON CONFLICT (event_id, user_id) DO NOTHING RETURNING id`);
      if (!entry) return null as never; // Another device of this account joined at the same moment.
      const [given] = await queryRows<{ drawn: boolean; places_given: number }>(tx, sql`
        UPDATE waiting_rooms SET places_given = places_given + CASE WHEN drawn_at IS NULL THEN 0 ELSE 1 END
        WHERE event_id = ${eventId}::uuid RETURNING drawn_at IS NOT NULL AS drawn, places_given`);
      if (!given.drawn) return { cpf: input.cpf, place: null };
      await tx.execute(sql`UPDATE waiting_room_entries SET place = ${Number(given.places_given)} WHERE id = ${entry.id}::uuid`);
      return { cpf: input.cpf, place: Number(given.places_given) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'waiting_room_entries_cpf')) throw new DomainError('waiting_room_cpf_taken', { field: 'cpf' });
    throw error;
  }
  let alreadyJoined = false;
  if (!placed) {
    const raced = await findEntry(deps, eventId, userId);
    if (!raced) throw new DomainError('waiting_room_closed');
    placed = raced;
    alreadyJoined = true;
  }
  const fresh = await readRoom(deps.db, eventId, { now: now.getTime() });
  const view = describePlace(deps.ticketSigningKey, fresh ?? room, { kind: 'place', eventId, userId, cpf: placed.cpf, place: placed.place }, now);
  return { ...view, alreadyJoined };
}

async function findEntry(deps: Pick<ServiceDeps, 'db'>, eventId: string, userId: string) {
  const [row] = await queryRows<{ cpf: string; place: number | null }>(deps.db, sql`
    SELECT cpf, place FROM waiting_room_entries WHERE event_id = ${eventId}::uuid AND user_id = ${userId}`);
  return row ? { cpf: row.cpf, place: row.place === null ? null : Number(row.place) } : null;
}
