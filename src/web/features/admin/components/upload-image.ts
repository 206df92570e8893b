import { useMutation } from '@tanstack/react-query';
import {
  imageMimeTypes,
  IMAGE_MAX_BYTES,
  imageRefusal,
  type UploadFolder,
  type UploadImageResponse,
} from '../../../../shared/schemas/admin-events';
import { ApiError } from '../../../lib/api';

/** Why a picked file cannot be sent, checked before uploading (the server checks again). */
export function imageRefusalOf(file: File): (typeof imageRefusal)[keyof typeof imageRefusal] | null {
  if (!(imageMimeTypes as readonly string[]).includes(file.type)) return imageRefusal.type;
  if (file.size > IMAGE_MAX_BYTES) return imageRefusal.size;
  return null;
}

/** POST /api/admin/uploads/:folder as multipart/form-data; resolves to the image's public path. */
export async function uploadImage(folder: UploadFolder, file: File): Promise<UploadImageResponse> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/admin/uploads/${folder}`, { method: 'POST', credentials: 'include', body });
  } catch {
    throw new ApiError(0, { code: 'internal', message: 'Sem conexão. Verifique sua internet e tente novamente.' });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, (json as object) ?? {});
  return json as UploadImageResponse;
}

export function useUploadImage(folder: UploadFolder) {
  return useMutation({ mutationFn: (file: File) => uploadImage(folder, file) });
}
