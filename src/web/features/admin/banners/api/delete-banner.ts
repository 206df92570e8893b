import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminBannerKeys, publicContentKey } from './keys';

/** DELETE /api/admin/banners/:id. */
export function deleteBanner(id: string) {
  return api<void>(`/api/admin/banners/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminBannerKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicContentKey });
    },
  });
}
