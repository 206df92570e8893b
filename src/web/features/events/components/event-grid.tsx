import type { EventSummary } from '../../../../shared/schemas/events';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFavoriteIds } from '../api/list-favorites';
import { useToggleFavorite } from '../api/toggle-favorite';
import { EventCard } from './event-card';

const gridClass = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

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

export function EventGridSkeleton({ count }: { count: number }) {
  return (
    <div className={gridClass} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-event-skeleton className="overflow-hidden rounded-2xl border border-border bg-card">
          <Skeleton className="aspect-[16/10] rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
