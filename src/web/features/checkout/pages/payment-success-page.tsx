import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AlertTriangle, CalendarPlus, CheckCircle2, Loader2, Mail, Share2, Ticket } from 'lucide-react';
import type { OrderView } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessages } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { usePaymentSuccess } from '../api/get-payment-success';
import { orderQueryOptions } from '../api/get-order';
import { eventCalendarUrl, eventPageUrl } from '../lib/confirmation';
import { OrderSummary } from '../components/order-summary';

/**
 * The purchase's confirmation. /payment-success?order=<orderId> is where the checkout leads once
 * an order is paid: the order is read again from the server (only its owner can), so a reload
 * shows the same screen. /payment-success?session_id=<paymentId> (
 * docs/screens.md 'Payment success') is Stripe's `return_url` (session_id is the PaymentIntent id). While the order still
 * waits for the provider's confirmation it says so and asks again every 2 s.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const sessionId = orderId ? null : params.get('session_id');
  // Stripe adds redirect_status to its return_url after a 3-D Secure check ('failed' when refused).
  const redirectFailed = params.get('redirect_status') === 'failed';
  const navigate = useNavigate();
  const byOrder = useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: Boolean(orderId) });
  const bySession = usePaymentSuccess(sessionId);
  const { data: order, isError, isLoading, error } = orderId ? byOrder : bySession;

  useEffect(() => {
    if (sessionId || orderId) return;
    toast.error('ID da sessão não encontrado', { id: 'payment-success-missing-session' });
    navigate('/', { replace: true });
  }, [sessionId, orderId, navigate]);

  useEffect(() => {
    if (isError && !orderId) toast.error('Erro ao verificar pagamento', { id: 'payment-success-error' });
  }, [isError, orderId]);

  if (!sessionId && !orderId) return null;
  const isConfirmed = order?.status === 'completed' && !isLoading && !isError;

  return (
    <div className="mx-auto w-full max-w-lg sm:py-4">
      <title>{isConfirmed ? 'Compra confirmada - Next Level' : 'Pagamento - Next Level'}</title>
      <div className="rounded-3xl border border-border bg-card px-4 py-6 shadow-sm sm:p-8">
        {isLoading ? (
          <div role="status" aria-label="Verificando pagamento" className="space-y-4">
            <Skeleton className="mx-auto size-16 rounded-full" />
            <Skeleton className="mx-auto h-8 w-2/3" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : isError && orderId && error instanceof ApiError && (error.status === 401 || error.status === 404) ? (
          <Outcome title={error.status === 401 ? 'Entre na sua conta' : 'Pedido não encontrado'}>
            <p className="text-muted">
              {error.status === 401
                ? 'Entre com a conta que fez a compra para ver este pedido.'
                : 'Este pedido não existe ou pertence a outra conta.'}
            </p>
          </Outcome>
        ) : isError || !order ? (
          <Outcome title="Erro ao verificar pagamento">
            <p className="text-muted">
              Não conseguimos confirmar este pagamento agora. Confira seus ingressos ou tente novamente em instantes.
            </p>
          </Outcome>
        ) : order.status === 'pending' && redirectFailed ? (
          <Outcome title="Pagamento não autorizado">
            <p className="text-muted">
              {order.paymentError ?? 'A operadora do cartão não autorizou o pagamento.'} Seus ingressos continuam reservados até o fim do
              prazo: tente outro cartão em Meus ingressos, em &quot;Continuar pagamento&quot;.
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
          <Confirmation order={order} />
        )}

        {!isLoading && !isConfirmed ? (
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

/** 'Compra confirmada!': the event, the order with its items and total, where the tickets went, and what to do next. */
function Confirmation({ order }: { order: OrderView }) {
  const event = order.event;
  const pageUrl = eventPageUrl(event.id, window.location.origin);
  const ticketCount = order.items.reduce((sum, item) => sum + item.quantity, 0);

  async function copyLink() {
    if (await copyText(pageUrl)) toast.success('Link copiado!');
    else toast.error('Não foi possível copiar o link');
  }

  async function share() {
    if (typeof navigator.share !== 'function') return copyLink();
    try {
      await navigator.share({ title: event.title, text: event.title, url: pageUrl });
    } catch (error) {
      // Closing the sheet is a choice; any other failure still leaves the person with the link.
      if ((error as Error).name !== 'AbortError') await copyLink();
    }
  }

  return (
    <>
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
          <CheckCircle2 className="size-9" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold sm:text-3xl">Compra confirmada!</h1>
        <p className="mt-1 text-muted">
          Pedido #{order.id.slice(0, 8)} · {ticketCount} {ticketCount === 1 ? 'ingresso' : 'ingressos'}
        </p>
      </div>

      {order.buyerEmail ? (
        <p className="mt-5 rounded-2xl border border-success/30 bg-success/10 px-3 py-3 text-sm">
          <Mail className="mr-1.5 inline size-4 align-[-3px] text-success" aria-hidden />
          Enviamos os ingressos para <strong className="block font-semibold break-words">{order.buyerEmail}</strong>
        </p>
      ) : (
        <p className="mt-5 text-center text-sm text-muted">Seus ingressos já estão disponíveis em Meus ingressos.</p>
      )}

      <div className="mt-4">
        <OrderSummary
          headingLevel={2}
          event={event}
          items={order.items.map((item, index) => ({
            key: `${item.sectorId ?? 'item'}-${index}`,
            name: item.sectorName,
            lotName: item.lotName,
            quantity: item.quantity,
            unitPriceCentavos: item.unitPriceCentavos,
          }))}
          amounts={order}
        />
      </div>

      <div className="mt-6 grid gap-3">
        <Button asChild size="lg">
          <Link to="/tickets">
            <Ticket className="size-5" aria-hidden /> Ver ingressos
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href={eventCalendarUrl(event.id)} download>
            <CalendarPlus className="size-4" aria-hidden /> Adicionar à agenda
          </a>
        </Button>
        <Button variant="outline" onClick={() => void share()}>
          <Share2 className="size-4" aria-hidden /> Compartilhar
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Voltar ao início</Link>
        </Button>
      </div>
    </>
  );
}
