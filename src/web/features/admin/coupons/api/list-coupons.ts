import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListAdminCouponsResponse } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminCouponKeys } from './keys';

/** GET /api/admin/coupons: every coupon, newest first. */
export function listCoupons(signal?: AbortSignal) {
  return api<ListAdminCouponsResponse>('/api/admin/coupons', { signal });
}

export const adminCouponsQueryOptions = () =>
  queryOptions({ queryKey: adminCouponKeys.list(), queryFn: ({ signal }) => listCoupons(signal) });

export function useAdminCoupons() {
  return useQuery(adminCouponsQueryOptions());
}
