import { Newspaper } from 'lucide-react';
import { cn } from '../../../lib/cn';

interface NewsImageProps {
  news: { title: string; imageUrl: string | null };
  width: number;
  height: number;
  /** Above the fold (the news page): load at once instead of lazily. */
  isPriority?: boolean;
  className?: string;
}

/** The news picture, or a neutral placeholder when it has none. */
export function NewsImage({ news, width, height, isPriority, className }: NewsImageProps) {
  if (news.imageUrl) {
    return (
      <img
        src={news.imageUrl}
        alt=""
        width={width}
        height={height}
        loading={isPriority ? 'eager' : 'lazy'}
        fetchPriority={isPriority ? 'high' : undefined}
        decoding="async"
        className={cn('size-full object-cover', className)}
      />
    );
  }
  return (
    <div
      aria-hidden
      className={cn('flex size-full items-center justify-center bg-linear-to-br from-brand-next-level to-brand-kxp text-white', className)}
    >
      <Newspaper className="size-12 opacity-80" />
    </div>
  );
}
