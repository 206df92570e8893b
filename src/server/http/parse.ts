import type { FastifyError, FastifyRequest } from 'fastify';
import { DomainError } from '../../shared/errors';

/**
 * The one image of a multipart/form-data upload (field 'file', @fastify/multipart registered
 * with its size limit): its bytes, and whether the limit cut it short. Throws DomainError
 * validation_failed (field 'file': 'Selecione uma imagem.' without a file, 'Envie uma imagem por
 * vez, como arquivo.' for anything but one file part) or image_too_large.
 */
export async function readUploadedImage(request: FastifyRequest): Promise<{ bytes: Buffer; truncated: boolean }> {
  try {
    // Exactly one part, the file named 'file': anything else is refused, never half-read. The
    // parts are walked to the end of the body, so a second part (which busboy reports only after
    // the first was handed over) is refused too instead of going unnoticed.
    let image: { bytes: Buffer; truncated: boolean } | null = null;
    for await (const part of request.parts({ limits: { files: 1, parts: 1, fields: 0 } })) {
      if (image || part.type !== 'file') {
        if (part.type === 'file') part.file.resume();
        throw new DomainError('validation_failed', { field: 'file' }, 'Envie uma imagem por vez, como arquivo.');
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new DomainError('validation_failed', { field: 'file' }, 'Envie a imagem no campo “file”.');
      }
      const bytes = await part.toBuffer();
      image = { bytes, truncated: part.file.truncated };
    }
    if (!image) throw new DomainError('validation_failed', { field: 'file' }, 'Selecione uma imagem.');
    return image;
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
