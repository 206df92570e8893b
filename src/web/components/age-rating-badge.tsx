import { ageRatingAccessibleLabel, ageRatingColors, ageRatingLabel, type AgeRating } from '../../shared/event-info';
import { cn } from '../lib/cn';

export interface AgeRatingBadgeProps {
  rating: AgeRating;
  /** 'sm' on cards and tickets (24 px), 'md' on the event page (32 px). */
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * The age rating's square in the official symbols' colours ('L', '10' ... '18'; shared/event-info.ts
 * ageRatingColors), named for screen readers 'Classificação indicativa: 14 anos'
 * (docs/rules/events.md 'What the sale page shows').
 */
export function AgeRatingBadge({ rating, size = 'sm', className }: AgeRatingBadgeProps) {
  const colors = ageRatingColors[rating];
  return (
    <span
      role="img"
      aria-label={ageRatingAccessibleLabel(rating)}
      title={`Classificação indicativa: ${ageRatingLabel(rating)}`}
      style={{ backgroundColor: colors.background, color: colors.text }}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md font-bold tabular-nums ring-1 ring-white/40',
        size === 'md' ? 'size-8 text-base' : 'size-6 text-xs',
        className,
      )}
    >
      <span aria-hidden>{rating}</span>
    </span>
  );
}
