import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../shared/errors';
import { INVALID_TEXT_MESSAGE, isStorableText } from '../../shared/schemas/fields';

/** Deepest JSON a request body may nest; real forms nest 3 or 4 levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Walks a parsed JSON body without recursion and returns the first problem: a string with a
 * control character or a lone surrogate (with the path of its field, 'buyer.name'), or nesting deeper than
 * MAX_JSON_DEPTH. Null when the body is fine.
 */
export function findBodyProblem(body: unknown): { kind: 'control_character'; field: string } | { kind: 'too_deep' } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { kind: 'control_character', field: path };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'too_deep' };
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (!isStorableText(key)) return { kind: 'control_character', field: path };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths that take cross-site calls on purpose: the payment provider's signed webhook, and Sign in
 * with Apple's answer, a form Apple's page posts back (better-auth only turns it into a GET of the
 * same callback, where the state and its cookie are checked).
 */
const CROSS_SITE_ALLOWED = [/^\/api\/payments\/[a-z]+\/webhook$/, /^\/api\/auth\/callback\/apple$/];

/**
 * Checks every request before its route runs (issue 'Hardened'):
 * - defence in depth against cross-site requests: a mutating /api call whose `Sec-Fetch-Site` is
 *   'cross-site' or 'same-site', or whose `Origin` is not one of `trustedOrigins`, is refused
 *   with 403 (a form or `text/plain` POST from another site with the victim's cookie changes
 *   nothing); calls without either header (server to server, tests) pass, as do provider webhooks;
 * - a JSON body with a control character in any text (PostgreSQL refuses NUL) or nested deeper
 *   than MAX_JSON_DEPTH is refused with a pt-BR 400, before anything reads it;
 * - personal answers (/api/tickets carries the QR secrets, /api/me/*, /api/orders/*) are sent
 *   with `Cache-Control: no-store`, so no shared cache or back button keeps them.
 */
export function registerRequestChecks(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins.map((o) => o.replace(/\/$/, '')));

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0];
    if (CROSS_SITE_ALLOWED.some((pattern) => pattern.test(path))) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw new DomainError('forbidden', { reason: 'cross_site' });
    const origin = request.headers.origin;
    if (origin && origin !== 'null' && !trusted.has(origin)) throw new DomainError('forbidden', { reason: 'cross_site' });
    if (origin === 'null') throw new DomainError('forbidden', { reason: 'cross_site' });
  });

  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null || typeof request.body !== 'object') return;
    const problem = findBodyProblem(request.body);
    if (!problem) return;
    if (problem.kind === 'too_deep') throw new DomainError('validation_failed', {}, 'Dados enviados em formato inválido.');
    throw new DomainError('validation_failed', { field: problem.field }, INVALID_TEXT_MESSAGE);
  });

  app.addHook('onSend', async (request, reply) => {
    if (/^\/api\/(tickets|me|orders|notifications|refunds)(\/|\?|$)/.test(request.url)) reply.header('cache-control', 'no-store');
  });
}
