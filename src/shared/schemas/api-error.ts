import { z } from 'zod';
import { errorMessages, type DomainErrorCode } from '../errors';

const errorCodes = Object.keys(errorMessages) as [DomainErrorCode, ...DomainErrorCode[]];

/** Body of every 4xx/5xx answer: a code of the closed set, its pt-BR message, and details (`field` names the form field, when there is one). */
export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  details: z.looseObject({ field: z.string().optional() }),
});

/**
 * A route's `schema.response`: its success answers by status, and the error body for every 4xx
 * and 5xx.
 */
export function responses<const S extends Record<number, z.ZodType>>(success: S) {
  return { ...success, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}

/** The answer of a route that confirms without a body of its own: `{ ok: true }`. */
export const okSchema = z.object({ ok: z.boolean() });

/**
 * The 200 of a route that answers a file or a stream (CSV, ICS, PDF, an image, server-sent
 * events): a body Fastify sends as it is (a string, a buffer or a stream), never serialized.
 */
export const rawBodySchema = z.string();

/** A 204 answer: no body. */
export const noContentSchema = z.void();
