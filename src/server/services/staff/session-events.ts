import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** PostgreSQL channel on which sign-outs and role changes are announced: 'user:<id>' or 'all'. */
export const SESSIONS_CHANNEL = 'sessions';

/**
 * Announces that a user's sessions or roles changed (roles given or removed, account deleted, a
 * session ended: signed out, revoked, or revoked by a password change or reset, announced from
 * better-auth's session hook in src/server/auth.ts), so every server instance stops trusting the
 * session it cached (src/server/http/session.ts). Inside `db`'s transaction when given one:
 * delivered at commit.
 */
export async function forgetSessions(db: Db | Tx, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${SESSIONS_CHANNEL}, ${`user:${userId}`})`);
}
