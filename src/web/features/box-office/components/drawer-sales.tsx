import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { formatCentavos } from '../../../../shared/money';
import type { DrawerSale } from '../../../../shared/schemas/box-office';
import { paymentMethodLabel } from '../../../../shared/statuses';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api';
import { fetchDrawerSales, refundSale } from '../api/box-office-api';

const time = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });

/**
 * The sales of this drawer the server has (newest first), with 'Devolver' for one not yet
 * admitted: its tickets stop admitting, its units go back to the sector and, in cash, the money
 * leaves this drawer. Online only.
 */
export function DrawerSales({
  drawerId,
  isOnline,
  version,
  onRefunded,
}: {
  drawerId: string;
  isOnline: boolean;
  version: number;
  onRefunded: () => Promise<void>;
}) {
  const [sales, setSales] = useState<DrawerSale[] | null>(null);
  const [refunding, setRefunding] = useState<DrawerSale | null>(null);
  const [isPending, setPending] = useState(false);

  const load = useCallback(async () => {
    try {
      setSales((await fetchDrawerSales(drawerId)).sales);
    } catch {
      // Without network the list stays as it was.
    }
  }, [drawerId]);

  useEffect(() => {
    if (isOnline) void load();
  }, [isOnline, load, version]);

  async function confirm() {
    if (!refunding) return;
    setPending(true);
    try {
      await refundSale(refunding.orderId);
      toast.success(`Venda de ${formatCentavos(refunding.totalCentavos)} devolvida`);
      setRefunding(null);
      await onRefunded();
      await load();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Ocorreu um erro inesperado');
    } finally {
      setPending(false);
    }
  }

  if (!sales || sales.length === 0) return null;
  return (
    <section aria-labelledby="vendas-caixa" className="space-y-2 rounded-xl border border-border bg-card p-4">
      <h2 id="vendas-caixa" className="text-lg font-bold">
        Vendas deste caixa
      </h2>
      <ul className="divide-y divide-border">
        {sales.slice(0, 20).map((sale) => (
          <li key={sale.orderId} className="flex items-center justify-between gap-2 py-2 text-sm">
            <span>
              {time.format(new Date(sale.createdAt))} · {paymentMethodLabel[sale.paymentMethod]} · {sale.units}{' '}
              {sale.units === 1 ? 'ingresso' : 'ingressos'} ·{' '}
              <strong className="whitespace-nowrap">{formatCentavos(sale.totalCentavos)}</strong>
              {sale.status === 'refunded' ? <span className="text-muted"> (devolvida)</span> : null}
            </span>
            {sale.canRefund ? (
              <Button variant="outline" size="sm" disabled={!isOnline} onClick={() => setRefunding(sale)}>
                Devolver
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => !open && setRefunding(null)}
        title="Devolver esta venda?"
        description={
          refunding
            ? `Os ingressos deixam de valer e ${formatCentavos(refunding.totalCentavos)} saem do caixa em ${paymentMethodLabel[refunding.paymentMethod].toLowerCase()}.`
            : undefined
        }
        confirmLabel="Devolver"
        tone="danger"
        isPending={isPending}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
