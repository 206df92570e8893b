import { KeyRound } from 'lucide-react';
import { CouponField, type CouponFieldProps } from './coupon-field';

/**
 * The order's code: the pre-sale access code applied, or the coupon field when the full-price
 * tickets chosen cost something (coupons never apply to meia-entrada); nothing otherwise.
 */
export function CheckoutDiscount({
  accessCode,
  hasFullPrice,
  coupon,
}: {
  accessCode: string | null;
  hasFullPrice: boolean;
  coupon: CouponFieldProps;
}) {
  if (accessCode) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl border border-success/40 bg-success/10 px-3 py-3 text-sm">
        <KeyRound className="size-5 shrink-0 text-success" aria-hidden />
        <span>
          Código de acesso <span className="font-mono font-bold">{accessCode}</span> aplicado.
        </span>
      </p>
    );
  }
  return hasFullPrice ? <CouponField {...coupon} /> : null;
}
