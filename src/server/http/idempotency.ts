import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { DomainError } from '../../shared/errors';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type IdempotencyClaimHeld,
} from '../services/idempotency/idempotency-keys';
import type { RouteContext } from './context';

/**
 * The POST routes that honour an `Idempotency-Key` (docs/rules/idempotency.md 'Which requests'):
 * every one that takes or returns money, issues or moves tickets, or counts a cash drawer. By
 * method and route pattern as registered.
 */
export const IDEMPOTENT_ROUTES: readonly string[] = [
  'POST /api/orders',
  'POST /api/orders/:id/card-payment',
  'POST /api/orders/:id/simulate-pix-payment',
  'POST /api/refunds',
  'POST /api/refunds/withdraw',
  'POST /api/admin/refunds/:id/approve',
  'POST /api/admin/refunds/:id/reject',
  'POST /api/admin/events/:id/cancel',
  'POST /api/admin/events/:id/courtesies',
  'POST /api/tickets/:id/transfers',
  'POST /api/transfers/accept',
  'POST /api/box-office/drawers',
  'POST /api/box-office/drawers/:id/movements',
  'POST /api/box-office/drawers/:id/close',
  'POST /api/box-office/sales',
  'POST /api/box-office/sales/:id/confirm-pix',
  'POST /api/box-office/sales/:id/refund',
];

/** The request header, and the header a replayed answer carries (docs/rules/idempotency.md 'Replays'). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** 1 to 255 visible ASCII characters (no space): a UUID fits, as does any client's own scheme. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** How long a repeat waits for the first request still in flight, and how often it looks. */
export const IN_FLIGHT_WAIT_MS = 10_000;
const IN_FLIGHT_POLL_MS = 100;

/**
 * Answers not kept: they say something about the try (signed out, throttled, timed out), not
 * about the request, so a retry must run again.
 */
const TRANSIENT_STATUSES = new Set([401, 403, 408, 429]);

export const idempotencyMessages = {
  invalidKey: 'O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres visíveis, sem espaços nem acentos.',
  keyReused: 'Esta chave de repetição já foi usada para outro pedido.',
  inFlight: 'Esta ação ainda está em andamento. Aguarde um instante.',
} as const;

/**
 * A canonical JSON of `value`: object keys sorted at every depth, no spaces, `undefined` members
 * left out (as JSON.stringify does), so two bodies that mean the same write the same text
 * whatever their key order.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object' || value instanceof Date) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/**
 * The hash that tells a repeat from another request under the same key (docs/rules/idempotency.md
 * 'Keys'): SHA-256, hex, of the canonical JSON of `{ body, params }` (the route's path parameters).
 */
export function idempotencyRequestHash(body: unknown, params: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ body: body ?? null, params: params ?? {} }), 'utf8')
    .digest('hex');
}

/** Whose keys: the signed-in account's id, or for no one signed in 'anon:' and a keyed hash of the client address. */
export function idempotencyScope(userId: string | null, ip: string, secret: string): string {
  return userId ?? `anon:${createHmac('sha256', secret).update(ip, 'utf8').digest('hex').slice(0, 32)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * Safe retries (docs/rules/idempotency.md): on the IDEMPOTENT_ROUTES, a request carrying an
 * `Idempotency-Key` claims it before its handler runs (after the session guard and the body's
 * validation, so a refused try keeps nothing). The first runs; its 2xx or 4xx answer is stored as
 * sent; a 5xx, a crash or a transient 4xx deletes the key. A repeat with the same key, route and
 * body answers the stored status and body with `Idempotent-Replayed: true` and changes nothing,
 * waiting up to IN_FLIGHT_WAIT_MS for a first request still running (then 409 'conflict'); the same
 * key on another route or body is 409 'conflict'. A malformed key is 400 'validation_failed'.
 * Without the header nothing changes. Call before the routes are registered (an onRoute hook adds
 * the hooks to each listed route).
 */
export function registerIdempotency(app: FastifyInstance, { deps, guards, auth }: Pick<RouteContext, 'deps' | 'guards' | 'auth'>): void {
  const routes = new Set(IDEMPOTENT_ROUTES);
  const secret = (auth.options as { secret: string }).secret;
  const claims = new WeakMap<FastifyRequest, IdempotencyClaimHeld>();

  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new DomainError('validation_failed', { field: 'Idempotency-Key' }, idempotencyMessages.invalidKey);
    }
    const user = await guards.optionalUser(request);
    const keyed = {
      scope: idempotencyScope(user?.id ?? null, request.ip, secret),
      key,
      route: `${request.method} ${request.routeOptions.url}`,
      requestHash: idempotencyRequestHash(request.body, request.params),
    };
    const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const found = await claimIdempotencyKey(deps.db, keyed);
      if (found.outcome === 'claimed') {
        claims.set(request, found.claim);
        return;
      }
      if (found.outcome === 'replay') {
        request.log.info({ route: keyed.route }, 'idempotent request answered again');
        return reply
          .status(found.status)
          .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .type('application/json; charset=utf-8')
          .send(found.body);
      }
      if (found.outcome === 'mismatch') throw new DomainError('conflict', { idempotency: 'key_reused' }, idempotencyMessages.keyReused);
      if (Date.now() >= giveUpAt) throw new DomainError('conflict', { idempotency: 'in_flight' }, idempotencyMessages.inFlight);
      await sleep(IN_FLIGHT_POLL_MS);
    }
  }

  /** Keeps or drops the claimed key once the answer is known; the answer goes out after it is stored. */
  async function settle(request: FastifyRequest, status: number, payload: unknown, contentType: string) {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    const keep =
      typeof payload === 'string' &&
      contentType.includes('json') &&
      ((status >= 200 && status < 300) || (status >= 400 && status < 500 && !TRANSIENT_STATUSES.has(status)));
    try {
      if (keep) await storeIdempotentAnswer(deps.db, claim, status, payload);
      else await releaseIdempotencyKey(deps.db, claim);
    } catch (error) {
      // Stored nothing: the key is dropped if the database lets us, so a retry runs rather than waits.
      request.log.error({ err: error }, 'idempotency key not settled');
      await releaseIdempotencyKey(deps.db, claim).catch(() => undefined);
    }
  }

  async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    await settle(request, reply.statusCode, payload, String(reply.getHeader('content-type') ?? ''));
    return payload;
  }

  // An answer that never reached onSend (a stream that failed, a hijacked reply) keeps no key.
  async function dropUnsettled(request: FastifyRequest) {
    await settle(request, 500, undefined, '');
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = asArray(route.method);
    if (!methods.some((method) => routes.has(`${method} ${route.url}`))) return;
    route.preHandler = [...asArray(route.preHandler), claimOrReplay];
    route.onSend = [...asArray(route.onSend), keepAnswer] as RouteOptions['onSend'];
    route.onResponse = [...asArray(route.onResponse), dropUnsettled] as RouteOptions['onResponse'];
  });
}
