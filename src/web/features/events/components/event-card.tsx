import { Link } from 'react-router';
import { ChevronRight, Clock, MapPin } from 'lucide-react';
import type { EventSummary } from '../../../../shared/schemas/events';
import { describeEventStart, eventNightDate } from '../../../../shared/dates';
import { cn } from '../../../lib/cn';
import { AgeRatingBadge } from '../../../components/age-rating-badge';
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

/**
 * One event in a grid; the whole card opens the event, the heart toggles the favourite. Under 640 px
 * a row (thumbnail beside title, date line, city and price) so 3-4 fit a phone's screen; a card
 * with a big picture from 640 px.
 */
export function EventCard({ event, isFavorite, isFavoritePending, onToggleFavorite }: EventCardProps) {
  const brand = brandStyle(event.brandSlug);
  const price = eventPriceText(event);
  return (
    <article className="group relative flex h-full flex-row overflow-hidden sm:flex-col rounded-2xl border border-border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent">
      <div className="relative w-24 shrink-0 overflow-hidden bg-surface sm:aspect-[16/10] sm:w-auto">
        <EventImage event={event} width={640} height={400} className="transition duration-300 group-hover:scale-[1.03]" />
        <DateBadge date={eventNightDate(event.date, event.startTime)} className="absolute top-3 left-3 max-sm:hidden" />
        <FavoriteButton
          eventTitle={event.title}
          isFavorite={isFavorite}
          isPending={isFavoritePending}
          onToggle={onToggleFavorite}
          className="absolute top-1 left-1 z-10 sm:top-3 sm:right-3 sm:left-auto"
        />
        {event.isCancelled ? (
          <span className="absolute bottom-1 left-1 rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-danger-foreground sm:bottom-3 sm:left-3 sm:px-2.5">
            Evento cancelado
          </span>
        ) : event.isPast ? (
          <span className="absolute bottom-1 left-1 rounded-full bg-card px-2 py-0.5 text-xs font-semibold text-fg sm:bottom-3 sm:left-3 sm:px-2.5">
            Evento encerrado
          </span>
        ) : null}
        {event.ageRating ? <AgeRatingBadge rating={event.ageRating} className="absolute right-1 bottom-1 sm:right-3 sm:bottom-3" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:gap-2 sm:p-4">
        <span className={cn('self-start rounded-full px-2.5 py-0.5 text-xs font-bold text-white max-sm:hidden', brand.solid)}>
          {event.brandSlug ? brand.name : event.category}
        </span>
        <h3 className="line-clamp-2 text-base leading-snug font-bold sm:text-lg">{event.title}</h3>
        <p className="flex items-start gap-1.5 text-sm text-muted max-sm:order-1">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="line-clamp-1">
            <span className="max-sm:hidden">{event.location}</span>
            {event.city ? (
              <>
                <span className="max-sm:hidden"> · </span>
                {event.city}
              </>
            ) : (
              <span className="sm:hidden">{event.location}</span>
            )}
          </span>
        </p>
        <p className="flex items-start gap-1.5 text-sm text-muted">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sm:hidden">{describeEventStart(event.date, event.startTime, 'short').date} · </span>
            <span>{describeEventStart(event.date, event.startTime).time}</span>
          </span>
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 max-sm:order-2 sm:border-t sm:border-border sm:pt-3">
          <p className={cn('text-sm font-bold', event.isSoldOut || event.isCancelled ? 'text-danger' : 'text-fg')}>{price}</p>
          <Link
            to={`/event/${event.id}`}
            aria-label={`Ver detalhes: ${event.title}`}
            className="rounded-lg text-sm font-semibold text-accent after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {/* On phones an arrow, so the price keeps its line; the whole card opens the event. */}
            <span className="max-sm:sr-only">Ver detalhes</span>
            <ChevronRight aria-hidden className="size-5 sm:hidden" />
          </Link>
        </div>
      </div>
    </article>
  );
}
