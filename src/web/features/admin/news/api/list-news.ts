import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListAdminNewsResponse } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminNewsKeys } from './keys';

/** GET /api/admin/news: every news item, drafts included, newest first. */
export function listAdminNews(signal?: AbortSignal) {
  return api<ListAdminNewsResponse>('/api/admin/news', { signal });
}

export const adminNewsQueryOptions = () => queryOptions({ queryKey: adminNewsKeys.list(), queryFn: ({ signal }) => listAdminNews(signal) });

export function useAdminNews() {
  return useQuery(adminNewsQueryOptions());
}
