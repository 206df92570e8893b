import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListAdminBannersResponse } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminBannerKeys } from './keys';

/** GET /api/admin/banners: every banner, inactive ones included, newest first. */
export function listAdminBanners(signal?: AbortSignal) {
  return api<ListAdminBannersResponse>('/api/admin/banners', { signal });
}

export const adminBannersQueryOptions = () =>
  queryOptions({ queryKey: adminBannerKeys.list(), queryFn: ({ signal }) => listAdminBanners(signal) });

export function useAdminBanners() {
  return useQuery(adminBannersQueryOptions());
}
