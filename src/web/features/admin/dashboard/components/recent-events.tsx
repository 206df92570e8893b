import { Link } from 'react-router';
import { ArrowRight, CalendarPlus } from 'lucide-react';
import type { AdminDashboard } from '../../../../../shared/schemas/admin-dashboard';
import { formatEventDateShort, formatEventTime } from '../../../../../shared/dates';
import { pluralWord } from '../../../../../shared/plural';
import { StatusPill } from '../../components/status-pill';
import { adminEventStateLabel } from '../../../../../shared/event-state';
import type { AdminEventFilter } from '../../../../../shared/schemas/admin-events';

type RecentEvent = AdminDashboard['recentEvents'][number];

// The events list's tones for the same four states (admin/events event-status-badge.tsx).
const stateTone: Record<AdminEventFilter, 'success' | 'warning' | 'neutral' | 'danger'> = {
  published: 'success',
  draft: 'warning',
  past: 'neutral',
  cancelled: 'danger',
};

/** '120 de 120 vendidos': what the event sold out of what its lots offered; '0 vendidos' only when nothing was ever offered. */
function soldText(event: RecentEvent): string {
  const word = pluralWord(event.ticketsSold, 'vendido', 'vendidos');
  if (event.ticketsOffered === 0)
    return event.ticketsSold > 0 ? `${event.ticketsSold.toLocaleString('pt-BR')} ${word}` : 'Sem ingressos à venda';
  return `${event.ticketsSold.toLocaleString('pt-BR')} de ${event.ticketsOffered.toLocaleString('pt-BR')} ${word}`;
}

/**
 * The 10 events created last (docs/screens.md 'Admin area'), each linking to its edit page, with its
 * state in the events list's words (shared/event-state.ts: 'Publicado', 'Rascunho', 'Encerrado', 'Cancelado').
 */
export function RecentEvents({ events }: { events: RecentEvent[] }) {
  return (
    <section aria-labelledby="recent-events-title" className="rounded-2xl border border-border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-events-title" className="text-lg font-bold">
          Eventos recentes
        </h2>
        <Link to="/admin/events" className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-accent hover:underline">
          Ver todos
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      {events.length === 0 ? (
        <div className="mt-4 rounded-xl bg-surface p-6 text-center">
          <p className="text-muted">Nenhum evento cadastrado ainda.</p>
          <Link
            to="/admin/events/new"
            className="mt-2 inline-flex items-center gap-1.5 rounded-lg font-semibold text-accent hover:underline"
          >
            <CalendarPlus aria-hidden className="size-4" />
            Criar o primeiro evento
          </Link>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {events.map((event) => (
            <li key={event.id}>
              <Link
                to={`/admin/events/${event.id}/edit`}
                className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-3 transition hover:bg-surface"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{event.title}</span>
                  <span className="block truncate text-sm text-muted">
                    {formatEventDateShort(event.date)} às {formatEventTime(event.startTime)} · {event.location}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <span className="flex flex-wrap justify-end gap-1">
                    {event.isSoldOut ? <StatusPill tone="warning">Esgotado</StatusPill> : null}
                    <StatusPill tone={stateTone[event.state]}>{adminEventStateLabel[event.state]}</StatusPill>
                  </span>
                  <span className="text-xs text-muted tabular-nums">{soldText(event)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
