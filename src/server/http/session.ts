import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../shared/errors';
import type { Role } from '../../shared/schemas/me';
import type { Auth } from '../auth';
import type { Db } from '../db/client';
import { SESSIONS_CHANNEL } from '../services/session-events';
import type { LiveHub } from '../live/live-hub';
import { userRoles } from '../db/schema';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  roles: Role[];
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/**
 * Checked sessions by session cookie, for SESSION_CACHE_MS: a buyer's order and payment, or a
 * door's scans, check the session once in a few seconds instead of on every request. Entries of
 * a user are dropped when their roles change or they sign out, on every server instance, through
 * the `sessions` LISTEN/NOTIFY channel (services/session-events.ts forgetSessions); a sign-out on this instance drops
 * its cookie at once.
 */
export function createSessionCache(live?: LiveHub) {
  const entries = new Map<string, { at: number; user: SessionUser | null }>();
  const forgetUser = (userId: string) => {
    for (const [key, entry] of entries) if (entry.user?.id === userId) entries.delete(key);
  };
  live?.subscribe(SESSIONS_CHANNEL, (payload) => {
    if (payload === 'all') entries.clear();
    else if (payload.startsWith('user:')) forgetUser(payload.slice(5));
  });
  return {
    get(cookie: string, now = Date.now()) {
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      if (now - entry.at >= SESSION_CACHE_MS) {
        entries.delete(cookie);
        return undefined;
      }
      return entry.user;
    },
    set(cookie: string, user: SessionUser | null, now = Date.now()) {
      if (entries.size > 50_000) entries.clear();
      entries.set(cookie, { at: now, user });
    },
    forgetCookie(cookie: string) {
      entries.delete(cookie);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/** The session cookie of a request (better-auth's), or null. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const match = SESSION_COOKIE.exec(request.headers.cookie ?? '');
  return match ? match[1] : null;
}

/** The signed-in user of a request with their roles from `user_roles`, or null; once per request. */
export function getSessionUser(request: FastifyRequest, auth: Auth, db: Db, sessions?: SessionCache): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = (async () => {
      if (!request.headers.cookie) return null;
      const cookie = sessionCookieOf(request);
      if (!cookie) return null;
      const known = sessions?.get(cookie);
      if (known !== undefined) return known;
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      let user: SessionUser | null = null;
      if (session) {
        const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, session.user.id));
        user = {
          id: session.user.id,
          email: session.user.email,
          name: session.user.name,
          emailVerified: session.user.emailVerified,
          createdAt: new Date(session.user.createdAt),
          roles: roles.map((r) => r.role),
        };
      }
      sessions?.set(cookie, user);
      return user;
    })();
    cache.set(request, pending);
  }
  return pending;
}

/** The server side of every guard (PRODUCT.md 'Who may see what'). */
export function createGuards(auth: Auth, db: Db, sessions?: SessionCache) {
  return {
    optionalUser: (request: FastifyRequest) => getSessionUser(request, auth, db, sessions),
    /** Throws DomainError('unauthenticated') without a session. */
    async requireUser(request: FastifyRequest): Promise<SessionUser> {
      const user = await getSessionUser(request, auth, db, sessions);
      if (!user) throw new DomainError('unauthenticated');
      return user;
    },
    /** Throws unauthenticated / forbidden unless the user holds one of `roles`. */
    async requireRole(request: FastifyRequest, roles: Role[]): Promise<SessionUser> {
      const user = await getSessionUser(request, auth, db, sessions);
      if (!user) throw new DomainError('unauthenticated');
      if (!user.roles.some((r) => roles.includes(r))) throw new DomainError('forbidden');
      return user;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;
