import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/schemas/me';
import { api } from '../../lib/api';

// Same key and shape wherever /api/config is read, so the answer is fetched once.
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal }),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
