import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessages } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api';
import { orderKeys } from '../api/keys';
import { formFieldOf, type CheckoutFormValues } from '../lib/checkout-form';
import { cpfFieldOf } from './use-quote-cpf-error';

/** The id of the checkout's toasts: a new one replaces the last, so a double tap never stacks two. */
export const CHECKOUT_TOAST = 'checkout';

/**
 * Shows a refusal of the quote or of the order: its pt-BR message (the server's, src/shared/errors.ts)
 * as a toast and on its form field, or, without one, above the submit button (`root.server`). A price that changed (a lot turned, a deadline passed) asks for the quote again and shows
 * the new total; a coupon that changed since its preview is checked again.
 */
export function useCheckoutApiError({
  setError,
  setChangedTotal,
  recheckCoupon,
  onPricesChanged,
  getValues,
}: {
  setError: UseFormSetError<CheckoutFormValues>;
  /** The form's values, to find the field of a CPF refusal. */
  getValues?: () => CheckoutFormValues;
  setChangedTotal(total: number | null): void;
  recheckCoupon(): void;
  onPricesChanged?: () => void;
}) {
  const queryClient = useQueryClient();
  return function showApiError(error: unknown) {
    const message = error instanceof ApiError ? error.message : errorMessages.payment_failed;
    toast.error(message || errorMessages.payment_failed, { id: CHECKOUT_TOAST });
    // A lot turned (or a deadline passed) since the quote: the new quote is shown, the buyer confirms again.
    if (error instanceof ApiError && error.code === 'price_changed') {
      const total = error.details.totalCentavos;
      setChangedTotal(typeof total === 'number' ? total : null);
      void queryClient.invalidateQueries({ queryKey: orderKeys.quotes() });
      onPricesChanged?.();
      return;
    }
    // The coupon changed since the preview (used up, expired...): ask again, its field shows why.
    if (error instanceof ApiError && error.details.field === 'couponCode') recheckCoupon();
    // A CPF refusal (the limit per CPF, one meia per CPF) goes to the CPF it names (use-quote-cpf-error.ts).
    const field =
      error instanceof ApiError ? (formFieldOf(error.details.field) ?? (getValues ? cpfFieldOf(error, getValues()) : null)) : null;
    if (field) setError(field as FieldPath<CheckoutFormValues>, { type: 'server', message }, { shouldFocus: true });
    // Any other refusal (sold out meanwhile, the hold expired, a limit) stays above 'Pagar' after the toast goes, until the next try.
    else setError('root.server', { type: 'server', message: message || errorMessages.payment_failed });
  };
}
