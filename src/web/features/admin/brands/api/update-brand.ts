import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandUpdate } from '../../../../../shared/schemas/brands';
import { api } from '../../../../lib/api';
import { adminBrandKeys, publicBrandsKey } from './keys';

/** PUT /api/admin/brands/:slug: saves what the brand's page and home slide show. */
export function updateBrand({ slug, input }: { slug: string; input: BrandUpdate }) {
  return api<Brand>(`/api/admin/brands/${encodeURIComponent(slug)}`, { method: 'PUT', body: input });
}

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminBrandKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicBrandsKey });
    },
  });
}
