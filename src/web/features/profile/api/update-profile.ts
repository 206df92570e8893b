import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyProfile, UpdateProfileData } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { meQueryOptions } from '../../../lib/session';
import { profileKeys } from './keys';

/** PUT /api/me/profile: name, phone and avatar address; the e-mail never changes. */
export function updateProfile(input: UpdateProfileData): Promise<MyProfile> {
  return api<MyProfile>('/api/me/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.mine(), profile);
      // The menu header shows the name from /api/me.
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}
