import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminCouponKeys } from './keys';

/** PATCH /api/admin/coupons/:id: the list's active toggle. */
export function setCouponActive({ id, isActive }: { id: string; isActive: boolean }) {
  return api<AdminCoupon>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive } });
}

export function useSetCouponActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCouponActive,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminCouponKeys.list() }),
  });
}
