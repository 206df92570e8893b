import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../services/audit/record-audit';
import type { Guards } from './session';

/**
 * The audit trail's actor of a request (docs/rules/audit.md 'Who is recorded'): the signed-in
 * account, its name at the time (the e-mail when it has no name), the client address as Fastify
 * reads it (behind TRUST_PROXY, the forwarded one) and the request id (`X-Request-Id`).
 */
export function auditActor(request: FastifyRequest, user: { id: string; name?: string | null; email: string }): AuditActor {
  const name = user.name?.trim();
  return { userId: user.id, label: name || user.email, ip: request.ip ?? null, requestId: request.id ? String(request.id) : null };
}

/** auditActor of the request's signed-in user; throws DomainError('unauthenticated') without one. */
export async function signedInActor(request: FastifyRequest, guards: Pick<Guards, 'requireUser'>): Promise<AuditActor> {
  return auditActor(request, await guards.requireUser(request));
}
