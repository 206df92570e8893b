import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Skeleton } from '../../../components/ui/skeleton';
import { useRefundableOrders } from '../api/get-refundable-orders';
import { MyRefundsList } from '../components/my-refunds-list';
import { RefundRequestForm } from '../components/refund-request-form';
import { BackButton } from '../../../components/back-button';
import { LoadError } from '../../../components/load-error';

/** /refund-request (docs/screens.md 'Refund request', docs/rules/refunds.md 'Refund requests'). */
export function RefundRequestPage() {
  const { data: orders, isLoading, isError, refetch, isRefetching } = useRefundableOrders();

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar reembolsos', { id: 'refund-orders-error' });
  }, [isError]);

  return (
    <div className="mx-auto w-full max-w-5xl">
      <title>Solicitar reembolso - Next Level</title>
      <BackButton fallback="/tickets" className="-ml-2" />
      <header className="mt-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Solicitar reembolso</h1>
        <p className="mt-1 text-muted">Escolha o pedido e os ingressos, conte o motivo e acompanhe aqui a análise da nossa equipe.</p>
      </header>

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="refund-new">
          <h2 id="refund-new" className="sr-only">
            Nova solicitação
          </h2>
          {isLoading ? (
            <div role="status" aria-label="Carregando pedidos" className="space-y-3">
              {[0, 1, 2].map((i) => (
                <div key={i} className="rounded-2xl border border-border bg-card p-4">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="mt-3 h-4 w-1/2" />
                  <Skeleton className="mt-2 h-4 w-3/4" />
                </div>
              ))}
            </div>
          ) : isError ? (
            <LoadError title="Não foi possível carregar seus pedidos." onRetry={() => refetch()} retrying={isRefetching} />
          ) : (
            <RefundRequestForm orders={orders ?? []} />
          )}
        </section>

        <section aria-labelledby="refund-mine" className="lg:sticky lg:top-24">
          <h2 id="refund-mine" className="mb-3 text-xl font-bold">
            Minhas solicitações
          </h2>
          <MyRefundsList />
          <p className="mt-4 text-sm text-muted">
            Dúvidas? Veja a seção de cancelamento e reembolsos nos{' '}
            <Link to="/terms-of-service" className="font-semibold text-accent underline underline-offset-2">
              Termos de uso
            </Link>
            .
          </p>
        </section>
      </div>
    </div>
  );
}
