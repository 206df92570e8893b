import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, CouponInputBody } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminCouponKeys } from './keys';

/** PUT /api/admin/coupons/:id: replaces the coupon's settings. */
export function updateCoupon({ id, input }: { id: string; input: CouponInputBody }) {
  return api<AdminCoupon>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminCouponKeys.list() }),
  });
}
