import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { cardCheckoutSchema, emptyCheckoutForm, emptyMeiaHolder, pixCheckoutSchema, type CheckoutFormValues } from '../lib/checkout-form';

const pixResolver = zodResolver(pixCheckoutSchema) as unknown as Resolver<CheckoutFormValues>;
const cardResolver = zodResolver(cardCheckoutSchema) as unknown as Resolver<CheckoutFormValues>;
// The sandbox's card fields are only checked when the card is the chosen method; with Stripe
// they are not shown at all (Stripe's frame holds the card, and reports its own errors).
const checkoutResolver: Resolver<CheckoutFormValues, { hasCardFields: boolean }> = (values, context, options) =>
  (values.paymentMethod === 'card' && context?.hasCardFields ? cardResolver : pixResolver)(values, context, options);

/** The form's holder list resized to the units chosen, keeping what was typed. */
const resizeMeia = (meia: CheckoutFormValues['meia'], count: number) =>
  Array.from({ length: count }, (_, index) => meia[index] ?? emptyMeiaHolder);

/**
 * The checkout form (buyer, holders, payment method, sandbox card), checked on submit; its
 * half-price holders and full-price holder names follow the units chosen, keeping what was typed.
 */
export function useCheckoutForm({
  initialMeiaCount,
  meiaCount,
  fullCount,
  hasCardFields,
}: {
  /** Half-price units of the selection when the form is created. */
  initialMeiaCount: number;
  meiaCount: number;
  fullCount: number;
  /** The sandbox's card fields are shown (and checked when the card is chosen). */
  hasCardFields: boolean;
}) {
  const form = useForm<CheckoutFormValues, { hasCardFields: boolean }>({
    defaultValues: { ...emptyCheckoutForm, meia: resizeMeia([], initialMeiaCount) },
    resolver: checkoutResolver,
    context: { hasCardFields },
    mode: 'onSubmit',
  });
  const { getValues, setValue } = form;

  useEffect(() => {
    if (getValues('meia').length !== meiaCount) setValue('meia', resizeMeia(getValues('meia'), meiaCount));
  }, [meiaCount, getValues, setValue]);
  useEffect(() => {
    const holders = getValues('holders') ?? [];
    if (holders.length !== fullCount)
      setValue(
        'holders',
        Array.from({ length: fullCount }, (_, index) => holders[index] ?? ''),
      );
  }, [fullCount, getValues, setValue]);

  return form;
}
