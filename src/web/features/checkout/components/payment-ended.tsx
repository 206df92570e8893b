import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessages } from '../../../../shared/errors';
import type { OrderStatus } from '../../../../shared/schemas/orders';

/** Why a pending order can no longer be paid, in the buyer's words: a failed payment by the provider's reason when it gave one. */
function endedMessage(status: OrderStatus | 'expired', reason: string | null): string {
  if (status === 'expired') return errorMessages.order_expired; // 'O prazo para pagamento deste pedido expirou.'
  if (status === 'cancelled') return 'Este pedido foi cancelado.';
  return reason || errorMessages.payment_failed;
}

/**
 * The payment step of an order that ended unpaid (expired, cancelled, failed): its units were
 * released. In the checkout the buyer starts again (`onBack`); resuming from 'Meus ingressos' the
 * dialog just closes (`onClose`).
 */
export function PaymentEnded({
  status,
  reason = null,
  onBack,
  onClose,
}: {
  status: OrderStatus | 'expired';
  /** The order's `paymentError`: why its last payment was refused. */
  reason?: string | null;
  onBack?: () => void;
  onClose?: () => void;
}) {
  return (
    <div className="space-y-4 text-center">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-danger/15 text-danger">
        <AlertTriangle className="size-7" aria-hidden />
      </div>
      <p role="alert" className="text-base font-semibold">
        {endedMessage(status, reason)}
      </p>
      <p className="text-sm text-muted">
        {onBack
          ? 'Os ingressos reservados foram liberados. Você pode gerar um novo pagamento.'
          : 'Os ingressos reservados foram liberados.'}
      </p>
      {onBack ? (
        <Button className="w-full" size="lg" onClick={onBack}>
          Gerar novo pagamento
        </Button>
      ) : onClose ? (
        <Button className="w-full" size="lg" variant="outline" onClick={onClose}>
          Fechar
        </Button>
      ) : null}
    </div>
  );
}

/** A payment step whose order could not be loaded: says so, with the way back. */
export function OrderLoadError({ onBack }: { onBack?: () => void }) {
  return (
    <div className="space-y-4 text-center" role="alert">
      <p>Não foi possível carregar o pedido.</p>
      <Button variant="outline" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden /> Voltar
      </Button>
    </div>
  );
}
