import { useEffect } from 'react';
import { Download, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { EventBuyer } from '../../../../../shared/schemas/admin-events';
import { formatCentavos } from '../../../../../shared/money';
import { formatInstant } from '../../../../../shared/dates';
import { formatPhone } from '../../../../../shared/phone';
import { Button } from '../../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../../../components/empty-state';
import { LoadError } from '../../../../components/load-error';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { eventBuyersCsvUrl, useEventBuyers } from '../api/list-event-buyers';

const columns: DataTableColumn<EventBuyer>[] = [
  {
    key: 'name',
    header: 'Nome',
    cell: (buyer) => (
      <span className="block min-w-0">
        <span className="block font-semibold">{buyer.name}</span>
        <span className="block truncate text-xs font-normal text-muted">{buyer.email}</span>
      </span>
    ),
  },
  { key: 'phone', header: 'Telefone', cell: (buyer) => <span className="whitespace-nowrap">{formatPhone(buyer.phone)}</span> },
  { key: 'tickets', header: 'Ingressos', className: 'text-right', cell: (buyer) => buyer.tickets },
  {
    key: 'amount',
    header: 'Valor',
    className: 'text-right',
    cell: (buyer) => <span className="whitespace-nowrap">{formatCentavos(buyer.amountCentavos)}</span>,
  },
  { key: 'date', header: 'Data', cell: (buyer) => <span className="whitespace-nowrap">{formatInstant(buyer.paidAt)}</span> },
];

/** The buyers of an event: completed orders, with 'Exportar CSV' (docs/rules/events.md 'Creating and editing events'). */
export function BuyersSection({ eventId }: { eventId: string }) {
  const { data, isPending, isError, refetch } = useEventBuyers(eventId);
  useEffect(() => {
    if (isError) toast.error('Não foi possível carregar os dados dos compradores.');
  }, [isError]);
  const buyers = data?.buyers ?? [];
  const totalTickets = buyers.reduce((sum, buyer) => sum + buyer.tickets, 0);
  const totalAmount = buyers.reduce((sum, buyer) => sum + buyer.amountCentavos, 0);

  return (
    <section aria-labelledby="compradores" className="mt-10">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="compradores" className="text-xl font-bold">
            Compradores
          </h2>
          {buyers.length > 0 ? (
            <p className="text-sm text-muted">
              {buyers.length === 1 ? '1 pedido pago' : `${buyers.length} pedidos pagos`} ·{' '}
              {totalTickets === 1 ? '1 ingresso' : `${totalTickets} ingressos`} · {formatCentavos(totalAmount)}
            </p>
          ) : null}
        </div>
        {buyers.length > 0 ? (
          <Button asChild variant="outline">
            <a href={eventBuyersCsvUrl(eventId)} download>
              <Download aria-hidden className="size-5" />
              Exportar CSV
            </a>
          </Button>
        ) : null}
      </div>
      {isPending ? (
        <ListSkeleton count={3} className="h-14" />
      ) : isError ? (
        <LoadError icon={Users} title="Não foi possível carregar os dados dos compradores." onRetry={() => void refetch()} />
      ) : buyers.length === 0 ? (
        <EmptyState icon={Users} title="Nenhum comprador ainda" description="Os pedidos pagos deste evento aparecem aqui." />
      ) : (
        <DataTable caption="Compradores do evento" columns={columns} rows={buyers} rowKey={(buyer) => buyer.orderId} />
      )}
    </section>
  );
}
