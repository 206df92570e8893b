import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { DomainError } from '../../shared/errors';
import type { Role } from '../../shared/schemas/me';
import type { Auth } from '../auth';
import type { ServiceDeps } from '../services/deps';
import { SESSIONS_CHANNEL } from '../services/staff/session-events';
import { findLiveSession, type SessionUser } from '../services/staff/find-live-session';
import { listUserRoles } from '../services/staff/list-user-roles';
import type { LiveHub } from '../live/live-hub';
import { accessRecorderFor, type AccessRecorder } from '../services/access/access-records';

export type { SessionUser };
type Db = ServiceDeps['db'];

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5000;
/**
 * Most sessions one instance keeps checked at once, the least recently used dropped first: a sale
 * night's buyers and door staff within 5 s fit many times over, and 10,000 entries (cookie and
 * account, under 1 KB each) hold under 10 MB whatever a client sends.
 */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/**
 * Longest session cookie value read at all. better-auth's is a 32-character token, a dot and a
 * 44-character signature, URL-encoded: under 100 bytes. Anything much longer is not one of ours
 * and is ignored before its signature is computed.
 */
export const SESSION_COOKIE_MAX_LENGTH = 512;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;
const DONT_REMEMBER_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.dont_remember=/;

/**
 * The token of a session cookie whose signature is right, else null. better-auth signs the
 * cookie as `encodeURIComponent(token + '.' + base64(HMAC-SHA256(secret, token)))`.
 */
export function verifySessionCookie(cookie: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookie);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Checked sessions by session cookie, for SESSION_CACHE_MS: a buyer's order and payment, or a
 * door's scans, check the session once in a few seconds instead of on every request. Only
 * sessions that were found live are kept, never an answer of 'no session' (a wrong signature, an
 * unknown or ended session), so made-up cookies take no room; at most SESSION_CACHE_MAX_ENTRIES,
 * the least recently used dropped first. Entries of a user are dropped when their roles change or
 * they sign out, on every server instance, through the `sessions` LISTEN/NOTIFY channel
 * (services/staff/session-events.ts forgetSessions); a sign-out on this instance drops its cookie
 * at once.
 */
export function createSessionCache(live?: LiveHub, maxEntries = SESSION_CACHE_MAX_ENTRIES) {
  // A Map keeps insertion order: a read moves its entry to the end, so the first key is the least recently used.
  const entries = new Map<string, { at: number; user: SessionUser }>();
  // Counts what was forgotten: a session read before a sign-out was announced, whose answer
  // arrives after it, must not be kept (it would be trusted for 5 s more).
  let forgotten = 0;
  const forgetUser = (userId: string) => {
    for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
  };
  live?.subscribe(SESSIONS_CHANNEL, (payload) => {
    forgotten++;
    if (payload === 'all') entries.clear();
    else if (payload.startsWith('user:')) forgetUser(payload.slice(5));
  });
  return {
    /** A mark to take before reading a session from the database, handed to set(). */
    mark(): number {
      return forgotten;
    },
    /** The user of a cookie checked within SESSION_CACHE_MS, else undefined. */
    get(cookie: string, now = Date.now()): SessionUser | undefined {
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      entries.delete(cookie);
      if (now - entry.at >= SESSION_CACHE_MS) return undefined;
      entries.set(cookie, entry);
      return entry.user;
    },
    /**
     * Keeps the user of a live session's cookie, dropping the least recently used entry when full;
     * not when anything was forgotten since `mark` (mark()) was taken, as the answer may be older.
     */
    set(cookie: string, user: SessionUser, mark: number, now = Date.now()) {
      if (mark !== forgotten) return;
      entries.delete(cookie);
      entries.set(cookie, { at: now, user });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    forgetCookie(cookie: string) {
      forgotten++;
      entries.delete(cookie);
    },
    /** How many sessions are kept (monitoring and tests). */
    get size(): number {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/** The session cookie of a request (better-auth's), or null; null too when longer than SESSION_COOKIE_MAX_LENGTH. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const match = SESSION_COOKIE.exec(request.headers.cookie ?? '');
  return match && match[1].length <= SESSION_COOKIE_MAX_LENGTH ? match[1] : null;
}

/**
 * The signed-in user of a request with their roles from `user_roles`, or null; once per request.
 * A request found signed in is noted on `access` (kind 'request', at most one row per user and
 * client address per 10 minutes, written apart from the request: docs/rules/accounts-and-data.md
 * 'Access records'); the address is the one Fastify resolved from TRUST_PROXY.
 */
export function getSessionUser(
  request: FastifyRequest,
  auth: Auth,
  db: Db,
  sessions?: SessionCache,
  access?: AccessRecorder,
): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = (async () => {
      const cookie = sessionCookieOf(request);
      if (!cookie) return null;
      const known = sessions?.get(cookie);
      if (known !== undefined) {
        access?.note(known.id, request.ip, request.log);
        return known;
      }
      const mark = sessions?.mark() ?? 0;
      const user = await readSessionUser(request, cookie, auth, db);
      if (user) sessions?.set(cookie, user, mark);
      if (user) access?.note(user.id, request.ip, request.log);
      return user;
    })();
    cache.set(request, pending);
  }
  return pending;
}

/** The user of a request's session `cookie` read from the database now, or null; nothing cached. */
async function readSessionUser(request: FastifyRequest, cookie: string, auth: Auth, db: Db): Promise<SessionUser | null> {
  // A signed cookie of a live session is checked in one query; anything else (a bad
  // signature, an expired or ageing session, 'don't remember me') is better-auth's to answer.
  const token = verifySessionCookie(cookie, secretOf(auth));
  if (token && !DONT_REMEMBER_COOKIE.test(request.headers.cookie ?? '')) {
    const live = await findLiveSession(db, token, Date.now());
    if (live !== undefined) return live;
  }
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const roles = await listUserRoles(db, session.user.id);
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    emailVerified: session.user.emailVerified,
    createdAt: new Date(session.user.createdAt),
    roles,
  };
}

function secretOf(auth: Auth): string {
  return (auth.options as { secret: string }).secret;
}

/**
 * The server side of every guard (docs/rules/access.md 'Who may see what'). `requireUser` and `requireRole`
 * answer the user (read once per request, so calling them again in a handler costs nothing);
 * `signedIn` and `withRole` are the same checks as preValidation hooks, which run before the
 * route's schema validates the request: a caller without the right session is told 401/403
 * whatever they sent, never 400 for a body they had no right to send. `isStillAllowed` asks again
 * for a request that outlives its answer (a live stream). Every request found signed in is noted
 * on `access` (the database's recorder by default) for its access record.
 */
export function createGuards(auth: Auth, db: Db, sessions?: SessionCache, access: AccessRecorder = accessRecorderFor(db)) {
  /** Throws DomainError('unauthenticated') without a session. */
  async function requireUser(request: FastifyRequest): Promise<SessionUser> {
    const user = await getSessionUser(request, auth, db, sessions, access);
    if (!user) throw new DomainError('unauthenticated');
    return user;
  }
  /** Throws unauthenticated / forbidden unless the user holds one of `roles`. */
  async function requireRole(request: FastifyRequest, roles: Role[]): Promise<SessionUser> {
    const user = await requireUser(request);
    if (!user.roles.some((r) => roles.includes(r))) throw new DomainError('forbidden');
    return user;
  }
  /**
   * Whether the request's session still signs in, holding one of `roles` when given: read from the
   * database now (neither the request's first answer nor the session cache), for a live stream
   * asked again after its user signed out or lost a role.
   */
  async function isStillAllowed(request: FastifyRequest, roles?: Role[]): Promise<boolean> {
    const cookie = sessionCookieOf(request);
    const user = cookie ? await readSessionUser(request, cookie, auth, db) : null;
    return user !== null && (!roles || user.roles.some((r) => roles.includes(r)));
  }
  return {
    optionalUser: (request: FastifyRequest) => getSessionUser(request, auth, db, sessions, access),
    isStillAllowed,
    requireUser,
    requireRole,
    /** preValidation hook: requireUser. */
    signedIn: async (request: FastifyRequest): Promise<void> => {
      await requireUser(request);
    },
    /** preValidation hook: requireRole(roles). */
    withRole:
      (roles: Role[]) =>
      async (request: FastifyRequest): Promise<void> => {
        await requireRole(request, roles);
      },
  };
}

export type Guards = ReturnType<typeof createGuards>;
