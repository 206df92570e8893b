import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfile } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileKeys } from './keys';

/** GET /api/me/profile: the account (e-mail, verified, created) and its profile. */
export function getMyProfile(signal?: AbortSignal): Promise<MyProfile> {
  return api<MyProfile>('/api/me/profile', { signal });
}

export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.mine(), queryFn: ({ signal }) => getMyProfile(signal), staleTime: 30_000 });

export function useMyProfile() {
  return useQuery(myProfileQueryOptions());
}
