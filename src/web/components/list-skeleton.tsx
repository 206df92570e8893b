import { Skeleton } from './ui/skeleton';

/** `count` placeholder rows while a list loads (docs/screens.md 'Numbers on screens': 4 on the dashboard, 6 on news and banners). */
export function ListSkeleton({ count, className = 'h-20' }: { count: number; className?: string }) {
  return (
    <div role="status" aria-label="Carregando" className="space-y-3">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={className} />
      ))}
      <span className="sr-only">Carregando...</span>
    </div>
  );
}
