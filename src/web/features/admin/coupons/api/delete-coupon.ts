import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteCouponResponse } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminCouponKeys } from './keys';

/** DELETE /api/admin/coupons/:id: deletes it, or only deactivates it when an order used it. */
export function deleteCoupon(id: string) {
  return api<DeleteCouponResponse>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminCouponKeys.list() }),
  });
}
