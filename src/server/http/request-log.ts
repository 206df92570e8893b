import type { FastifyRequest } from 'fastify';
import { maskContacts } from '../lib/mask-contact';

/** Fastify's fields of a request in its log lines ('incoming request', 'request completed'). */
export interface RequestLogFields {
  method: string;
  url: string;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
}

/**
 * The request as Fastify logs it at info on every request (its own `req` serializer's fields),
 * with any e-mail address or phone number in the address masked (lib/mask-contact.ts): some
 * queries carry one ('?email=' when an invitation is revoked, a door search typed as a number).
 * The address is masked in its decoded form ('%40' read as '@') and logged as sent otherwise.
 */
export function requestLogFields(
  request: Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & { socket?: { remotePort?: number } },
): RequestLogFields {
  let decoded = request.url;
  try {
    decoded = decodeURIComponent(request.url);
  } catch {
    // A malformed escape: the address is masked as it came.
  }
  const masked = maskContacts(decoded);
  return {
    method: request.method,
    url: masked === decoded ? request.url : masked,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
