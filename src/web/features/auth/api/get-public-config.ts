import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/me';
import { api } from '../../../lib/api';

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config', { signal });
}

// Same key and shape wherever /api/config is read, so the answer is fetched once.
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getPublicConfig(signal), staleTime: Infinity });

/** The sign-in providers the server has keys for (GET /api/config), in button order; none while it loads. */
export function useSocialProviders(): PublicConfig['socialProviders'] {
  const { data } = useQuery(publicConfigQueryOptions());
  return data?.socialProviders ?? [];
}
