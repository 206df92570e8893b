import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/me';
import { api } from '../../../lib/api';

/** GET /api/config: tells whether the sandbox payment provider runs (test card hint). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config', { signal });
}

// Same key and shape wherever /api/config is read, so the answer is fetched once.
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getPublicConfig(signal), staleTime: Infinity });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
