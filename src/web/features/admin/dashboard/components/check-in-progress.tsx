import { Link } from 'react-router';
import type { AdminDashboard } from '../../../../../shared/schemas/admin-dashboard';
import { formatEventDateShort, formatEventTime } from '../../../../../shared/dates';
import type { DoorCounts } from '../../../../../shared/schemas/tickets';

/** Streams kept open at once: today's events only, the first few. */
const MAX_LIVE_EVENTS = 3;

type Progress = AdminDashboard['checkInProgress'][number];

/** The entry counts of these events, kept live as the door lets people in. */
export type UseLiveCounts = (eventIds: readonly string[]) => readonly { data?: DoorCounts }[];

/** The events whose counts are kept live: today's, the first few (MAX_LIVE_EVENTS). */
export function liveEventIds(events: readonly Progress[], today: string): string[] {
  return events
    .filter((event) => event.date === today)
    .slice(0, MAX_LIVE_EVENTS)
    .map((event) => event.eventId);
}

/**
 * Entries so far against tickets sold, for today's and upcoming events; those of `liveIds` (today's,
 * the first few) as `live` has them, from the door's Server-Sent Events.
 */
export function CheckInProgress({
  events: initial,
  today,
  liveIds,
  live,
}: {
  events: Progress[];
  today: string;
  liveIds: readonly string[];
  live: ReturnType<UseLiveCounts>;
}) {
  const events = initial.map((event) => {
    const counts = live[liveIds.indexOf(event.eventId)]?.data;
    return counts ? { ...event, checkedIn: counts.entries, ticketsSold: counts.sold } : event;
  });
  return (
    <section aria-labelledby="check-in-progress-title" className="rounded-2xl border border-border bg-card p-4 sm:p-5">
      <h2 id="check-in-progress-title" className="text-lg font-bold">
        Check-in dos próximos eventos
      </h2>
      <p className="mt-1 text-sm text-muted">Entradas validadas na portaria em relação aos ingressos vendidos.</p>
      {events.length === 0 ? (
        <p className="mt-4 rounded-xl bg-surface p-4 text-center text-sm text-muted">Nenhum evento hoje ou nos próximos dias.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {events.map((event) => {
            const percent = event.ticketsSold > 0 ? Math.round((event.checkedIn * 100) / event.ticketsSold) : 0;
            const when = `${event.date === today ? 'Hoje' : formatEventDateShort(event.date)} às ${formatEventTime(event.startTime)}`;
            return (
              <li key={event.eventId}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <Link to={`/admin/events/${event.eventId}/edit`} className="min-w-0 rounded font-semibold hover:underline">
                    {event.title}
                  </Link>
                  <span className="inline-flex items-center gap-1.5 text-xs text-muted">
                    {liveIds.includes(event.eventId) ? (
                      <span className="inline-flex items-center gap-1 font-semibold text-success">
                        <span aria-hidden className="size-2 animate-pulse rounded-full bg-success" />
                        Ao vivo ·
                      </span>
                    ) : null}
                    {when}
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`Check-ins de ${event.title}`}
                  aria-valuemin={0}
                  aria-valuemax={Math.max(event.ticketsSold, 1)}
                  aria-valuenow={event.checkedIn}
                  aria-valuetext={
                    event.ticketsSold > 0 ? `${event.checkedIn} de ${event.ticketsSold} (${percent}%)` : 'Nenhum ingresso vendido'
                  }
                  className="mt-2 h-2.5 overflow-hidden rounded-full bg-surface"
                >
                  <div className="h-full rounded-full bg-success transition-[width]" style={{ width: `${percent}%` }} />
                </div>
                <p className="mt-1 text-sm text-muted tabular-nums" data-testid={`check-in-count-${event.eventId}`}>
                  {event.ticketsSold > 0 ? `${event.checkedIn} de ${event.ticketsSold} (${percent}%)` : 'Nenhum ingresso vendido ainda'}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
