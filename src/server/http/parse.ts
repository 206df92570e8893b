import type { FastifyError, FastifyRequest } from 'fastify';
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

/**
 * The one image of a multipart/form-data upload (field 'file', @fastify/multipart registered
 * with its size limit): its bytes, and whether the limit cut it short. Throws DomainError
 * validation_failed (field 'file': 'Selecione uma imagem.' without a file, 'Envie uma imagem por
 * vez, como arquivo.' for anything but one file part) or image_too_large.
 */
export async function readUploadedImage(request: FastifyRequest): Promise<{ bytes: Buffer; truncated: boolean }> {
  try {
    // Exactly one part, the file named 'file': anything else is refused, never half-read.
    const file = await request.file({ limits: { files: 1, parts: 1, fields: 0 } });
    if (!file) throw new DomainError('validation_failed', { field: 'file' }, 'Selecione uma imagem.');
    if (file.fieldname !== 'file') {
      file.file.resume();
      throw new DomainError('validation_failed', { field: 'file' }, 'Envie a imagem no campo "file".');
    }
    const bytes = await file.toBuffer();
    return { bytes, truncated: file.file.truncated };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('image_too_large', { field: 'file' });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
      throw new DomainError('validation_failed', { field: 'file' }, 'Envie uma imagem por vez, como arquivo.');
    }
    throw error;
  }
}
