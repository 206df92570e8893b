import { formatCentavos } from '../../../../shared/money';
import type { RefundableTicket } from '../../../../shared/schemas/refunds';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** A ticket about to be refunded, with its place in the order ('Ingresso 2 de 4'). */
export interface RefundConfirmTicket {
  ticket: RefundableTicket;
  position: number;
  count: number;
}

interface RefundConfirmDialogProps {
  /** 'withdrawal': 'Cancelar compra', at once (CDC art. 49); 'request': a refund an admin decides. */
  kind: 'withdrawal' | 'request';
  open: boolean;
  onOpenChange(open: boolean): void;
  eventTitle: string;
  tickets: RefundConfirmTicket[];
  /** What goes back, in centavos (the sum of the tickets' amounts). */
  amountCentavos: number;
  /** The service fee that does not go back, in centavos (0 when it does). */
  keptFeeCentavos: number;
  isPending: boolean;
  onConfirm(): void;
}

/**
 * The sheet before a withdrawal or a refund request (docs/rules/refunds.md 'Refund requests'):
 * which tickets stop being valid, by holder, what each pays back and the total, fee included or
 * not. Nothing happens until 'Cancelar compra' / 'Solicitar reembolso' is tapped here.
 */
export function RefundConfirmDialog({
  kind,
  open,
  onOpenChange,
  eventTitle,
  tickets,
  amountCentavos,
  keptFeeCentavos,
  isPending,
  onConfirm,
}: RefundConfirmDialogProps) {
  const count = tickets.length === 1 ? 'O ingresso abaixo' : `Os ${tickets.length} ingressos abaixo`;
  const invalid = tickets.length === 1 ? 'deixa de valer' : 'deixam de valer';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={kind === 'withdrawal' ? 'Cancelar esta compra?' : 'Solicitar reembolso?'}
      description={
        kind === 'withdrawal'
          ? `${count} de ${eventTitle} ${invalid} agora e o valor volta pela mesma forma de pagamento.`
          : `Se o reembolso for aprovado, ${count.charAt(0).toLowerCase()}${count.slice(1)} de ${eventTitle} ${invalid} e o valor volta pela mesma forma de pagamento.`
      }
      confirmLabel={kind === 'withdrawal' ? 'Cancelar compra' : 'Solicitar reembolso'}
      cancelLabel="Voltar"
      tone={kind === 'withdrawal' ? 'danger' : 'primary'}
      isPending={isPending}
      onConfirm={onConfirm}
    >
      <ul className="mt-4 divide-y divide-border rounded-xl border border-border" aria-label="Ingressos">
        {tickets.map(({ ticket, position, count: total }) => (
          <li key={ticket.id} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
            <span className="min-w-0">
              <span className="block font-semibold [overflow-wrap:anywhere]">{ticket.holderName}</span>
              <span className="block text-muted">
                {ticket.sectorName} · Ingresso {position} de {total}
              </span>
            </span>
            <span className="font-semibold whitespace-nowrap tabular-nums">{formatCentavos(ticket.amountCentavos)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-baseline justify-between gap-3 text-base">
        <span>{kind === 'withdrawal' ? 'Você recebe' : 'Valor a reembolsar'}</span>
        <strong className="tabular-nums">{formatCentavos(amountCentavos)}</strong>
      </p>
      <p className="mt-1 text-sm text-muted">
        {keptFeeCentavos > 0
          ? `A taxa de serviço (${formatCentavos(keptFeeCentavos)}) não é devolvida.`
          : 'Taxa de serviço incluída no valor devolvido.'}
      </p>
    </ConfirmDialog>
  );
}
