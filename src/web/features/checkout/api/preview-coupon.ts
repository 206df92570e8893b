import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponPreviewInput } from '../../../../shared/schemas/admin-content';
import type { CouponPreview } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

/** POST /api/coupons/preview: what the order would cost with the coupon; the server prices it, nothing is held. */
export function previewCoupon(input: CouponPreviewInput, signal?: AbortSignal): Promise<CouponPreview> {
  return api<CouponPreview>('/api/coupons/preview', { method: 'POST', body: input, signal });
}

const linesKey = (items: CouponPreviewInput['items']) =>
  items
    .filter((item) => item.quantity > 0)
    .map((item) => `${item.sectorId}:${item.quantity}`)
    .sort()
    .join(',');

// Uses and validity change while the dialog is open: always asked again, never retried on a refusal.
export const couponPreviewQueryOptions = (input: CouponPreviewInput) =>
  queryOptions({
    queryKey: orderKeys.couponPreview(input.eventId, linesKey(input.items), input.couponCode),
    queryFn: ({ signal }) => previewCoupon(input, signal),
    staleTime: 0,
    gcTime: 60_000,
  });

/** The applied coupon's preview; asked again whenever the chosen tickets change. Off while `input` is null. */
export function useCouponPreview(input: CouponPreviewInput | null) {
  return useQuery({
    ...couponPreviewQueryOptions(input ?? { eventId: '', items: [], couponCode: '' }),
    enabled: input !== null,
  });
}
