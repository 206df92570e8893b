import { Link } from 'react-router';
import { RotateCcw, Search, Ticket, WifiOff } from 'lucide-react';
import type { MyOrderTickets } from '../../../../shared/schemas/tickets';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNotificationDate } from '../../../../shared/dates';
import { useMyTickets } from '../api/get-my-tickets';
import { useTicketPeople } from '../api/get-ticket-people';
import { IncomingTransfers } from '../components/incoming-transfers';
import { OrderTickets } from '../components/order-tickets';
import { PendingOrderCard } from '../components/pending-order-card';
import { splitOrdersForTickets } from '../lib/split-orders';
import { LoadError } from '../../../components/load-error';

export interface TicketsPageProps {
  /** 'Continuar pagamento' of a pending order (the route opens the checkout's payment step). */
  onResumeOrder(order: MyOrderTickets): void;
  /** 'Cancelar pedido' of a pending order (the route asks for confirmation and cancels it). */
  onCancelOrder(order: MyOrderTickets): void;
}

/**
 * /tickets 'Meus ingressos' (docs/screens.md 'My tickets', docs/rules/tickets.md 'My tickets'):
 * orders waiting for payment first, with their time left, then the tickets still to use and the
 * history (past events, refunded and cancelled tickets), each grouped by order, newest order
 * first. An order cancelled before it was paid has no ticket and is not listed.
 */
export function TicketsPage({ onResumeOrder, onCancelOrder }: TicketsPageProps) {
  const { data, isLoading, isError, refetch, isRefetching } = useMyTickets();
  const orders = data?.orders;
  const savedCopyAt = data?.savedCopyAt ?? null;
  const pending = (orders ?? []).filter((order) => order.status === 'pending');
  const withTickets = (orders ?? []).filter((order) => order.status !== 'pending' && order.tickets.length > 0);
  const { upcoming, history } = splitOrdersForTickets(withTickets, new Date());
  const { data: people } = useTicketPeople();
  const peopleByTicket = new Map((people?.tickets ?? []).map((p) => [p.ticketId, p]));
  const incoming = people?.incoming ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl">
      <title>Meus ingressos - Next Level</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Meus ingressos</h1>
          <p className="mt-1 text-muted">Gerencie seus ingressos e acesse os códigos QR</p>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
          <Link to="/refund-request">
            <RotateCcw className="size-4" aria-hidden /> Solicitar reembolso
          </Link>
        </Button>
      </header>

      {savedCopyAt ? (
        <p
          role="status"
          className="mt-6 flex items-start gap-2 rounded-2xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm font-medium text-amber-900 dark:text-amber-200"
        >
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>Sem conexão: mostrando a última cópia salva ({formatNotificationDate(savedCopyAt)}).</span>
        </p>
      ) : null}

      <div className="mt-8">
        {isLoading ? (
          <div role="status" aria-label="Carregando ingressos" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="rounded-2xl border border-border bg-card p-4">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="mt-3 h-4 w-full" />
                <Skeleton className="mt-2 h-4 w-4/5" />
                <Skeleton className="mt-5 h-11 w-full" />
              </div>
            ))}
          </div>
        ) : isError ? (
          <LoadError title="Não foi possível carregar seus ingressos." onRetry={() => refetch()} retrying={isRefetching} />
        ) : pending.length === 0 && upcoming.length === 0 && history.length === 0 && incoming.length === 0 ? (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-border bg-card px-6 py-14 text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-accent/15 text-accent">
              <Ticket className="size-8" aria-hidden />
            </span>
            <h2 className="mt-4 text-xl font-bold">Nenhum ingresso encontrado</h2>
            <p className="mt-1 max-w-sm text-muted">Quando você comprar ingressos, eles aparecem aqui com o QR code para a entrada.</p>
            <Button asChild size="lg" className="mt-6">
              <Link to="/events">
                <Search className="size-5" aria-hidden /> Explorar eventos
              </Link>
            </Button>
          </div>
        ) : (
          <div className="space-y-10">
            <IncomingTransfers transfers={incoming} />
            {pending.length ? (
              <section aria-labelledby="tickets-pending">
                <h2 id="tickets-pending" className="text-xl font-bold">
                  Pagamento pendente
                </h2>
                <p className="mt-1 mb-4 text-sm text-muted">
                  Os ingressos ficam reservados até o fim do prazo. Depois disso, voltam a ficar à venda.
                </p>
                <div className="space-y-4">
                  {pending.map((order) => (
                    <PendingOrderCard key={order.orderId} order={order} onResume={onResumeOrder} onCancel={onCancelOrder} />
                  ))}
                </div>
              </section>
            ) : null}
            <section aria-labelledby="tickets-upcoming">
              <h2 id="tickets-upcoming" className="mb-4 text-xl font-bold">
                Próximos eventos
              </h2>
              {upcoming.length ? (
                <div className="space-y-5">
                  {upcoming.map((order) => (
                    <OrderTickets key={order.orderId} order={order} section="upcoming" people={peopleByTicket} />
                  ))}
                </div>
              ) : (
                <p className="rounded-2xl border border-dashed border-border p-5 text-muted">
                  Você não tem ingressos para próximos eventos.{' '}
                  <Link to="/events" className="font-semibold text-accent underline underline-offset-2">
                    Explorar eventos
                  </Link>
                </p>
              )}
            </section>
            {history.length ? (
              <section aria-labelledby="tickets-history">
                <h2 id="tickets-history" className="text-xl font-bold">
                  Histórico
                </h2>
                <p className="mt-1 mb-4 text-sm text-muted">Eventos passados e ingressos reembolsados ou cancelados.</p>
                <div className="space-y-5">
                  {history.map((order) => (
                    <OrderTickets key={order.orderId} order={order} section="history" people={peopleByTicket} />
                  ))}
                </div>
              </section>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}
