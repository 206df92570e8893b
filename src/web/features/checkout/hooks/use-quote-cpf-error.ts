import { useEffect } from 'react';
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { onlyDigits } from '../../../../shared/cpf';
import type { ApiError } from '../../../lib/api';
import type { CheckoutFormValues } from '../lib/checkout-form';

/** The refusals of the quote that belong to a CPF typed in the checkout. */
const CPF_REFUSALS = new Set(['cpf_limit', 'meia_cpf_repeated']);

/**
 * The form field a CPF refusal belongs to: the holder's CPF field holding `details.cpf` (a
 * full-price holder of a nominal event, then a meia-entrada holder), else the buyer's CPF (the
 * buyer's own CPF, or the account's holdings, which the buyer's CPF stands for). Null for any
 * other refusal.
 */
export function cpfFieldOf(refusal: Pick<ApiError, 'code' | 'details'>, values: CheckoutFormValues): FieldPath<CheckoutFormValues> | null {
  if (!CPF_REFUSALS.has(refusal.code)) return null;
  const cpf = typeof refusal.details.cpf === 'string' ? onlyDigits(refusal.details.cpf) : '';
  if (cpf && onlyDigits(values.buyer.cpf) !== cpf) {
    const holder = (values.holderCpfs ?? []).findIndex((typed) => onlyDigits(typed) === cpf);
    if (holder >= 0) return `holderCpfs.${holder}`;
    const meia = (values.meia ?? []).findIndex((unit) => onlyDigits(unit.cpf ?? '') === cpf);
    if (meia >= 0) return `meia.${meia}.cpf` as FieldPath<CheckoutFormValues>;
  }
  return 'buyer.cpf';
}

/**
 * Tells the quote's CPF refusal (the limit per CPF, one meia-entrada per CPF: decided by the server's
 * quote, docs/rules/sale.md 'Limits per order and per CPF') at the CPF field it belongs to while
 * the buyer types, before 'Pagar'; the message goes once the quote accepts again.
 */
export function useQuoteCpfError(form: UseFormReturn<CheckoutFormValues, { hasCardFields: boolean }>, refusal: ApiError | null) {
  const { setError, clearErrors, getValues, control } = form;
  // Re-placed when the CPFs move, as the same refusal may then belong to another field.
  const cpfs = useWatch({ control, name: ['buyer.cpf', 'holderCpfs', 'meia'] });
  const field = refusal ? cpfFieldOf(refusal, getValues()) : null;
  const message = refusal?.message ?? '';
  useEffect(() => {
    if (!field) return;
    setError(field, { type: 'quote', message });
    return () => {
      if (form.getFieldState(field).error?.type === 'quote') clearErrors(field);
    };
  }, [field, message, cpfs, setError, clearErrors, form]);
}
