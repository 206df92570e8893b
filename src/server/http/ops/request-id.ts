import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A request id taken as sent: 1 to 128 letters, digits, '.', '_' or '-' (nothing that could forge a log line). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The header a load balancer or a client sends its request id in, and the answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The id of a request (Fastify's `genReqId`; docs/rules/operations.md 'Request ids'): the
 * `X-Request-Id` it came with when that is sane (SANE_REQUEST_ID; the first one, if sent
 * twice), so a load balancer's id follows the request into these logs; otherwise a new UUID.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
