import type { z } from 'zod';
import { DomainError } from '../../shared/errors';

/**
 * Parses request data with a shared zod schema; the first problem becomes
 * DomainError('validation_failed') carrying the schema's pt-BR message and the field path.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new DomainError('validation_failed', { field: issue.path.join('.') }, issue.message);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route id parameter that must be a UUID; anything else is DomainError(notFound). */
export function uuidParam(value: string, notFound: 'not_found' | 'event_not_found' | 'order_not_found' = 'not_found'): string {
  if (!uuidPattern.test(value)) throw new DomainError(notFound);
  return value.toLowerCase();
}
