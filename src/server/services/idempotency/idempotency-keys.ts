import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** How long a key answers for its first request (docs/rules/idempotency.md 'Keys'): 24 h, then it is as if never used. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A first request still marked in flight after this long never finished (its server stopped
 * mid-request): its key is free again (docs/rules/idempotency.md 'Retries and failures').
 */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60 * 1000;

/** One request's key: whose (`scope`), the key, the route pattern ('POST /api/orders') and the request's hash (hex). */
export interface IdempotentRequest {
  scope: string;
  key: string;
  route: string;
  requestHash: string;
}

/** A key held by the request that claimed it; `claimedAt` tells it from a later claim of the same key. */
export interface IdempotencyClaimHeld {
  scope: string;
  key: string;
  claimedAt: Date;
}

/**
 * What a request carrying a key does: run (it claimed the key), answer the first request's stored
 * answer again, wait for the first request still in flight, or be refused (the key was used for
 * another request: other route or other body).
 */
export type IdempotencyClaim =
  | { outcome: 'claimed'; claim: IdempotencyClaimHeld }
  | { outcome: 'replay'; status: number; body: string }
  | { outcome: 'in_flight' }
  | { outcome: 'mismatch' };

/**
 * Claims `request`'s key, or says what became of it (docs/rules/idempotency.md 'Keys'). The claim
 * is one `INSERT … ON CONFLICT DO NOTHING`: of requests arriving together with one key, exactly one
 * runs. A key older than IDEMPOTENCY_KEY_TTL_MS, or in flight for longer than
 * IDEMPOTENCY_ABANDONED_MS, is deleted and claimed anew. Otherwise, in this order: another route
 * or another hash -> 'mismatch'; no answer yet -> 'in_flight'; else 'replay' with the stored
 * status and body (the serialized JSON as it was sent). `now` is a UTC instant. Throws only what
 * the database throws.
 */
export async function claimIdempotencyKey(db: Db, request: IdempotentRequest, now = new Date()): Promise<IdempotencyClaim> {
  const whereKey = and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key));
  // Three rounds: a row deleted (released or expired) between the insert and the read is claimed again.
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...request, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { outcome: 'claimed', claim: { scope: request.scope, key: request.key, claimedAt: now } };
    const [row] = await db.select().from(idempotencyKeys).where(whereKey);
    if (!row) continue;
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
    const abandonedBefore = new Date(now.getTime() - IDEMPOTENCY_ABANDONED_MS);
    if (row.createdAt <= expiredBefore || (row.responseStatus === null && row.createdAt <= abandonedBefore)) {
      // The conditions again in SQL: of two requests finding it stale, the second deletes nothing.
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            whereKey,
            or(
              lte(idempotencyKeys.createdAt, expiredBefore),
              and(isNull(idempotencyKeys.responseStatus), lte(idempotencyKeys.createdAt, abandonedBefore)),
            ),
          ),
        );
      continue;
    }
    if (row.route !== request.route || row.requestHash !== request.requestHash) return { outcome: 'mismatch' };
    if (row.responseStatus === null || row.responseBody === null) return { outcome: 'in_flight' };
    return { outcome: 'replay', status: row.responseStatus, body: row.responseBody };
  }
  return { outcome: 'in_flight' };
}

const heldBy = (claim: IdempotencyClaimHeld) =>
  and(
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.createdAt, claim.claimedAt),
    isNull(idempotencyKeys.responseStatus),
  );

/**
 * Stores the answer of the request holding `claim`: its HTTP status and its body as sent (a
 * serialized JSON string), so a repeat answers the same (docs/rules/idempotency.md 'Replays').
 * Does nothing when the claim is no longer held (taken over as abandoned).
 */
export async function storeIdempotentAnswer(db: Db, claim: IdempotencyClaimHeld, status: number, body: string): Promise<void> {
  await db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(heldBy(claim));
}

/**
 * Deletes the key of the request holding `claim`, which ended without an answer to keep (a 5xx, a
 * crash, a throttled or unauthenticated try): the next request with the key runs
 * (docs/rules/idempotency.md 'Retries and failures').
 */
export async function releaseIdempotencyKey(db: Db, claim: IdempotencyClaimHeld): Promise<void> {
  await db.delete(idempotencyKeys).where(heldBy(claim));
}
