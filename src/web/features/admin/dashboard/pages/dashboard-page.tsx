import { useEffect } from 'react';
import { BarChart3, CalendarDays, DollarSign, ScanLine, Ticket, TrendingDown, TrendingUp } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminDashboard } from '../../../../../shared/schemas/admin-dashboard';
import { formatCentavos } from '../../../../../shared/money';
import { plural } from '../../../../../shared/plural';
import { NewEventButton } from '../../components/new-event-button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/load-error';
import { SalesMoneyFigures } from '../../components/sales-money-figures';
import { PageHeader } from '../../components/page-header';
import { useDashboard } from '../api/get-dashboard';
import { StatCard } from '../components/stat-card';
import { SalesChart } from '../components/sales-chart';
import { CheckInProgress, liveEventIds, type UseLiveCounts } from '../components/check-in-progress';
import { useRefetchOnChange } from '../hooks/use-refetch-on-change';
import { RecentEvents } from '../components/recent-events';
import { QuickActions } from '../components/quick-actions';

const count = (value: number) => value.toLocaleString('pt-BR');

function Growth({ growth }: { growth: AdminDashboard['revenueGrowth'] }) {
  if (growth.percent === null) {
    return <>{formatCentavos(growth.currentCentavos)} nos últimos 30 dias · sem dados anteriores</>;
  }
  const isUp = growth.percent >= 0;
  const Icon = isUp ? TrendingUp : TrendingDown;
  return (
    <>
      <span className="flex flex-wrap items-center gap-1">
        <span
          className={
            isUp ? 'inline-flex items-center gap-1 font-semibold text-success' : 'inline-flex items-center gap-1 font-semibold text-danger'
          }
        >
          <Icon aria-hidden className="size-4" />
          {isUp ? '+' : ''}
          {growth.percent}%
        </span>
        vs. 30 dias anteriores
      </span>
      <span className="block">{formatCentavos(growth.currentCentavos)} nos últimos 30 dias</span>
    </>
  );
}

function StatsSkeleton() {
  return (
    <div role="status" aria-label="Carregando" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-32" />
      ))}
      <span className="sr-only">Carregando...</span>
    </div>
  );
}

/** /admin (docs/screens.md 'Admin area'): real figures, the money from gross to net, sales chart, check-ins, recent events, shortcuts. */
export function DashboardPage({ useLiveCounts }: { useLiveCounts: UseLiveCounts }) {
  const { data, isPending, isError, refetch } = useDashboard();
  // Today's door counts arrive live (the door screen's stream); each change reads the figures
  // again, so 'Check-ins' (every event's entries, summed by the server) moves with the door.
  const liveIds = data ? liveEventIds(data.checkInProgress, data.today) : [];
  const live = useLiveCounts(liveIds);
  const liveSignature =
    liveIds.length > 0 && live.every((counts) => counts.data) ? live.map((counts) => counts.data!.entries).join(',') : null;
  useRefetchOnChange(liveIds.join(','), liveSignature, () => void refetch());

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar o painel');
  }, [isError]);

  return (
    <>
      <PageHeader
        title="Painel"
        documentTitle="Painel - Painel Admin"
        description="Vendas, ingressos e entradas de todos os eventos."
        actions={<NewEventButton />}
      />
      {isPending ? (
        <StatsSkeleton />
      ) : isError && !data ? (
        <LoadError icon={BarChart3} title="Erro ao carregar o painel" onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-6">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard icon={CalendarDays} label="Eventos" value={count(data.eventsCount)} detail="Cadastrados no total" />
            <StatCard
              icon={Ticket}
              label="Ingressos vendidos"
              value={count(data.ticketsSold)}
              detail={
                data.ticketsOffered > 0
                  ? `Taxa de conversão: ${data.conversionPercent}% de ${plural(data.ticketsOffered, 'ingresso oferecido', 'ingressos oferecidos')}`
                  : 'Nenhum ingresso à venda ainda'
              }
            />
            <StatCard
              icon={DollarSign}
              label="Vendas brutas"
              value={formatCentavos(data.revenueCentavos)}
              detail={<Growth growth={data.revenueGrowth} />}
            />
            <StatCard
              icon={ScanLine}
              label="Check-ins"
              value={count(data.checkIns)}
              detail={liveIds.length > 0 ? 'Entradas validadas na portaria · ao vivo' : 'Entradas validadas na portaria'}
            />
          </dl>
          <section aria-labelledby="financeiro" className="space-y-3 rounded-2xl border border-border bg-card p-4 sm:p-5">
            <div>
              <h2 id="financeiro" className="text-lg font-bold">
                Financeiro
              </h2>
              <p className="text-sm text-muted">Vendas pagas de todos os eventos, do bruto ao líquido.</p>
            </div>
            <SalesMoneyFigures money={data.money} />
          </section>
          <QuickActions />
          <SalesChart days={data.salesByDay} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RecentEvents events={data.recentEvents} />
            <CheckInProgress events={data.checkInProgress} today={data.today} liveIds={liveIds} live={live} />
          </div>
        </div>
      )}
    </>
  );
}
