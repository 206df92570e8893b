import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { AccessCodeFailureCounts } from '../../../shared/schemas/admin-content';
import { ACCESS_CODE_LIMITS, accessCodeWaitMs } from '../../domain/access-code-throttle';
import { queryRows, type Db, type Tx } from '../../db/client';

/** Who tries a pre-sale code: the event, the signed-in account (null: none) and the client's address. */
export interface AccessCodeTry {
  eventId: string;
  userId: string | null;
  address: string;
}

/** The actors a try counts for, each with its free failures (domain/access-code-throttle.ts ACCESS_CODE_LIMITS). */
function actorsOf(signingKey: Buffer, who: AccessCodeTry): { actor: string; free: number }[] {
  // A keyed hash: the table holds no address or account id in the clear.
  const key = (name: string) => createHmac('sha256', signingKey).update(`access-code actor v1:${name}`).digest('base64url');
  const address = key(`address:${who.address}`);
  if (who.userId === null) return [{ actor: address, free: ACCESS_CODE_LIMITS.free.address }];
  return [
    { actor: key(`account:${who.userId}`), free: ACCESS_CODE_LIMITS.free.account },
    { actor: address, free: ACCESS_CODE_LIMITS.free.sharedAddress },
  ];
}

/**
 * Refuses a pre-sale code try while any of its actors must still wait (domain/access-code-throttle.ts
 * accessCodeWaitMs over the actor's failures of the last window, any event). `signingKey` keys the
 * actors' hashes; `now` is a UTC instant. Throws DomainError('access_code_throttled',
 * { retryAfterSeconds }) with a pt-BR message naming the wait.
 */
export async function assertMayTryAccessCode(db: Db, signingKey: Buffer, who: AccessCodeTry, now: Date = new Date()): Promise<void> {
  const actors = actorsOf(signingKey, who);
  const rows = await queryRows<{ actor: string; at_ms: number }>(
    db,
    sql`
    SELECT actor, (extract(epoch from failed_at) * 1000)::float8 AS at_ms FROM access_code_failures
    WHERE actor = ANY(${sql.param(actors.map((a) => a.actor))}::text[]) AND failed_at > ${new Date(now.getTime() - ACCESS_CODE_LIMITS.windowMs)}`,
  );
  const waitMs = Math.max(
    0,
    ...actors.map((a) =>
      accessCodeWaitMs(
        rows.filter((r) => r.actor === a.actor).map((r) => Number(r.at_ms)),
        a.free,
        now.getTime(),
      ),
    ),
  );
  if (waitMs === 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`
      : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minuto' : 'minutos'}`;
  throw new DomainError(
    'access_code_throttled',
    { retryAfterSeconds: seconds },
    `Muitos códigos de acesso errados. Tente de novo em ${wait}.`,
  );
}

/** How long failures are kept (for the back office's counts), in days. */
const KEPT_DAYS = 30;

/**
 * Records a pre-sale code that unlocked nothing, once per actor of the try, and forgets the
 * event's failures older than KEPT_DAYS. `now` is a UTC instant.
 */
export async function recordAccessCodeFailure(db: Db, signingKey: Buffer, who: AccessCodeTry, now: Date = new Date()): Promise<void> {
  const actors = actorsOf(signingKey, who).map((a) => a.actor);
  await db.execute(sql`
    WITH forgotten AS (DELETE FROM access_code_failures WHERE event_id = ${who.eventId}::uuid AND failed_at < ${new Date(now.getTime() - KEPT_DAYS * 86_400_000)})
    INSERT INTO access_code_failures (event_id, actor, failed_at) SELECT ${who.eventId}::uuid, actor, ${now} FROM unnest(${sql.param(actors)}::text[]) AS actor`);
}

/**
 * The failed pre-sale code tries of each of `eventIds` at `now` (a try from an account counts
 * once, though it is kept under its account and its address). Events without failures are absent.
 */
export async function countAccessCodeFailures(
  db: Db | Tx,
  eventIds: string[],
  now: Date = new Date(),
): Promise<Map<string, AccessCodeFailureCounts>> {
  if (eventIds.length === 0) return new Map();
  const rows = await queryRows<{ event_id: string; last_24h: number; last_7d: number; last_at: Date | string }>(
    db,
    sql`
    SELECT event_id, count(DISTINCT failed_at) FILTER (WHERE failed_at > ${new Date(now.getTime() - 86_400_000)})::int AS last_24h,
           count(DISTINCT failed_at)::int AS last_7d, max(failed_at) AS last_at
    FROM access_code_failures WHERE event_id = ANY(${sql.param(eventIds)}::uuid[]) AND failed_at > ${new Date(now.getTime() - 7 * 86_400_000)}
    GROUP BY event_id`,
  );
  return new Map(
    rows.map((r) => [r.event_id, { last24h: Number(r.last_24h), last7d: Number(r.last_7d), lastAt: new Date(r.last_at).toISOString() }]),
  );
}
