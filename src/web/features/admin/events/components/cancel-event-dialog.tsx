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

const REASON_MAX = 500;

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/**
 * 'Cancelar evento' (docs/rules/refunds.md 'Cancelling an event'): asks the reason the buyers will read and says what
 * follows (sales stop, every paid order refunded, every buyer told), then cancels.
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
        <div className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
          <ul className="list-disc space-y-1 pl-4">
            <li>Todos os pedidos pagos serão reembolsados pela mesma forma de pagamento.</li>
            <li>Os ingressos deixam de valer na entrada.</li>
            <li>Cada comprador é avisado, com o motivo abaixo.</li>
            <li>Não é possível desfazer o cancelamento.</li>
          </ul>
        </div>
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
