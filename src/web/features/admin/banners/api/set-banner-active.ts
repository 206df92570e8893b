import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBanner } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminBannerKeys, publicContentKey } from './keys';

/** PATCH /api/admin/banners/:id: turns the banner on or off. */
export function setBannerActive({ id, active }: { id: string; active: boolean }) {
  return api<AdminBanner>(`/api/admin/banners/${encodeURIComponent(id)}`, { method: 'PATCH', body: { active } });
}

export function useSetBannerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBannerActive,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminBannerKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicContentKey });
    },
  });
}
