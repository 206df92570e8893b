import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatCentavos } from '../../../../shared/money';
import { ApiError } from '../../../lib/api';
import { useCancelOrder } from '../api/cancel-order';

/**
 * 'Cancelar pedido' from 'Meus ingressos': asks first, then POST /api/orders/:id/cancel. The
 * reserved units return to sale at once; nothing was charged (docs/rules/sale.md 'Pending orders').
 */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: { orderId: string; eventTitle: string; totalCentavos: number };
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const cancel = useCancelOrder();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancelar este pedido?"
      description={
        <>
          O pedido #{order.orderId.slice(0, 8)} de <strong className="text-fg">{order.eventTitle}</strong> (
          {formatCentavos(order.totalCentavos)}) será cancelado e os ingressos reservados voltam a ficar à venda. Nenhum valor foi cobrado.
        </>
      }
      confirmLabel="Cancelar pedido"
      cancelLabel="Manter pedido"
      isPending={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(order.orderId, {
          onSuccess: () => {
            toast.success('Pedido cancelado.');
            onOpenChange(false);
          },
          onError: (error) => {
            toast.error(error instanceof ApiError ? error.message : 'Não foi possível cancelar o pedido. Tente novamente.');
            onOpenChange(false);
          },
        })
      }
    />
  );
}
