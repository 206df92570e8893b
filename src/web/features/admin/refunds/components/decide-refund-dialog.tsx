import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import '../../../../../shared/zod-locale';
import { ADMIN_NOTES_MAX, decideRefundSchema, type AdminRefund } from '../../../../../shared/schemas/admin-refunds';
import { formatCentavos } from '../../../../../shared/money';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { ApiError } from '../../../../lib/api';
import { cn } from '../../../../lib/cn';
import { FormField } from '../../../../components/form-field';
import { Textarea } from '../../components/form-field';
import { useDecideRefund } from '../api/decide-refund';

export type RefundDecision = 'approve' | 'reject';

type NotesForm = z.input<typeof decideRefundSchema>;
type NotesOutput = z.output<typeof decideRefundSchema>;

const copy = {
  approve: { title: 'Aprovar reembolso', confirm: 'Aprovar reembolso', success: 'Reembolso aprovado com sucesso!' },
  reject: { title: 'Rejeitar reembolso', confirm: 'Rejeitar reembolso', success: 'Reembolso rejeitado com sucesso!' },
} as const;

function ticketsText(count: number) {
  return count === 1 ? 'o ingresso deste pedido deixará' : `os ${count} ingressos deste pedido deixarão`;
}

/** What a decision does, told before the admin confirms it. */
function Consequences({ refund, decision }: { refund: AdminRefund; decision: RefundDecision }) {
  if (decision === 'reject') {
    return (
      <p className="text-sm text-muted">O pedido continua pago e os ingressos continuam valendo. O comprador será avisado no aplicativo.</p>
    );
  }
  return (
    <p className="text-sm text-muted">
      {formatCentavos(refund.amountCentavos)} voltará ao comprador pela mesma forma de pagamento (
      {refund.paymentMethod === 'pix' ? 'PIX' : 'cartão'}), {ticketsText(refund.ticketCount)} de valer na entrada e as vagas voltarão ao
      estoque. O comprador será avisado no aplicativo.
    </p>
  );
}

export interface DecideRefundDialogProps {
  /** The refund being decided, or null when the dialog is closed. */
  target: { refund: AdminRefund; decision: RefundDecision } | null;
  onClose(): void;
}

/** Confirms an approval or a rejection, with optional notes the buyer will read (docs/rules/refunds.md 'Refund status'). */
export function DecideRefundDialog({ target, onClose }: DecideRefundDialogProps) {
  const decide = useDecideRefund();
  const form = useForm<NotesForm, unknown, NotesOutput>({
    defaultValues: { adminNotes: '' },
    resolver: zodResolver(decideRefundSchema),
  });
  const { register, handleSubmit, formState, reset, control } = form;
  const notes = useWatch({ control, name: 'adminNotes' }) ?? '';

  function close() {
    if (decide.isPending) return;
    reset({ adminNotes: '' });
    onClose();
  }

  function submit({ adminNotes }: NotesOutput) {
    if (!target) return;
    const { refund, decision } = target;
    decide.mutate(
      { refundId: refund.id, decision, adminNotes },
      {
        onSuccess: (decided) => {
          toast.success(copy[decision].success, {
            description:
              decided.status === 'approved'
                ? 'A devolução pelo meio de pagamento será concluída automaticamente em alguns minutos.'
                : undefined,
          });
          reset({ adminNotes: '' });
          onClose();
        },
        onError: (error) => {
          toast.error('Erro ao processar reembolso', {
            description: error instanceof ApiError && error.status > 0 ? error.message : undefined,
          });
          // Decided elsewhere in the meantime: the refreshed list shows what happened.
          if (error instanceof ApiError && error.code === 'refund_not_pending') {
            reset({ adminNotes: '' });
            onClose();
          }
        },
      },
    );
  }

  const decision = target?.decision ?? 'approve';
  const refund = target?.refund;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={copy[decision].title}
      description={refund ? `${refund.event.title} · ${refund.buyer.name} · ${formatCentavos(refund.amountCentavos)}` : undefined}
    >
      {refund ? (
        <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
          <Consequences refund={refund} decision={decision} />
          <div className="rounded-xl bg-surface p-3 text-sm">
            <p className="font-semibold">Motivo do comprador</p>
            <p className="mt-1 break-words whitespace-pre-line">{refund.reason}</p>
          </div>
          <FormField
            id="refund-admin-notes"
            label="Observações (opcional)"
            error={formState.errors.adminNotes?.message}
            hint={`O comprador verá esta mensagem. ${notes.length}/${ADMIN_NOTES_MAX}`}
          >
            {(aria) => (
              <Textarea
                {...aria}
                rows={3}
                maxLength={ADMIN_NOTES_MAX + 100}
                placeholder={decision === 'reject' ? 'Explique o motivo da recusa' : 'Ex.: evento remarcado'}
                {...register('adminNotes')}
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={decide.isPending}>
              Cancelar
            </Button>
            {/* Dark text on the status colour: white fails contrast on dark mode's lighter tones. */}
            <button
              type="submit"
              disabled={decide.isPending}
              className={cn(
                'inline-flex h-11 items-center justify-center gap-2 rounded-xl px-4 font-semibold text-bg transition hover:opacity-90 disabled:pointer-events-none disabled:opacity-50',
                decision === 'approve' ? 'bg-success' : 'bg-danger',
              )}
            >
              {decide.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {copy[decision].confirm}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
