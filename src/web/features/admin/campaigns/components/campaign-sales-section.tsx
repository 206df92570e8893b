import { useEffect } from 'react';
import { Download, Megaphone } from 'lucide-react';
import { toast } from 'sonner';
import { isNoCampaign, NO_CAMPAIGN_LABEL, type CampaignRow } from '../../../../../shared/schemas/campaigns';
import { formatCentavos } from '../../../../../shared/money';
import { plural } from '../../../../../shared/plural';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/empty-state';
import { LoadError } from '../../../../components/load-error';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { campaignSalesCsvUrl, useCampaignSales } from '../api/get-campaign-sales';

/** A utm value, or a dash when the link had none. */
function Value({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-muted">
      <span aria-hidden>—</span>
      <span className="sr-only">não informado</span>
    </span>
  ) : (
    <span className="break-all">{value}</span>
  );
}

const rowKey = (row: CampaignRow) => JSON.stringify([row.source, row.medium, row.campaign]);

const columns: DataTableColumn<CampaignRow>[] = [
  {
    key: 'source',
    header: 'Origem',
    cell: (row) => (isNoCampaign(row) ? <span className="font-semibold">{NO_CAMPAIGN_LABEL}</span> : <Value value={row.source} />),
  },
  { key: 'medium', header: 'Mídia', cell: (row) => (isNoCampaign(row) ? null : <Value value={row.medium} />) },
  { key: 'campaign', header: 'Campanha', cell: (row) => (isNoCampaign(row) ? null : <Value value={row.campaign} />) },
  { key: 'orders', header: 'Pedidos', className: 'text-right', cell: (row) => row.orders.toLocaleString('pt-BR') },
  { key: 'tickets', header: 'Ingressos', className: 'text-right', cell: (row) => row.tickets.toLocaleString('pt-BR') },
  {
    key: 'gross',
    header: 'Vendas brutas',
    className: 'text-right',
    cell: (row) => <span className="whitespace-nowrap">{formatCentavos(row.grossCentavos)}</span>,
  },
];

/** A campaign on a phone: 'origem / campanha' as the title, the medium and the figures below. */
function CampaignCard({ row }: { row: CampaignRow }) {
  const title = isNoCampaign(row) ? NO_CAMPAIGN_LABEL : [row.source ?? '—', row.campaign ?? '—'].join(' / ');
  return (
    <>
      <p className="font-semibold break-all">{title}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {isNoCampaign(row) ? null : (
          <>
            <dt className="text-muted">Mídia</dt>
            <dd className="min-w-0">
              <Value value={row.medium} />
            </dd>
          </>
        )}
        <dt className="text-muted">Pedidos</dt>
        <dd>{row.orders.toLocaleString('pt-BR')}</dd>
        <dt className="text-muted">Ingressos</dt>
        <dd>{row.tickets.toLocaleString('pt-BR')}</dd>
        <dt className="text-muted">Vendas brutas</dt>
        <dd>{formatCentavos(row.grossCentavos)}</dd>
      </dl>
    </>
  );
}

/**
 * 'Vendas por campanha' of an event in the back office (docs/rules/sale.md 'Campaign
 * attribution'): its paid orders per utm source, medium and campaign, with tickets and 'Vendas
 * brutas', 'Sem campanha' last and the totals above; a table on wide screens, one card per
 * campaign on phones, and 'Baixar CSV'.
 */
export function CampaignSalesSection({ eventId }: { eventId: string }) {
  const { data, isPending, isError, refetch } = useCampaignSales(eventId);
  useEffect(() => {
    if (isError) toast.error('Não foi possível carregar as vendas por campanha.');
  }, [isError]);
  const rows = data?.rows ?? [];
  const totals = data?.totals;

  return (
    <section aria-labelledby="vendas-por-campanha" className="mt-10 mb-8">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="vendas-por-campanha" className="text-xl font-bold">
            Vendas por campanha
          </h2>
          <p className="text-sm text-muted">
            Pedidos pagos pela origem, mídia e campanha do link de onde o comprador veio (utm_source, utm_medium e utm_campaign), pelo
            último link dos 7 dias antes da compra.
          </p>
          {totals && totals.orders > 0 ? (
            <p className="mt-1 text-sm font-medium">
              Total: {plural(totals.orders, 'pedido pago', 'pedidos pagos')} · {plural(totals.tickets, 'ingresso', 'ingressos')} ·{' '}
              {formatCentavos(totals.grossCentavos)}
            </p>
          ) : null}
        </div>
        {rows.length > 0 ? (
          <Button asChild variant="outline" className="shrink-0">
            <a href={campaignSalesCsvUrl(eventId)} download>
              <Download aria-hidden className="size-5" />
              Baixar CSV
            </a>
          </Button>
        ) : null}
      </div>
      {isPending ? (
        <ListSkeleton count={2} className="h-14" />
      ) : isError ? (
        <LoadError icon={Megaphone} title="Não foi possível carregar as vendas por campanha." onRetry={() => void refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Megaphone} title="Nenhuma venda ainda" description="Os pedidos pagos deste evento aparecem aqui por campanha." />
      ) : (
        <>
          <DataTable
            caption="Vendas por campanha"
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            renderCard={(row) => <CampaignCard row={row} />}
          />
          <p className="mt-2 text-xs text-muted">
            Vendas brutas: o valor pago pelos ingressos, com descontos e sem taxas de serviço, inclusive de pedidos reembolsados depois.
          </p>
        </>
      )}
    </section>
  );
}
