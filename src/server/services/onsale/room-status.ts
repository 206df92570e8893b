import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { ServiceDeps } from '../deps';
import { DomainError } from '../../../shared/errors';
import type { RoomStatusView } from '../../../shared/schemas/waiting-room';
import { estimateWaitSeconds, peopleAhead, phaseFor, pollAfterMs } from '../../domain/waiting-room';
import { readRoom, type CachedRoom } from './room-state';
import { readRoomToken, signRoomToken, type PlaceClaims } from './room-tokens';

/**
 * A fan's place in the room from their place token (docs/rules/waiting-room.md 'Places and the draw'): answered from the
 * token and this instance's cached room, without the database, except once after the draw for a
 * token signed before it (its place is read and a new token answered). No session is read: the
 * token is bound to the account that joined.
 *
 * Throws DomainError('waiting_room_token_invalid') for a token not signed here;
 * ('waiting_room_closed') when the event has no room any more.
 */
export async function getRoomStatus(
  deps: Pick<ServiceDeps, 'db' | 'ticketSigningKey'>,
  token: string,
  now = new Date(),
): Promise<RoomStatusView> {
  const claims = readRoomToken(deps.ticketSigningKey, token, 'place');
  if (!claims) throw new DomainError('waiting_room_token_invalid');
  const room = await readRoom(deps.db, claims.eventId, { now: now.getTime() });
  if (!room) throw new DomainError('waiting_room_closed');
  let current = claims;
  if (claims.place === null && room.drawnAt) {
    const [entry] = await queryRows<{ place: number | null }>(
      deps.db,
      sql`
      SELECT place FROM waiting_room_entries WHERE event_id = ${claims.eventId}::uuid AND user_id = ${claims.userId}`,
    );
    if (!entry) throw new DomainError('waiting_room_token_invalid');
    if (entry.place !== null) current = { ...claims, place: Number(entry.place) };
  }
  return describePlace(
    deps.ticketSigningKey,
    room,
    current,
    now,
    current === claims ? token : signRoomToken(deps.ticketSigningKey, current),
  );
}

/** The status view of a place in a room at `now` (shared by the join and the status poll). */
export function describePlace(
  signingKey: Buffer,
  room: CachedRoom,
  claims: PlaceClaims,
  now: Date,
  token = signRoomToken(signingKey, claims),
): RoomStatusView {
  const phase = phaseFor(room, claims.place, now);
  const ahead = claims.place === null || !room.drawnAt ? null : peopleAhead(room, claims.place);
  return {
    eventId: room.eventId,
    phase,
    place: claims.place,
    ahead,
    estimateSeconds: ahead === null ? null : estimateWaitSeconds(ahead, room.ratePerMinute),
    pollAfterMs: pollAfterMs(phase, {
      now,
      onSaleAt: room.onSaleAt,
      ahead: ahead ?? 0,
      ratePerMinute: room.ratePerMinute,
      jitter: Math.random(),
    }),
    token,
    opensAt: room.opensAt.toISOString(),
    onSaleAt: room.onSaleAt.toISOString(),
  };
}
