import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The waiting room's signed tokens (docs/rules/waiting-room.md 'Places and the draw'): a place token, which answers a fan's
 * status without the database, and a pass, the turn that `POST /api/orders` requires while the room
 * is active. Both are `base64url(JSON).base64url(HMAC-SHA256)` under a key derived from the
 * product's ticket signing key, bound to the account and the event; a pass to the CPF too, by a
 * keyed hash of it. The body is readable by whoever holds the token, so it carries no personal
 * data: no CPF, no name, no e-mail (LGPD, Lei 13.709/2018 art. 6 III and VII).
 */

export interface PlaceClaims {
  kind: 'place';
  eventId: string;
  userId: string;
  /** Null until the draw, for a join before the on-sale. */
  place: number | null;
}

export interface PassClaims {
  kind: 'pass';
  eventId: string;
  userId: string;
  /** `cpfDigest` of the CPF the account joined with. */
  cpfDigest: string;
  place: number;
  /** The device that claimed the turn. */
  deviceId: string;
  /** End of the turn, ms since the epoch (UTC). */
  expiresAt: number;
}

export type RoomClaims = PlaceClaims | PassClaims;

function roomKey(signingKey: Buffer): Buffer {
  return createHmac('sha256', signingKey).update('waiting-room v1').digest();
}

/**
 * A keyed hash of CPF digits (HMAC-SHA256 under the room's key, base64url): equal for equal CPFs,
 * and not reversible without the key, though the CPFs are few enough to try them all with it.
 */
export function cpfDigest(signingKey: Buffer, cpfDigits: string): string {
  return createHmac('sha256', roomKey(signingKey)).update(`cpf:${cpfDigits}`).digest('base64url');
}

/** Signs claims into a token. */
export function signRoomToken(signingKey: Buffer, claims: RoomClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', roomKey(signingKey)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/**
 * The claims of a token signed by `signRoomToken` with the same key and of the `kind` asked; null
 * for anything else (malformed, forged, another kind). Expiry is the caller's to check.
 */
export function readRoomToken<K extends RoomClaims['kind']>(
  signingKey: Buffer,
  token: string,
  kind: K,
): Extract<RoomClaims, { kind: K }> | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 2_000) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', roomKey(signingKey)).update(body).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as RoomClaims;
    return claims.kind === kind ? (claims as Extract<RoomClaims, { kind: K }>) : null;
  } catch {
    return null;
  }
}
