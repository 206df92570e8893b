import { Link } from 'react-router';
import type { AdminRefundList } from '../../../../../shared/schemas/admin-refunds';
import type { RefundStatus } from '../../../../../shared/schemas/refunds';
import { cn } from '../../../../lib/cn';

/** The filter choices, in the order of docs/rules/refunds.md 'Refund status' (all, pending, approved, rejected, processed). */
export const refundFilters: { status: RefundStatus | null; label: string }[] = [
  { status: null, label: 'Todos' },
  { status: 'pending', label: 'Pendentes' },
  { status: 'approved', label: 'Aprovados' },
  { status: 'rejected', label: 'Rejeitados' },
  { status: 'processed', label: 'Processados' },
];

/** Status filter kept in the URL (?status=pending), with how many refunds each holds. */
export function RefundStatusFilter({ current, counts }: { current: RefundStatus | null; counts?: AdminRefundList['counts'] }) {
  // `relative` keeps the absolute sr-only brackets inside the scroller; otherwise they widen the page on phones.
  return (
    <nav aria-label="Filtrar por status" className="relative -mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-2">
        {refundFilters.map(({ status, label }) => {
          const isActive = status === current;
          const count = counts?.[status ?? 'all'];
          return (
            <li key={label}>
              <Link
                to={{ search: status ? `?status=${status}` : '' }}
                replace
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition',
                  isActive ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-card text-fg hover:bg-surface',
                )}
              >
                {label}
                {count !== undefined ? (
                  <span
                    className={cn(
                      'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs',
                      isActive ? 'bg-accent-foreground/20' : 'bg-surface text-muted',
                    )}
                  >
                    <span className="sr-only">(</span>
                    {count}
                    <span className="sr-only">)</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
