import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Dialog } from '../../../components/ui/dialog';
import { useBackCloses } from '../../../lib/use-back-closes';
import type { EventDetail } from '../../../../shared/schemas/events';
import { usePublicConfig } from '../api/get-public-config';
import { useBuyerPrefill } from '../hooks/use-buyer-prefill';
import { useCheckoutCoupon } from '../hooks/use-checkout-coupon';
import { useCheckoutForm } from '../hooks/use-checkout-form';
import { useCheckoutQuote } from '../hooks/use-checkout-quote';
import { useCheckoutSelection, type CheckoutSelectionLine } from '../hooks/use-checkout-selection';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit';
import { useQuoteCpfError } from '../hooks/use-quote-cpf-error';
import { usePaymentStep } from '../hooks/use-payment-step';
import { emptyCheckoutForm, type CheckoutFormValues } from '../lib/checkout-form';
import { initialStripeCardState, type StripeCardHandle, type StripeCardState } from '../lib/stripe-card';
import { CheckoutCardFields } from './checkout-card-fields';
import { CheckoutDiscount } from './checkout-discount';
import { CheckoutFormStep } from './checkout-form-step';
import { CheckoutPaymentStep } from './checkout-payment-step';
import { CheckoutSummaryStatus } from './checkout-summary-status';
import { OrderSummary } from './order-summary';

export interface CheckoutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  event: EventDetail;
  /** Per sector: full-price units and half-price units (each asked its category and holder here). */
  selection: CheckoutSelectionLine[];
  /** The pre-sale code that unlocked a sector of the selection: sent as the order's code. */
  accessCode?: string | null;
  /** Called once the order exists (paid or waiting for its payment). */
  onOrderPlaced?: () => void;
  /** Called once the purchase is done, before going to /tickets (e.g. to clear the selection). */
  onCompleted?: () => void;
  /** The prices moved while buying (a lot turned): the page asks for the event again. */
  onPricesChanged?: () => void;
  /** A waiting-list offer made to the buyer ('Lista de espera'): the order takes its units, at its price. */
  waitlistOfferId?: string | null;
  /** The CPF the buyer gave the event's waiting room ('000.000.000-00'): the buyer's CPF starts with it. */
  buyerCpf?: string | null;
}

/** Under the fee line: when the service fee goes back on a refund. */
const feeNoteOf = (event: EventDetail) =>
  event.serviceFee.refundable
    ? 'A taxa de serviço é devolvida em qualquer reembolso.'
    : 'A taxa de serviço é devolvida na desistência em até 7 dias da compra (até 48 horas antes do evento) e se o evento for cancelado.';

/**
 * 'Finalizar Pagamento' (docs/screens.md 'Checkout dialog', docs/rules/sale.md 'Checkout'): buyer data, PIX or card, then the payment
 * step. Card in the sandbox: the test form, POST card-payment. Card with Stripe: Stripe's frame
 * (loaded only then), confirmed by Stripe.js in the browser with the order's client secret; the
 * order completes when Stripe's webhook reaches the server, which the card step polls for. A
 * declined card leaves the order pending and the card step asks for another. The phone's back
 * button closes it (lib/use-back-closes.ts), keeping the page and its choice.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  event,
  selection,
  accessCode = null,
  onOrderPlaced,
  onCompleted,
  onPricesChanged,
  waitlistOfferId = null,
  buyerCpf = null,
}: CheckoutDialogProps) {
  const { data: config } = usePublicConfig();
  const [stripeState, setStripeState] = useState<StripeCardState>(initialStripeCardState);
  const stripeCard = useRef<StripeCardHandle>(null);
  const provider = config?.paymentProvider;
  const stripeKey = provider === 'stripe' ? (config?.stripePublishableKey ?? null) : null;

  const { chosen, fullLines, meiaUnits, fullUnits, fullSubtotal } = useCheckoutSelection(event, selection);
  const form = useCheckoutForm({
    initialMeiaCount: selection.reduce((sum, s) => sum + s.meiaQuantity, 0),
    meiaCount: meiaUnits.length,
    fullCount: fullUnits.length,
    hasCardFields: provider === 'sandbox',
  });
  const { getValues, formState } = form;
  const coupon = useCheckoutCoupon({ eventId: event.id, fullLines, accessCode });
  const quote = useCheckoutQuote({
    eventId: event.id,
    control: form.control,
    chosen,
    fullLines,
    meiaUnits,
    orderCode: coupon.orderCode,
    couponDiscountCentavos: coupon.preview?.discountCentavos,
    waitlistOfferId,
    nominal: event.nominal,
  });
  useQuoteCpfError(form, quote.refusal);
  const isSubmitting = formState.isSubmitting;
  useBuyerPrefill(open, form, buyerCpf);
  // The phone's back button closes the sheet, not the page (kept open while the payment is sent).
  const closeSheet = useBackCloses(open, () => {
    if (isSubmitting) return false;
    onOpenChange(false);
  });

  const { setAppliedCode } = coupon;
  const { setChangedTotal } = quote;
  const resetPurchase = useCallback(() => {
    setAppliedCode(null);
    setChangedTotal(null);
    form.reset({ ...emptyCheckoutForm, buyer: form.getValues('buyer') });
  }, [form, setAppliedCode, setChangedTotal]);
  const steps = usePaymentStep({ selection, onReset: resetPurchase, onOpenChange, onCompleted });
  const step = steps.step;
  const submit = useCheckoutSubmit({
    form,
    event,
    fullLines,
    fullCount: fullUnits.length,
    meiaUnits,
    accessCode,
    coupon,
    totalCentavos: quote.totalCentavos,
    isFree: quote.isFree,
    setChangedTotal,
    provider,
    stripeState,
    stripeCard,
    waitlistOfferId,
    complete: steps.complete,
    showPix: steps.showPix,
    showCard: steps.showCard,
    onOrderPlaced,
    onPricesChanged,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && isSubmitting) return; // keep the dialog while the payment is being processed
        if (next) onOpenChange(true);
        else closeSheet();
      }}
      title="Finalizar pagamento"
    >
      <div className="space-y-5">
        <OrderSummary
          event={event}
          items={quote.summaryItems}
          amounts={quote.amounts}
          feeNote={feeNoteOf(event)}
          status={
            <CheckoutSummaryStatus
              changedTotal={quote.changedTotal !== null && quote.changedTotal === quote.totalCentavos ? quote.changedTotal : null}
              error={quote.error}
              isUpdating={quote.isUpdating}
              isEstimate={quote.isEstimate}
            />
          }
        />

        {step ? (
          <CheckoutPaymentStep
            step={step}
            billing={{ name: getValues('buyer.name').trim(), email: getValues('buyer.email').trim(), phone: getValues('buyer.phone') }}
            onPaid={() => steps.finish(step.orderId)}
            onBack={() => void steps.leave(step.orderId)}
          />
        ) : (
          <CheckoutFormStep
            form={form}
            onSubmit={submit}
            fullUnits={fullUnits}
            meiaNames={meiaUnits.map((type) => type.name)}
            nominal={event.nominal}
            discount={
              <CheckoutDiscount
                accessCode={accessCode}
                hasFullPrice={fullSubtotal > 0}
                coupon={{
                  appliedCode: coupon.appliedCode,
                  preview: coupon.preview,
                  isChecking: coupon.isChecking,
                  error: coupon.error,
                  onApply: coupon.apply,
                  onRemove: () => setAppliedCode(null),
                  disabled: isSubmitting,
                }}
              />
            }
            isFree={quote.isFree}
            totalCentavos={quote.totalCentavos}
            cardFields={
              <CheckoutCardFields
                provider={provider}
                stripeKey={stripeKey}
                form={form as UseFormReturn<CheckoutFormValues>}
                stripeCard={stripeCard}
                stripeState={stripeState}
                disabled={isSubmitting}
                onStripeStateChange={setStripeState}
              />
            }
            canSubmit={!coupon.isChecking && chosen.length > 0}
          />
        )}
      </div>
    </Dialog>
  );
}
