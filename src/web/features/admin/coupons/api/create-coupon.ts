import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, CouponInputBody } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminCouponKeys } from './keys';

/** POST /api/admin/coupons. */
export function createCoupon(input: CouponInputBody) {
  return api<AdminCoupon>('/api/admin/coupons', { method: 'POST', body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminCouponKeys.list() }),
  });
}
