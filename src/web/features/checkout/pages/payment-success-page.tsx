import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AlertTriangle, CalendarDays, CheckCircle2, Loader2, MapPin } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCentavos } from '../../../../shared/money';
import { formatEventDate, formatEventTime } from '../../../../shared/dates';
import { errorMessages } from '../../../../shared/errors';
import { usePaymentSuccess } from '../api/get-payment-success';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * /payment-success?session_id=<paymentId> (SPEC.md section 2 'Payment success'), also Stripe's
 * `return_url` (session_id is the PaymentIntent id). While the order still waits for the
 * provider's confirmation it says so and asks again every 2 s.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  // Stripe adds redirect_status to its return_url after a 3-D Secure check ('failed' when refused).
  const redirectFailed = params.get('redirect_status') === 'failed';
  const navigate = useNavigate();
  const { data: order, isError, isLoading } = usePaymentSuccess(sessionId);

  useEffect(() => {
    if (sessionId) return;
    toast.error('ID da sessão não encontrado', { id: 'payment-success-missing-session' });
    navigate('/', { replace: true });
  }, [sessionId, navigate]);

  useEffect(() => {
    if (isError) toast.error('Erro ao verificar pagamento', { id: 'payment-success-error' });
  }, [isError]);

  if (!sessionId) return null;

  return (
    <div className="mx-auto w-full max-w-lg sm:py-4">
      <title>Pagamento - Next Level</title>
      <div className="rounded-3xl border border-border bg-card p-6 shadow-sm sm:p-8">
        {isLoading ? (
          <div role="status" aria-label="Verificando pagamento" className="space-y-4">
            <Skeleton className="mx-auto size-16 rounded-full" />
            <Skeleton className="mx-auto h-8 w-2/3" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : isError || !order ? (
          <Outcome title="Erro ao verificar pagamento">
            <p className="text-muted">Não conseguimos confirmar este pagamento agora. Confira seus ingressos ou tente novamente em instantes.</p>
          </Outcome>
        ) : order.status === 'pending' && redirectFailed ? (
          <Outcome title="Pagamento não autorizado">
            <p className="text-muted">
              {order.paymentError ?? 'A operadora do cartão não autorizou o pagamento.'} Seus ingressos continuam reservados até o fim
              do prazo: tente outro cartão em Meus ingressos, em &quot;Continuar pagamento&quot;.
            </p>
          </Outcome>
        ) : order.status === 'pending' ? (
          <div className="flex flex-col items-center gap-3 text-center" role="status">
            <Loader2 className="size-12 animate-spin text-accent" aria-hidden />
            <h1 className="text-2xl font-bold">Aguardando pagamento...</h1>
            <p className="text-muted">
              O pedido ainda aguarda a confirmação do pagamento. Esta página se atualiza sozinha assim que ele for confirmado.
            </p>
          </div>
        ) : order.status !== 'completed' ? (
          <Outcome title={order.status === 'expired' ? errorMessages.order_expired : errorMessages.payment_failed}>
            <p className="text-muted">Nenhuma cobrança foi confirmada para este pedido.</p>
          </Outcome>
        ) : (
          <>
            <div className="flex flex-col items-center text-center">
              <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
                <CheckCircle2 className="size-9" aria-hidden />
              </span>
              <h1 className="mt-4 text-2xl font-extrabold sm:text-3xl">Pagamento Confirmado!</h1>
              <p className="mt-1 text-muted">Seus ingressos já estão disponíveis.</p>
            </div>

            <section aria-labelledby="payment-success-event" className="mt-6 rounded-2xl bg-surface p-4">
              <h2 id="payment-success-event" className="text-lg leading-snug font-bold">
                {order.event.title}
              </h2>
              <ul className="mt-2 space-y-1 text-sm text-muted">
                <li className="flex items-start gap-2">
                  <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>
                    {capitalize(formatEventDate(order.event.date))} · {formatEventTime(order.event.startTime)}
                  </span>
                </li>
                <li className="flex items-start gap-2">
                  <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>{order.event.location}</span>
                </li>
              </ul>
            </section>

            <section aria-label="Itens do pedido" className="mt-4">
              <ul className="divide-y divide-border">
                {order.items.map((item, index) => (
                  <li key={`${item.ticketTypeId ?? 'item'}-${index}`} className="flex justify-between gap-3 py-2.5">
                    <span className="min-w-0">
                      {item.quantity} x {item.ticketTypeName}
                      {item.lotName ? <span className="block text-xs text-muted">{item.lotName}</span> : null}
                    </span>
                    <span className="shrink-0 tabular-nums">{formatCentavos(item.quantity * item.unitPriceCentavos)}</span>
                  </li>
                ))}
                {order.discountCentavos > 0 ? (
                  <li className="flex justify-between gap-3 py-2.5 text-success">
                    <span>Desconto</span>
                    <span className="shrink-0 tabular-nums">-{formatCentavos(order.discountCentavos)}</span>
                  </li>
                ) : null}
                {order.feeCentavos > 0 ? (
                  <li className="flex justify-between gap-3 py-2.5">
                    <span>Taxa de serviço</span>
                    <span className="shrink-0 tabular-nums">{formatCentavos(order.feeCentavos)}</span>
                  </li>
                ) : null}
              </ul>
              <p className="mt-1 flex items-baseline justify-between gap-3 border-t-2 border-border pt-3 text-lg font-bold">
                <span>Total</span>
                <span className="tabular-nums">{formatCentavos(order.totalCentavos)}</span>
              </p>
            </section>
          </>
        )}

        {!isLoading ? (
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <Button asChild className="whitespace-nowrap">
              <Link to="/tickets">Ver meus ingressos</Link>
            </Button>
            <Button asChild variant="outline" className="whitespace-nowrap">
              <Link to="/">Voltar ao início</Link>
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Outcome({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center" role="alert">
      <span className="flex size-14 items-center justify-center rounded-full bg-danger/15 text-danger">
        <AlertTriangle className="size-7" aria-hidden />
      </span>
      <h1 className="text-xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
