import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { Dialog } from '../../../../components/ui/dialog';
import { Button } from '../../../../components/ui/button';
import { FieldError } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api';
import { cancelEventSchema, type CancelEventInput } from '../../../../../shared/schemas/admin-events';
import { useCancelEvent } from '../api/cancel-event';
import { useEventCancellationPreview } from '../api/preview-event-cancellation';
import { formatCentavos } from '../../../../../shared/money';
import { plural } from '../../../../../shared/plural';

const REASON_MAX = 500;

/**
 * What the cancellation does, with the event's own numbers (GET .../cancel-preview): the paid
 * orders refunded and the money, the tickets that stop being valid, the buyers told. While the
 * numbers load, or if they cannot be read, the same list without them.
 */
function CancellationSummary({ eventId, open }: { eventId: string; open: boolean }) {
  const preview = useEventCancellationPreview(eventId, open);
  const figures = preview.data;
  return (
    <div
      className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm"
      aria-busy={preview.isPending}
      data-testid="cancel-event-summary"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
      <ul className="list-disc space-y-1 pl-4">
        {figures ? (
          figures.refundedOrders > 0 ? (
            <li>
              <strong>{plural(figures.refundedOrders, 'pedido pago será reembolsado', 'pedidos pagos serão reembolsados')}</strong>,{' '}
              <strong>{formatCentavos(figures.refundCentavos)}</strong> no total, pela mesma forma de pagamento.
            </li>
          ) : (
            <li>Nenhum pedido pago a reembolsar.</li>
          )
        ) : (
          <li>
            Todos os pedidos pagos serão reembolsados pela mesma forma de pagamento.
            {preview.isPending ? <span className="text-muted"> Calculando valores…</span> : null}
          </li>
        )}
        {figures && figures.voidedTickets > 0 ? (
          <li>
            <strong>{plural(figures.voidedTickets, 'ingresso deixa', 'ingressos deixam')}</strong> de valer na entrada.
          </li>
        ) : figures ? null : (
          <li>Os ingressos deixam de valer na entrada.</li>
        )}
        {figures && figures.releasedOrders > 0 ? (
          <li>{plural(figures.releasedOrders, 'pedido aguardando pagamento é liberado', 'pedidos aguardando pagamento são liberados')}.</li>
        ) : null}
        <li>Cada comprador é avisado, com o motivo abaixo.</li>
        <li>As vendas param e não é possível desfazer o cancelamento.</li>
      </ul>
    </div>
  );
}

/**
 * 'Cancelar evento' (docs/rules/refunds.md 'Cancelling an event'): nothing happens before the organizer confirms here.
 * Says what follows with the event's numbers (how many paid orders are refunded and how much, the
 * tickets that stop being valid, every buyer told, sales stop), asks the reason the buyers will
 * read, then cancels.
 */
export function CancelEventDialog({
  event,
  open,
  onOpenChange,
}: {
  event: { id: string; title: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const cancel = useCancelEvent();
  const form = useForm<CancelEventInput>({ defaultValues: { reason: '' }, resolver: zodResolver(cancelEventSchema) });
  const { register, handleSubmit, formState, setError, control, reset } = form;
  const reason = useWatch({ control, name: 'reason' });
  const isPending = formState.isSubmitting;
  const reasonError = formState.errors.reason?.message;

  async function onValid(values: CancelEventInput) {
    try {
      const result = await cancel.mutateAsync({ id: event.id, input: values });
      toast.success('Evento cancelado', {
        description: `${plural(result.refundedOrders, 'pedido pago será reembolsado', 'pedidos pagos serão reembolsados')}; ${plural(
          result.releasedOrders,
          'pedido pendente foi liberado',
          'pedidos pendentes foram liberados',
        )}.`,
      });
      reset();
      onOpenChange(false);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Não foi possível cancelar o evento.';
      if (error instanceof ApiError && error.details.field === 'reason') setError('reason', { type: 'server', message });
      toast.error('Não foi possível cancelar o evento.', { description: message });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isPending && onOpenChange(next)}
      title="Cancelar evento"
      description={`“${event.title}” deixa de vender ingressos.`}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4" aria-busy={isPending}>
        <CancellationSummary eventId={event.id} open={open} />
        <div>
          <label htmlFor="cancel-event-reason" className="mb-1 block text-sm font-medium">
            Motivo do cancelamento
          </label>
          <textarea
            id="cancel-event-reason"
            rows={4}
            maxLength={REASON_MAX}
            placeholder="Ex.: O local do evento foi interditado pela prefeitura."
            aria-invalid={Boolean(reasonError)}
            aria-describedby={['cancel-event-reason-hint', reasonError ? 'cancel-event-reason-error' : ''].join(' ').trim()}
            className="block w-full resize-y rounded-xl border border-border bg-card px-3 py-2.5 text-base text-fg placeholder:text-muted aria-[invalid=true]:border-danger"
            {...register('reason')}
          />
          <p id="cancel-event-reason-hint" className="mt-1 flex justify-between gap-3 text-xs text-muted">
            <span>Os compradores recebem este texto.</span>
            <span className="tabular-nums">
              {(reason ?? '').length}/{REASON_MAX}
            </span>
          </p>
          <FieldError id="cancel-event-reason-error" message={reasonError} />
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" disabled={isPending}>
            {isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Cancelar evento e reembolsar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
