import type { FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../shared/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a path parameter that fails the route's params schema means, by parameter name: most
     * often the record's not-found error (a malformed id names no record). Parameters not listed
     * fail as any other input: 400 'validation_failed'.
     */
    paramErrors?: Record<string, (message?: string) => DomainError>;
    /** pt-BR messages that replace the schema's own for these fields (the schema is shared and has none of its own). */
    fieldMessages?: Record<string, string>;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path parameter holding a record's UUID, handed to the route in lower case. */
export const uuidParamSchema = z
  .string()
  .regex(uuidPattern)
  .transform((value) => value.toLowerCase());

/** Params of a route whose one parameter `id` is a record's UUID. */
export const idParamsSchema = z.object({ id: uuidParamSchema });

/** Route config for idParamsSchema: a malformed id is `notFound()`, as an unknown one is. */
export function idNotFound(notFound: () => DomainError): { paramErrors: Record<string, () => DomainError> } {
  return { paramErrors: { id: notFound } };
}

/** A body that may be left out (or sent as null): validated as `{}`, so only its optional fields are read. */
export function optionalBody<S extends z.ZodType>(schema: S) {
  return z.preprocess((body) => body ?? {}, schema);
}

/**
 * fastify-type-provider-zod's validator, with one difference: Fastify hands a missing body to
 * validators as null, and the message for it keeps saying what it said when routes parsed
 * `request.body` by hand (undefined). A JSON `null` body reads the same.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data) => validate(data === null ? undefined : data);
};

/**
 * A request that failed its route's zod schema, as the domain error it is answered with: the first
 * issue becomes DomainError('validation_failed') with the schema's pt-BR message (or the route's
 * `fieldMessages` one) and `details.field`, the issue's path joined with dots ('buyer.cpf',
 * 'sectors.0.remaining'; '' for the value itself), exactly as the hand-written parsing did;
 * a path parameter listed in the route's `paramErrors` becomes that error instead. Null for any
 * other error.
 */
export function schemaValidationError(
  error: unknown,
  config: { paramErrors?: Record<string, (message?: string) => DomainError>; fieldMessages?: Record<string, string> } | undefined,
): DomainError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const issue = error.validation[0];
  // The provider keeps the issue's path as a JSON pointer ('/buyer/cpf'; '/' for the root).
  const field = issue.instancePath.slice(1).split('/').join('.');
  if ((error as { validationContext?: string }).validationContext === 'params') {
    const paramError = config?.paramErrors?.[field.split('.')[0]];
    if (paramError) return paramError(issue.message);
  }
  return new DomainError('validation_failed', { field }, config?.fieldMessages?.[field] ?? issue.message);
}
