import { CheckSquare } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatCentavos } from '../../../../shared/money';
import { refundIneligibilityLabel, type RefundableTicket } from '../../../../shared/schemas/refunds';

/**
 * The tickets of the picked order, one checkbox each (docs/rules/refunds.md 'Refund requests': single unused tickets
 * can be refunded). A ticket that cannot be refunded is greyed out with why ('Ingresso já
 * utilizado', 'Já solicitado', ...). Amounts are what each ticket pays back, after its share of
 * the order's discount.
 */
export function RefundTicketPicker({
  orderId,
  tickets,
  selectedIds,
  error,
  errorId,
  onChange,
}: {
  orderId: string;
  tickets: RefundableTicket[];
  selectedIds: string[];
  error?: string;
  errorId: string;
  onChange(ids: string[]): void;
}) {
  const eligibleIds = tickets.filter((t) => t.eligible).map((t) => t.id);
  const allChosen = eligibleIds.length > 0 && eligibleIds.every((id) => selectedIds.includes(id));
  const legendId = `refund-tickets-${orderId}`;

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...selectedIds.filter((s) => s !== id), id] : selectedIds.filter((s) => s !== id));
  }

  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      className="mx-4 mb-4 min-w-0 rounded-xl border border-border bg-card p-3"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p id={legendId} className="text-sm font-bold">
          Quais ingressos?
        </p>
        {eligibleIds.length > 1 ? (
          <button
            type="button"
            onClick={() => onChange(allChosen ? [] : eligibleIds)}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-accent hover:bg-accent/10"
          >
            <CheckSquare className="size-4" aria-hidden />
            {allChosen ? 'Limpar seleção' : 'Selecionar todos'}
          </button>
        ) : null}
      </div>
      <ul className="divide-y divide-border">
        {tickets.map((ticket, index) => {
          const id = `refund-ticket-${ticket.id}`;
          const checked = selectedIds.includes(ticket.id);
          return (
            <li key={ticket.id}>
              <label
                htmlFor={id}
                className={cn(
                  // On a phone the reason goes under the ticket's name, where it has the row's width.
                  'grid min-h-12 grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-2.5',
                  ticket.eligible ? 'cursor-pointer' : 'cursor-not-allowed text-muted',
                )}
              >
                <input
                  id={id}
                  type="checkbox"
                  className="size-5 shrink-0 accent-accent disabled:opacity-50"
                  checked={checked}
                  disabled={!ticket.eligible}
                  onChange={(event) => toggle(ticket.id, event.target.checked)}
                />
                <span className="min-w-0">
                  <span className={cn('block font-medium [overflow-wrap:anywhere]', !ticket.eligible && 'line-through decoration-1')}>
                    {ticket.holderName}
                  </span>
                  <span className="block text-xs text-muted">
                    {ticket.sectorName} · Ingresso {index + 1} de {tickets.length}
                  </span>
                </span>
                {ticket.reason ? (
                  <Badge
                    tone={ticket.reason === 'already_requested' ? 'warning' : 'neutral'}
                    className="col-span-2 col-start-2 justify-self-start sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:justify-self-end"
                  >
                    {refundIneligibilityLabel[ticket.reason]}
                  </Badge>
                ) : (
                  <span className="text-sm font-semibold whitespace-nowrap tabular-nums">{formatCentavos(ticket.amountCentavos)}</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
