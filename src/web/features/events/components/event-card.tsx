import { Link } from 'react-router';
import { Clock, MapPin } from 'lucide-react';
import type { EventSummary } from '../../../../shared/schemas/events';
import { describeEventStart, eventNightDate } from '../../../../shared/dates';
import { cn } from '../../../lib/cn';
import { brandStyle } from '../../../lib/brand';
import { DateBadge } from './date-badge';
import { EventImage } from './event-image';
import { FavoriteButton } from './favorite-button';
import { eventPriceText } from './price-text';

interface EventCardProps {
  event: EventSummary;
  isFavorite: boolean;
  isFavoritePending?: boolean;
  onToggleFavorite(): void;
}

/** One event in a grid; the whole card opens the event, the heart toggles the favourite. */
export function EventCard({ event, isFavorite, isFavoritePending, onToggleFavorite }: EventCardProps) {
  const brand = brandStyle(event.brandSlug);
  const price = eventPriceText(event);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent">
      <div className="relative aspect-[16/10] overflow-hidden bg-surface">
        <EventImage event={event} width={640} height={400} className="transition duration-300 group-hover:scale-[1.03]" />
        <DateBadge date={eventNightDate(event.date, event.startTime)} className="absolute top-3 left-3" />
        <FavoriteButton
          eventTitle={event.title}
          isFavorite={isFavorite}
          isPending={isFavoritePending}
          onToggle={onToggleFavorite}
          className="absolute top-3 right-3 z-10"
        />
        {event.isCancelled ? (
          <span className="absolute bottom-3 left-3 rounded-full bg-danger px-2.5 py-0.5 text-xs font-semibold text-danger-foreground">
            Evento cancelado
          </span>
        ) : event.isPast ? (
          <span className="absolute bottom-3 left-3 rounded-full bg-card px-2.5 py-0.5 text-xs font-semibold text-fg">
            Evento encerrado
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <span className={cn('self-start rounded-full px-2.5 py-0.5 text-xs font-bold text-white', brand.solid)}>
          {event.brandSlug ? brand.name : event.category}
        </span>
        <h3 className="line-clamp-2 text-lg leading-snug font-bold">{event.title}</h3>
        <p className="flex items-start gap-1.5 text-sm text-muted">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="line-clamp-1">{event.location}</span>
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Clock aria-hidden className="size-4 shrink-0" />
          {describeEventStart(event.date, event.startTime).time}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-border pt-3">
          <p className={cn('text-sm font-bold', event.isSoldOut || event.isCancelled ? 'text-danger' : 'text-fg')}>{price}</p>
          <Link
            to={`/event/${event.id}`}
            aria-label={`Ver detalhes: ${event.title}`}
            className="rounded-lg text-sm font-semibold text-accent after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            Ver detalhes
          </Link>
        </div>
      </div>
    </article>
  );
}
