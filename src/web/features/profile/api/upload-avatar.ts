import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMAGE_MAX_BYTES, imageMimeTypes } from '../../../../shared/schemas/admin-events';
import { avatarRefusal, type MyProfile, type UploadAvatarResponse } from '../../../../shared/schemas/profile';
import { postFile } from '../../../lib/image-upload';
import { meQueryOptions } from '../../../lib/session';
import { profileKeys } from './keys';

/** Why a picked picture cannot be sent, checked before uploading (the server checks again by its bytes). */
export function avatarRefusalOf(file: File): (typeof avatarRefusal)[keyof typeof avatarRefusal] | null {
  if (!(imageMimeTypes as readonly string[]).includes(file.type)) return avatarRefusal.type;
  if (file.size > IMAGE_MAX_BYTES) return avatarRefusal.size;
  return null;
}

/** POST /api/me/avatar as multipart/form-data; the server stores it and saves it in the profile. */
export function uploadAvatar(file: File): Promise<UploadAvatarResponse> {
  return postFile<UploadAvatarResponse>('/api/me/avatar', file);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatarUrl }) => {
      queryClient.setQueryData<MyProfile>(profileKeys.mine(), (old) => (old ? { ...old, avatarUrl } : old));
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}
