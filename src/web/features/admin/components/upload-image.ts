import { useMutation } from '@tanstack/react-query';
import {
  imageMimeTypes,
  IMAGE_MAX_BYTES,
  imageRefusal,
  type UploadFolder,
  type UploadImageResponse,
} from '../../../../shared/schemas/admin-events';
import { postFile } from '../../../lib/image-upload';

/** Why a picked file cannot be sent, checked before uploading (the server checks again). */
export function imageRefusalOf(file: File): (typeof imageRefusal)[keyof typeof imageRefusal] | null {
  if (!(imageMimeTypes as readonly string[]).includes(file.type)) return imageRefusal.type;
  if (file.size > IMAGE_MAX_BYTES) return imageRefusal.size;
  return null;
}

/** POST /api/admin/uploads/:folder as multipart/form-data; resolves to the image's public path. */
export function uploadImage(folder: UploadFolder, file: File): Promise<UploadImageResponse> {
  return postFile<UploadImageResponse>(`/api/admin/uploads/${folder}`, file);
}

export function useUploadImage(folder: UploadFolder) {
  return useMutation({ mutationFn: (file: File) => uploadImage(folder, file) });
}
