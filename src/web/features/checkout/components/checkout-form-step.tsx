import type { FormEventHandler, ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Gift } from 'lucide-react';
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
