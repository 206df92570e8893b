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
 * (docs/rules/waiting-room.md 'Places and the draw': one place per account and per CPF; a second tab or device gets the
 * same place, `alreadyJoined`). The join stores the account's entry with a random key and no
 * place: the room's refresh (room-state.ts), the only writer of places, gives it at the draw by
 * that key when the join came before the on-sale, or the next place in arrival order after it;
 * the status poll reads it once then. A join never waits on the room's row, so joins at the
 * opening do not queue behind one another.
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
  const room = await readRoom(deps.db, eventId, { now: now.getTime() });
  if (!room || !room.enabled) throw new DomainError('waiting_room_closed');
  if (now.getTime() < room.opensAt.getTime()) throw new DomainError('waiting_room_closed', { opensAt: room.opensAt.toISOString() });

  const existing = await findEntry(deps, eventId, userId);
  if (existing) {
    const view = describePlace(deps.ticketSigningKey, room, { kind: 'place', eventId, userId, place: existing.place }, now);
    return { ...view, alreadyJoined: true };
  }
  let placed: { place: number | null } | null;
  try {
    const [entry] = await queryRows<{ id: string }>(
      deps.db,
      sql`
      INSERT INTO waiting_room_entries (event_id, user_id, cpf, random_key, joined_at)
      VALUES (${eventId}::uuid, ${userId}, ${input.cpf}, ${randomInt(0, 2 ** 47)}, ${now})
      ON CONFLICT (event_id, user_id) DO NOTHING RETURNING id`,
    );
    // No row: another device of this account joined at the same moment.
    placed = entry ? { place: null } : null;
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
  const view = describePlace(deps.ticketSigningKey, fresh ?? room, { kind: 'place', eventId, userId, place: placed.place }, now);
  return { ...view, alreadyJoined };
}

async function findEntry(deps: Pick<ServiceDeps, 'db'>, eventId: string, userId: string) {
  const [row] = await queryRows<{ place: number | null }>(
    deps.db,
    sql`
    SELECT place FROM waiting_room_entries WHERE event_id = ${eventId}::uuid AND user_id = ${userId}`,
  );
  return row ? { place: row.place === null ? null : Number(row.place) } : null;
}
