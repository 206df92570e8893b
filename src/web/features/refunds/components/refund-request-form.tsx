import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Info, Loader2, Search, TicketX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatCentavos } from '../../../../shared/money';
import { requestRefundSchema, type RefundableOrder, type RequestRefundInput } from '../../../../shared/schemas/refunds';
import { formatInstant } from '../../../../shared/dates';
import { useRequestRefund } from '../api/request-refund';
import { useWithdrawPurchase } from '../api/withdraw-purchase';
import { RefundConfirmDialog } from './refund-confirm-dialog';
import { RefundOrderOption } from './refund-order-option';
import { RefundTicketPicker } from './refund-ticket-picker';

const REASON_MAX = 1000;
const emptyForm: RequestRefundInput = { orderId: '', ticketIds: [], reason: '' };

/**
 * docs/screens.md 'Refund request', per ticket (docs/rules/refunds.md 'Refund requests'): pick an order, then its
 * tickets one by one (the amount follows), give a reason, submit with the ticket ids. Orders and
 * tickets that cannot be refunded are greyed out with why ('Já solicitado', 'Ingresso já utilizado').
 */
export function RefundRequestForm({ orders }: { orders: RefundableOrder[] }) {
  const eligible = orders.filter((o) => o.eligible);
  const ineligible = orders.filter((o) => !o.eligible);
  const requestRefund = useRequestRefund();
  const withdraw = useWithdrawPurchase();
  const form = useForm<RequestRefundInput>({ defaultValues: emptyForm, resolver: zodResolver(requestRefundSchema) });
  const { register, handleSubmit, formState, setError, reset, control, setValue } = form;
  const [orderId, ticketIds, reason] = useWatch({ control, name: ['orderId', 'ticketIds', 'reason'] });
  const selected = eligible.find((o) => o.orderId === orderId);
  const chosenIds = ticketIds ?? [];
  const chosenTickets = selected ? selected.tickets.filter((t) => t.eligible && chosenIds.includes(t.id)) : [];
  const amountCentavos = chosenTickets.reduce((sum, t) => sum + t.amountCentavos, 0);
  const keptFeeCentavos = chosenTickets.reduce((sum, t) => sum + t.keptFeeCentavos, 0);
  // The confirmation open: for the withdrawal, or for the request with the values it will send.
  const [confirming, setConfirming] = useState<{ kind: 'withdrawal' } | { kind: 'request'; values: RequestRefundInput } | null>(null);
  const isSubmitting = formState.isSubmitting || requestRefund.isPending;
  const orderRegistration = register('orderId', {
    // A new order: its only refundable ticket is chosen for the buyer; with several, none yet.
    onChange: (event: { target: { value: string } }) => {
      const order = eligible.find((o) => o.orderId === event.target.value);
      const refundable = order ? order.tickets.filter((t) => t.eligible) : [];
      setValue('ticketIds', refundable.length === 1 ? [refundable[0].id] : [], { shouldValidate: formState.isSubmitted });
    },
  });

  async function cancelPurchase() {
    if (!selected || chosenTickets.length === 0) return;
    try {
      const refund = await withdraw.mutateAsync({
        orderId: selected.orderId,
        ticketIds: chosenTickets.map((t) => t.id),
        reason: reason || undefined,
      });
      toast.success('Compra cancelada', {
        id: 'refund-withdrawal',
        description: `${formatCentavos(refund.amountCentavos)} ${refund.status === 'processed' ? 'já foram devolvidos' : 'serão devolvidos'} pela mesma forma de pagamento.`,
      });
      reset(emptyForm);
    } catch (error) {
      toast.error('Não foi possível cancelar a compra', {
        id: 'refund-withdrawal',
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
    setConfirming(null);
  }

  async function sendRequest(values: RequestRefundInput) {
    try {
      await requestRefund.mutateAsync(values);
      toast.success('Solicitação de reembolso enviada com sucesso!', { id: 'refund-request' });
      reset(emptyForm);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      toast.error('Erro ao solicitar reembolso', { id: 'refund-request', description: message });
      const field = error instanceof ApiError ? error.details.field : undefined;
      if ((field === 'reason' || field === 'orderId' || field === 'ticketIds') && message) setError(field, { type: 'server', message });
    }
    setConfirming(null);
  }

  if (eligible.length === 0) {
    return (
      <div className="space-y-5">
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-border bg-card px-6 py-10 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
            <TicketX className="size-7" aria-hidden />
          </span>
          <p className="mt-4 max-w-sm font-semibold">Você não possui ingressos elegíveis para reembolso.</p>
          <p className="mt-1 max-w-sm text-sm text-muted">
            Só pedidos pagos, de eventos que ainda não aconteceram e sem ingresso utilizado podem ser reembolsados.
          </p>
          {orders.length === 0 ? (
            <Button asChild variant="outline" className="mt-5">
              <Link to="/events">
                <Search className="size-4" aria-hidden /> Explorar eventos
              </Link>
            </Button>
          ) : null}
        </div>
        {ineligible.length ? <IneligibleOrders orders={ineligible} /> : null}
      </div>
    );
  }

  const orderError = formState.errors.orderId?.message;
  const ticketsError = formState.errors.ticketIds?.message ?? formState.errors.ticketIds?.root?.message;
  const reasonError = formState.errors.reason?.message;
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => setConfirming({ kind: 'request', values }))}
      className="space-y-6"
      aria-busy={isSubmitting}
    >
      {/* A fieldset is as wide as its widest word unless told otherwise (min-inline-size: min-content). */}
      <fieldset className="min-w-0" aria-describedby={orderError ? 'refund-order-error' : undefined}>
        <legend className="mb-3 text-base font-bold">Escolha o pedido e os ingressos</legend>
        <ul className="space-y-3">
          {eligible.map((order) => (
            <RefundOrderOption key={order.orderId} order={order} registration={orderRegistration} isSelected={order.orderId === orderId}>
              {order.orderId === orderId ? (
                <RefundTicketPicker
                  orderId={order.orderId}
                  tickets={order.tickets}
                  selectedIds={chosenIds}
                  error={ticketsError}
                  errorId="refund-tickets-error"
                  onChange={(ids) => setValue('ticketIds', ids, { shouldValidate: formState.isSubmitted })}
                />
              ) : null}
            </RefundOrderOption>
          ))}
        </ul>
        <FieldError id="refund-tickets-error" message={selected ? ticketsError : undefined} />
        <FieldError id="refund-order-error" message={orderError} />
        {ineligible.length ? (
          <>
            <p className="mt-5 mb-3 text-sm font-semibold text-muted">Indisponíveis para reembolso</p>
            <ul className="space-y-3">
              {ineligible.map((order) => (
                <RefundOrderOption key={order.orderId} order={order} />
              ))}
            </ul>
          </>
        ) : null}
      </fieldset>

      {selected?.withdrawalDeadline ? (
        <section aria-labelledby="withdrawal-title" className="space-y-3 rounded-2xl border border-accent/40 bg-accent/10 p-4">
          <h2 id="withdrawal-title" className="text-base font-bold">
            Desistência da compra
          </h2>
          <p className="text-sm">
            Até {formatInstant(selected.withdrawalDeadline)} você pode cancelar esta compra por conta própria e receber na hora tudo o que
            pagou pelos ingressos escolhidos, taxa de serviço incluída, sem precisar de aprovação.
          </p>
          <Button
            type="button"
            disabled={withdraw.isPending || chosenTickets.length === 0}
            onClick={() => setConfirming({ kind: 'withdrawal' })}
          >
            {withdraw.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : null}
            {chosenTickets.length === 0 ? 'Cancelar compra' : `Cancelar compra · ${formatCentavos(amountCentavos)}`}
          </Button>
        </section>
      ) : null}

      <div>
        <label htmlFor="refund-reason" className="block text-base font-bold">
          Motivo do reembolso
        </label>
        <textarea
          id="refund-reason"
          rows={4}
          maxLength={REASON_MAX}
          placeholder="Conte por que você precisa do reembolso"
          aria-invalid={Boolean(reasonError)}
          aria-describedby={cn(reasonError ? 'refund-reason-error' : '', 'refund-reason-hint') || undefined}
          className="mt-1 block w-full resize-y rounded-xl border border-border bg-card px-3 py-2.5 text-base text-fg placeholder:text-muted aria-[invalid=true]:border-danger"
          {...register('reason')}
        />
        <p id="refund-reason-hint" className="mt-1 text-right text-xs text-muted tabular-nums">
          {(reason ?? '').length}/{REASON_MAX}
        </p>
        <FieldError id="refund-reason-error" message={reasonError} />
      </div>

      <p className="flex gap-2 rounded-xl bg-surface px-3 py-3 text-sm">
        <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        <span>
          Você pode pedir o reembolso de todos os ingressos do pedido ou só de alguns. Se for aprovado, os ingressos escolhidos deixam de
          valer e o valor volta pela mesma forma de pagamento.
        </span>
      </p>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted" aria-live="polite">
          {!selected ? (
            'Selecione um pedido para ver o valor.'
          ) : chosenTickets.length === 0 ? (
            'Selecione os ingressos para ver o valor.'
          ) : (
            <>
              Valor a reembolsar ({chosenTickets.length === 1 ? '1 ingresso' : `${chosenTickets.length} ingressos`}):{' '}
              <strong className="text-fg tabular-nums">{formatCentavos(amountCentavos)}</strong>
              {keptFeeCentavos > 0 && (
                <span className="mt-1 block">
                  A taxa de serviço ({formatCentavos(keptFeeCentavos)}) não é devolvida: o prazo de desistência (7 dias da compra, até 48
                  horas antes do evento) terminou e o evento não foi cancelado.
                </span>
              )}
            </>
          )}
        </p>
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-56">
          {isSubmitting ? (
            <>
              <Loader2 className="size-5 animate-spin" aria-hidden /> Enviando...
            </>
          ) : (
            'Solicitar reembolso'
          )}
        </Button>
      </div>
      {selected ? (
        <RefundConfirmDialog
          kind={confirming?.kind ?? 'request'}
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          eventTitle={selected.event.title}
          tickets={chosenTickets.map((ticket) => ({
            ticket,
            position: selected.tickets.indexOf(ticket) + 1,
            count: selected.tickets.length,
          }))}
          amountCentavos={amountCentavos}
          keptFeeCentavos={keptFeeCentavos}
          isPending={withdraw.isPending || requestRefund.isPending}
          onConfirm={() => (confirming?.kind === 'withdrawal' ? cancelPurchase() : confirming ? sendRequest(confirming.values) : undefined)}
        />
      ) : null}
    </form>
  );
}

/** The user's other orders, greyed out with why they cannot be picked. */
function IneligibleOrders({ orders }: { orders: RefundableOrder[] }) {
  return (
    <fieldset disabled className="min-w-0">
      <legend className="mb-3 text-base font-bold">Seus pedidos</legend>
      <ul className="space-y-3">
        {orders.map((order) => (
          <RefundOrderOption key={order.orderId} order={order} />
        ))}
      </ul>
    </fieldset>
  );
}
