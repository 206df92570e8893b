import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { CHECKOUT_TOAST } from './use-checkout-api-error';
import { useCancelOrder } from '../api/cancel-order';
import { getOrder } from '../api/get-order';
import type { CardStepPhase } from '../components/card-payment-step';
import type { CheckoutSelectionLine } from './use-checkout-selection';
import { useFinishPurchase } from './use-finish-purchase';

/** After the order is placed: its PIX code, or its card payment (a decline to retry, or Stripe confirming). */
export type PaymentStep =
  | { kind: 'pix'; orderId: string; key: string }
  | { kind: 'card'; orderId: string; key: string; phase: CardStepPhase; error: string | null };

const selectionKey = (selection: CheckoutSelectionLine[]) =>
  selection
    .filter((s) => s.fullQuantity + s.meiaQuantity > 0)
    .map((s) => `${s.sectorId}:${s.fullQuantity}:${s.meiaQuantity}`)
    .sort()
    .join(',');

/**
 * The checkout's steps: the form, then the placed order's PIX or card step. A payment step belongs
 * to the tickets it was placed for: other tickets chosen, the form again. `finish` ends the purchase
 * (forgets the step, resets the form keeping the buyer, closes and shows the order paid).
 */
export function usePaymentStep({
  selection,
  onReset,
  onOpenChange,
  onCompleted,
}: {
  selection: CheckoutSelectionLine[];
  /** Forgets what this purchase typed and was told (coupon, changed total, form but the buyer). */
  onReset: () => void;
  onOpenChange(open: boolean): void;
  onCompleted?: () => void;
}) {
  const finishPurchase = useFinishPurchase();
  const cancelOrder = useCancelOrder();
  const [paymentStep, setPaymentStep] = useState<PaymentStep | null>(null);
  const currentKey = selectionKey(selection);
  const step = paymentStep && paymentStep.key === currentKey ? paymentStep : null;

  // Purchase done: forget the PIX step, keep the buyer for next time, close and show the order paid.
  const finish = useCallback(
    (orderId: string) => {
      setPaymentStep(null);
      onReset();
      onOpenChange(false);
      onCompleted?.();
      finishPurchase(orderId);
    },
    [onReset, onOpenChange, onCompleted, finishPurchase],
  );

  const complete = (message: string, orderId: string) => {
    toast.success(message, { id: CHECKOUT_TOAST });
    finish(orderId);
  };

  /**
   * 'Escolher outra forma de pagamento' / 'Gerar novo pagamento': the pending order is cancelled so
   * its units return at once, then the form again. Paid meanwhile: the purchase is done.
   */
  async function leave(orderId: string) {
    try {
      await cancelOrder.mutateAsync(orderId);
    } catch {
      const order = await getOrder(orderId).catch(() => null);
      if (order?.status === 'completed') {
        complete('Compra realizada com sucesso!', orderId);
        return;
      }
    }
    setPaymentStep(null);
  }

  const showPix = (orderId: string) => setPaymentStep({ kind: 'pix', orderId, key: currentKey });
  const showCard = (orderId: string, phase: CardStepPhase, error: string | null) =>
    setPaymentStep({ kind: 'card', orderId, key: currentKey, phase, error });

  return { step, finish, complete, leave, showPix, showCard };
}
