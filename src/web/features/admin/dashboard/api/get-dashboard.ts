import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../../shared/schemas/admin-dashboard';
import { api } from '../../../../lib/api';
import { dashboardKeys } from './keys';

/** GET /api/admin/dashboard: the figures, computed by the server at the moment of the call. */
export function getDashboard(signal?: AbortSignal) {
  return api<AdminDashboard>('/api/admin/dashboard', { signal });
}

// Sales and check-ins change all the time: refetched on every visit.
export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal), staleTime: 0 });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
