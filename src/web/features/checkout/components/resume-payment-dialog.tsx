import { useCallback } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { Button } from '../../../components/ui/button';
import { useOrder } from '../api/get-order';
import { useFinishPurchase } from '../hooks/use-finish-purchase';
import { CardPaymentStep } from './card-payment-step';
import { OrderSummary } from './order-summary';
import { PixPaymentStep } from './pix-payment-step';

/**
 * 'Continuar pagamento' from 'Meus ingressos' (docs/rules/sale.md 'Pending orders'): a pending order's payment
 * step again while its hold lasts, the same as in the checkout: the PIX code, QR and countdown,
 * or the card form for another card. GET /api/orders/:id gives again what paying needs.
 */
export function ResumePaymentDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { data: order, isError, refetch } = useOrder(orderId, { poll: false });
  const finishPurchase = useFinishPurchase();
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const paid = useCallback(() => {
    onOpenChange(false);
    finishPurchase(orderId);
  }, [onOpenChange, finishPurchase, orderId]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Continuar pagamento" description={`Pedido #${orderId.slice(0, 8)}`}>
      {order ? (
        <div className="space-y-5">
          <OrderSummary
            event={order.event}
            items={order.items.map((item, index) => ({
              key: `${item.sectorId ?? 'item'}-${index}`,
              name: item.sectorName,
              lotName: item.lotName,
              quantity: item.quantity,
              unitPriceCentavos: item.unitPriceCentavos,
            }))}
            amounts={order}
          />
          {order.paymentMethod === 'pix' ? (
            <PixPaymentStep orderId={order.id} onPaid={paid} onClose={close} scrollIntoView={false} />
          ) : (
            <CardPaymentStep orderId={order.id} onPaid={paid} onClose={close} scrollIntoView={false} />
          )}
        </div>
      ) : isError ? (
        <div role="alert" className="space-y-4 text-center">
          <p>Não foi possível carregar o pedido.</p>
          <Button variant="outline" onClick={() => void refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <div role="status" aria-label="Carregando pedido" className="space-y-4">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="mx-auto size-52" />
        </div>
      )}
    </Dialog>
  );
}
