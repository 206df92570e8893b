import type { AdminEventStatus } from '../../../../../shared/schemas/admin-events';
import { cn } from '../../../../lib/cn';

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** 'Ativo' / 'Finalizado' (docs/rules/events.md 'Event status') or 'Cancelado', plus 'Rascunho' for an unpublished event. */
export function EventStatusBadges({
  status,
  isPublished,
  cancelledAt = null,
}: {
  status: AdminEventStatus;
  isPublished: boolean;
  cancelledAt?: string | null;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {cancelledAt ? (
        <span className={cn(pill, 'bg-red-100 text-red-800 dark:bg-danger/15 dark:text-danger')}>Cancelado</span>
      ) : status === 'active' ? (
        <span className={cn(pill, 'bg-green-100 text-green-800 dark:bg-success/15 dark:text-success')}>Ativo</span>
      ) : (
        <span className={cn(pill, 'border border-border bg-surface text-muted')}>Finalizado</span>
      )}
      {isPublished ? null : (
        <span className={cn(pill, 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300')}>Rascunho</span>
      )}
    </span>
  );
}
