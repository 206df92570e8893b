import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../shared/errors';
import type { Role } from '../../shared/schemas/me';
import type { Auth } from '../auth';
import type { Db } from '../db/client';
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

/** The signed-in user of a request with their roles from `user_roles`, or null; once per request. */
export function getSessionUser(request: FastifyRequest, auth: Auth, db: Db): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = (async () => {
      if (!request.headers.cookie) return null;
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session) return null;
      const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, session.user.id));
      return {
        id: session.user.id,
        email: session.user.email,
        name: session.user.name,
        emailVerified: session.user.emailVerified,
        createdAt: new Date(session.user.createdAt),
        roles: roles.map((r) => r.role),
      };
    })();
    cache.set(request, pending);
  }
  return pending;
}

/** The server side of every guard (PRODUCT.md 'Who may see what'). */
export function createGuards(auth: Auth, db: Db) {
  return {
    optionalUser: (request: FastifyRequest) => getSessionUser(request, auth, db),
    /** Throws DomainError('unauthenticated') without a session. */
    async requireUser(request: FastifyRequest): Promise<SessionUser> {
      const user = await getSessionUser(request, auth, db);
      if (!user) throw new DomainError('unauthenticated');
      return user;
    },
    /** Throws unauthenticated / forbidden unless the user holds one of `roles`. */
    async requireRole(request: FastifyRequest, roles: Role[]): Promise<SessionUser> {
      const user = await getSessionUser(request, auth, db);
      if (!user) throw new DomainError('unauthenticated');
      if (!user.roles.some((r) => roles.includes(r))) throw new DomainError('forbidden');
      return user;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;
