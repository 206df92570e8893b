import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/me';
import { api } from '../../../lib/api';

/** What the sign-in screen reads of GET /api/config; an absent provider flag means it is off. */
export type AuthConfig = PublicConfig & { googleSignIn?: boolean };

export function getPublicConfig(signal?: AbortSignal): Promise<AuthConfig> {
  return api<AuthConfig>('/api/config', { signal });
}

// Same key and shape wherever /api/config is read, so the answer is fetched once.
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getPublicConfig(signal), staleTime: Infinity });

export function useIsGoogleSignInEnabled(): boolean {
  const { data } = useQuery(publicConfigQueryOptions());
  return data?.googleSignIn === true;
}
