import type { AdminEventFilter, AdminEventStatus } from './schemas/admin-events';

/**
 * The one state of an event in the back office (docs/rules/events.md 'Event status'), the same
 * four the events list filters by (adminEventFilters): 'cancelled' once the organizer cancelled
 * it; 'draft' while unpublished; 'past' once a published event is over ('finished', shared/dates
 * isEventPast); else 'published'.
 */
export function adminEventState(event: { status: AdminEventStatus; isPublished: boolean; cancelledAt: string | null }): AdminEventFilter {
  if (event.cancelledAt) return 'cancelled';
  if (!event.isPublished) return 'draft';
  return event.status === 'finished' ? 'past' : 'published';
}

/** The pt-BR word of each state: the events list's badges and its 'Situação' filter read these. */
export const adminEventStateLabel: Readonly<Record<AdminEventFilter, string>> = {
  published: 'Publicado',
  draft: 'Rascunho',
  past: 'Encerrado',
  cancelled: 'Cancelado',
};
