import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListBannersResponse } from '../../../../shared/schemas/content';
import { api } from '../../../lib/api';
import { contentKeys } from './keys';

export function listBanners(signal?: AbortSignal) {
  return api<ListBannersResponse>('/api/banners', { signal });
}

export const listBannersQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.banners(),
    queryFn: ({ signal }) => listBanners(signal),
  });

/** The active banners, newest first. */
export function useBanners() {
  return useQuery(listBannersQueryOptions());
}
