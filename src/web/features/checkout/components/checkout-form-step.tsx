import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { AlertTriangle, Gift } from 'lucide-react';
import type { CheckoutFormValues } from '../lib/checkout-form';
import { BuyerFields } from './buyer-fields';
import { CheckoutSubmitBar } from './checkout-submit-bar';
import { MeiaHolderFields } from './meia-holder-fields';
import { PaymentFields } from './payment-fields';
import { TicketHolderFields } from './ticket-holder-fields';

/**
 * The checkout's form step: the buyer, the full-price holders' names (and CPFs on a nominal
 * event), the meia-entrada holders, the order's code, then the payment method (or the free
 * order's note) and the submit bar.
 */
export function CheckoutFormStep({
  form,
  onSubmit,
  fullUnits,
  meiaNames,
  nominal,
  discount,
  isFree,
  totalCentavos,
  cardFields,
  canSubmit,
}: {
  form: UseFormReturn<CheckoutFormValues, { hasCardFields: boolean }>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The sector of each full-price unit, in order. */
  fullUnits: string[];
  /** The sector of each half-price unit, in order. */
  meiaNames: string[];
  nominal: boolean;
  /** The access code applied, or the coupon field. */
  discount: ReactNode;
  isFree: boolean;
  totalCentavos: number;
  cardFields: ReactNode;
  /** Nothing blocks the submit besides a submit under way (the coupon checked, tickets chosen). */
  canSubmit: boolean;
}) {
  const { control, formState } = form;
  const method = useWatch({ control, name: 'paymentMethod' });
  const installments = useWatch({ control, name: 'installments' });
  const isSubmitting = formState.isSubmitting;
  // The server's refusal of the last try without a field of its own (use-checkout-api-error.ts).
  const refusal = formState.errors.root?.server?.message;
  // Brought into view above the sticky 'Pagar', which can be tapped from the top of the form.
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);
  const plainForm = form as UseFormReturn<CheckoutFormValues>;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 [&_input]:scroll-mb-36 [&_select]:scroll-mb-36" aria-busy={isSubmitting}>
      <BuyerFields form={form} />
      <TicketHolderFields form={plainForm} sectorNames={fullUnits} askCpf={nominal} />
      <MeiaHolderFields form={plainForm} sectorNames={meiaNames} />
      {discount}
      {isFree ? (
        <p className="flex items-center gap-2 rounded-xl bg-success/10 px-3 py-3 text-sm font-medium">
          <Gift className="size-5 shrink-0 text-success" aria-hidden />
          Ingresso gratuito: nenhum pagamento é necessário.
        </p>
      ) : (
        <PaymentFields form={plainForm} totalCentavos={totalCentavos} cardFields={cardFields} />
      )}
      {refusal ? (
        <p
          ref={refusalRef}
          role="alert"
          className="flex scroll-mb-36 items-start gap-2 rounded-xl bg-red-100 px-3 py-3 text-sm font-medium text-red-800 dark:bg-danger/15 dark:text-danger"
          data-testid="checkout-refusal"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0">{refusal}</span>
        </p>
      ) : null}
      <CheckoutSubmitBar
        isFree={isFree}
        method={method}
        installments={installments}
        totalCentavos={totalCentavos}
        isSubmitting={isSubmitting}
        disabled={isSubmitting || !canSubmit}
      />
    </form>
  );
}
