import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListCouponEventsResponse } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminCouponKeys } from './keys';

/** GET /api/admin/coupons/events: the events a coupon may be limited to, by date. */
export function listCouponEvents(signal?: AbortSignal) {
  return api<ListCouponEventsResponse>('/api/admin/coupons/events', { signal });
}

export const couponEventsQueryOptions = () =>
  queryOptions({ queryKey: adminCouponKeys.events(), queryFn: ({ signal }) => listCouponEvents(signal) });

export function useCouponEvents(enabled = true) {
  return useQuery({ ...couponEventsQueryOptions(), enabled });
}
