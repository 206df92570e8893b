import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';
import { profileKeys } from './keys';

/** GET /api/me/stats: events attended, total spent (centavos) and average rating, computed by the server. */
export function getUserStats(signal?: AbortSignal): Promise<UserStats> {
  return api<UserStats>('/api/me/stats', { signal });
}

export const userStatsQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.stats(), queryFn: ({ signal }) => getUserStats(signal), staleTime: 0 });

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
