import type { EventSummary } from '../../../../shared/schemas/events';
import { cn } from '../../../lib/cn';
import { brandStyle } from '../../../lib/brand';

interface EventImageProps {
  event: Pick<EventSummary, 'title' | 'imageUrl' | 'brandSlug'>;
  width: number;
  height: number;
  /** Above the fold (detail hero): load at once instead of lazily. */
  isPriority?: boolean;
  className?: string;
}

/** The event's picture, or its first letter on the brand colour when it has none. */
export function EventImage({ event, width, height, isPriority, className }: EventImageProps) {
  if (event.imageUrl) {
    return (
      <img
        src={event.imageUrl}
        alt={event.title}
        width={width}
        height={height}
        loading={isPriority ? 'eager' : 'lazy'}
        fetchPriority={isPriority ? 'high' : 'auto'}
        decoding="async"
        className={cn('size-full object-cover', className)}
      />
    );
  }
  const letter = event.title.trim().charAt(0).toUpperCase() || '?';
  return (
    <div
      role="img"
      aria-label={event.title}
      className={cn('flex size-full items-center justify-center text-white', brandStyle(event.brandSlug).gradient, className)}
    >
      <span aria-hidden className="text-6xl font-black opacity-90 select-none">
        {letter}
      </span>
    </div>
  );
}
