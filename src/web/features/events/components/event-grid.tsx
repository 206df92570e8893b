import type { EventSummary } from '../../../../shared/schemas/events';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFavoriteIds } from '../api/list-favorites';
import { useToggleFavorite } from '../api/toggle-favorite';
import { EventCard } from './event-card';

// Rows on phones (EventCard), 3 or 4 to a screen; cards from 640 px.
const gridClass = 'grid gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

export function EventGrid({ events }: { events: EventSummary[] }) {
  const favorites = useFavoriteIds();
  const { toggle, pendingEventId } = useToggleFavorite();
  return (
    <ul className={gridClass}>
      {events.map((event) => {
        const isFavorite = favorites.ids.has(event.id);
        return (
          <li key={event.id}>
            <EventCard
              event={event}
              isFavorite={isFavorite}
              isFavoritePending={!favorites.isKnown || pendingEventId === event.id}
              onToggleFavorite={() => toggle(event.id, isFavorite)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * An events grid while it loads: 'Carregando eventos...' announced (shown above the grid, or only
 * to screen readers with `quiet`) over `count` placeholder cards.
 */
export function EventGridLoading({ count, quiet = false }: { count: number; quiet?: boolean }) {
  return (
    <>
      <p role="status" className={quiet ? 'sr-only' : 'mb-4 text-muted'}>
        Carregando eventos...
      </p>
      <EventGridSkeleton count={count} />
    </>
  );
}

export function EventGridSkeleton({ count }: { count: number }) {
  return (
    <div className={gridClass} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-event-skeleton className="flex overflow-hidden rounded-2xl border border-border bg-card sm:block">
          <Skeleton className="w-24 shrink-0 rounded-none sm:aspect-[16/10] sm:w-auto" />
          <div className="flex-1 space-y-3 p-3 sm:p-4">
            <Skeleton className="h-5 w-20 max-sm:hidden" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** 'Eventos encerrados': the events that have passed as a grid under their own heading (`id` names it); nothing when there are none. */
export function PastEventsSection({ events, id, headingClassName }: { events: EventSummary[]; id: string; headingClassName: string }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        Eventos encerrados
      </h2>
      <EventGrid events={events} />
    </section>
  );
}
