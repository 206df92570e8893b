import type { AdminEventFilter, AdminEventStatus } from '../../../../../shared/schemas/admin-events';
import { adminEventState, adminEventStateLabel } from '../../../../../shared/event-state';
import { cn } from '../../../../lib/cn';

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

// Solid light tints in light mode: translucent tints are below 4.5:1 for small text.
const tones: Record<AdminEventFilter, string> = {
  published: 'bg-green-100 text-green-800 dark:bg-success/15 dark:text-success',
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
  past: 'border border-border bg-surface text-muted',
  cancelled: 'bg-red-100 text-red-800 dark:bg-danger/15 dark:text-danger',
};

/**
 * The event's one state, 'Publicado', 'Rascunho', 'Encerrado' or 'Cancelado' (shared/event-state
 * adminEventState, docs/rules/events.md 'Event status'): the same words as the list's filter.
 */
export function EventStatusBadges({
  status,
  isPublished,
  cancelledAt = null,
}: {
  status: AdminEventStatus;
  isPublished: boolean;
  cancelledAt?: string | null;
}) {
  const state = adminEventState({ status, isPublished, cancelledAt });
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span className={cn(pill, tones[state])}>{adminEventStateLabel[state]}</span>
    </span>
  );
}
