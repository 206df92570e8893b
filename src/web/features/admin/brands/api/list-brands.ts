import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '../../../../../shared/schemas/brands';
import { api } from '../../../../lib/api';
import { adminBrandKeys } from './keys';

/** GET /api/brands: the three brands in the site's order, with their images and figures. */
export function listBrands(signal?: AbortSignal) {
  return api<Brand[]>('/api/brands', { signal });
}

export const adminBrandsQueryOptions = () => queryOptions({ queryKey: adminBrandKeys.list(), queryFn: ({ signal }) => listBrands(signal) });

export function useAdminBrands() {
  return useQuery(adminBrandsQueryOptions());
}
