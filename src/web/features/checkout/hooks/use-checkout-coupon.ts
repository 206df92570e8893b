import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useCouponPreview } from '../api/preview-coupon';

/**
 * The coupon the buyer applied, priced by the server for the full-price tickets chosen now
 * (coupons never apply to meia-entrada); with a pre-sale code the code is the order's, and no
 * coupon is asked. `orderCode` is the code the order carries (the access code, or the coupon once
 * its preview succeeded).
 */
export function useCheckoutCoupon({
  eventId,
  fullLines,
  accessCode,
}: {
  eventId: string;
  fullLines: { sectorId: string; quantity: number }[];
  accessCode: string | null;
}) {
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const couponQuery = useCouponPreview(
    appliedCode && !accessCode && fullLines.length > 0 ? { eventId, items: fullLines, couponCode: appliedCode } : null,
  );
  const preview = appliedCode && couponQuery.isSuccess ? couponQuery.data : undefined;
  const error =
    !appliedCode || !couponQuery.isError
      ? null
      : couponQuery.error instanceof ApiError && couponQuery.error.status > 0 && couponQuery.error.status < 500
        ? couponQuery.error.message
        : 'Não foi possível verificar o cupom. Tente novamente.';
  const isChecking = appliedCode !== null && couponQuery.isFetching;
  const orderCode = accessCode ?? (preview ? appliedCode : null) ?? undefined;

  function apply(code: string) {
    const normalized = code.trim().toUpperCase();
    if (normalized === appliedCode) void couponQuery.refetch();
    else setAppliedCode(normalized);
  }

  /** Asks the server for the applied coupon again (it changed since the preview: used up, expired...). */
  function recheck() {
    void couponQuery.refetch();
  }

  return { appliedCode, setAppliedCode, preview, error, isChecking, orderCode, apply, recheck };
}
