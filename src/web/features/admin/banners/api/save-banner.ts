import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBanner, BannerInput } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminBannerKeys, publicContentKey } from './keys';

/** POST /api/admin/banners (no id) or PUT /api/admin/banners/:id. */
export function saveBanner({ id, input }: { id: string | null; input: BannerInput }) {
  return id
    ? api<AdminBanner>(`/api/admin/banners/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : api<AdminBanner>('/api/admin/banners', { method: 'POST', body: input });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanner,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminBannerKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicContentKey });
    },
  });
}
