import { useId, useState } from 'react';
import { ChevronDown, Loader2 } from 'lucide-react';
import { formatCentavos } from '../../../../shared/money';
import { cn } from '../../../lib/cn';
import { useOrderDetails } from '../api/get-order-details';

/**
 * 'Detalhes do pedido' of an order in 'Meus ingressos': each item with its lot, the discount, the
 * service fee ('Taxa de serviço') and the total, asked of the server when opened.
 */
export function OrderDetails({ orderId, className }: { orderId: string; className?: string }) {
  const [isOpen, setOpen] = useState(false);
  const { data: order, isError, isFetching, refetch } = useOrderDetails(orderId, isOpen);
  // One order can show twice on the page (its refunded tickets under 'Histórico').
  const panelId = `order-details-${useId()}`;

  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-accent"
      >
        Detalhes do pedido
        <ChevronDown aria-hidden className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
      </button>
      {isOpen ? (
        <div id={panelId} className="mt-1 rounded-2xl border border-border bg-card p-3 text-sm">
          {order ? (
            <>
              <ul className="space-y-1.5" aria-label="Itens do pedido">
                {order.items.map((item, index) => (
                  <li key={`${item.sectorId ?? 'item'}-${index}`} className="flex justify-between gap-3">
                    <span className="min-w-0">
                      {item.quantity} x {item.sectorName}
                      {item.lotName ? <span className="block text-xs text-muted">{item.lotName}</span> : null}
                    </span>
                    <span className="shrink-0 tabular-nums">{formatCentavos(item.quantity * item.unitPriceCentavos)}</span>
                  </li>
                ))}
              </ul>
              <dl className="mt-2 space-y-1 border-t border-border pt-2">
                {order.discountCentavos > 0 || order.feeCentavos > 0 ? (
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted">Subtotal</dt>
                    <dd className="tabular-nums">{formatCentavos(order.subtotalCentavos)}</dd>
                  </div>
                ) : null}
                {order.discountCentavos > 0 ? (
                  <div className="flex justify-between gap-3 text-success">
                    <dt>Desconto</dt>
                    <dd className="tabular-nums">-{formatCentavos(order.discountCentavos)}</dd>
                  </div>
                ) : null}
                {order.feeCentavos > 0 ? (
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted">Taxa de serviço</dt>
                    <dd className="tabular-nums">{formatCentavos(order.feeCentavos)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-3 font-bold">
                  <dt>Total</dt>
                  <dd className="tabular-nums">{order.totalCentavos === 0 ? 'Gratuito' : formatCentavos(order.totalCentavos)}</dd>
                </div>
              </dl>
            </>
          ) : isError && !isFetching ? (
            <p role="alert">
              Não foi possível carregar os detalhes.{' '}
              <button type="button" className="font-semibold text-accent underline" onClick={() => void refetch()}>
                Tentar novamente
              </button>
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-muted">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Carregando detalhes...
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
