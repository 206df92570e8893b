import type { Role } from '../../../shared/schemas/me';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from '../../domain/session-lifetime';
import { preparedStatement, type Db } from '../../db/client';
import { groupedRunner } from '../../db/grouped';

/** A signed-in user as the guards see them: the account and every role it holds. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  roles: Role[];
}

type SessionRow = {
  token: string;
  expires_at: Date;
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  created_at: Date;
  roles: Role[];
};

const readSessions = preparedStatement<SessionRow>(
  'session_users',
  `SELECT s.token, s.expires_at, u.id, u.email, u.name, u.email_verified, u.created_at,
          ARRAY(SELECT r.role::text FROM user_roles r WHERE r.user_id = u.id ORDER BY r.role) AS roles
   FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token = ANY($1::text[])`,
);

/** Session checks arriving together share one query (db/grouped.ts): a rush of buyers signing in to pay. */
const sessionGroup = groupedRunner<string, SessionRow | undefined>(async (db, _key, tokens) => {
  const rows = await readSessions(db, [tokens]);
  const byToken = new Map(rows.map((r) => [r.token, r]));
  return tokens.map((token) => byToken.get(token));
});

/**
 * The user of a better-auth session token in one indexed query (session, user and roles; shared
 * with the checks arriving meanwhile), when the session is live and needs nothing written:
 * `undefined` when better-auth must decide (a session expired at `nowMs`, epoch milliseconds, which
 * it deletes, or one older than SESSION_UPDATE_AGE_S, which it extends), null for no such session.
 * The same expiry rule as better-auth's own session options in src/server/auth.ts.
 */
export async function findLiveSession(db: Db, token: string, nowMs: number): Promise<SessionUser | null | undefined> {
  const row = await sessionGroup(db, 'sessions', token);
  if (!row) return null;
  const expiresAt = new Date(row.expires_at).getTime();
  const needsRefresh = expiresAt - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= nowMs;
  if (expiresAt <= nowMs || needsRefresh) return undefined;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified,
    createdAt: new Date(row.created_at),
    roles: row.roles,
  };
}
