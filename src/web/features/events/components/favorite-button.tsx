import { Heart } from 'lucide-react';
import { cn } from '../../../lib/cn';

interface FavoriteButtonProps {
  eventTitle: string;
  isFavorite: boolean;
  isPending?: boolean;
  onToggle(): void;
  className?: string;
}

export function FavoriteButton({ eventTitle, isFavorite, isPending, onToggle, className }: FavoriteButtonProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={isPending}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? `Remover ${eventTitle} dos favoritos` : `Adicionar ${eventTitle} aos favoritos`}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-card text-fg shadow-md transition hover:scale-105 disabled:opacity-60',
        className,
      )}
    >
      <Heart aria-hidden className={cn('size-5 transition', isFavorite ? 'fill-brand-ay-yo text-brand-ay-yo' : 'text-fg')} />
    </button>
  );
}
