import { Skeleton } from '../../../components/ui/skeleton';

export function EventDetailSkeleton() {
  return (
    <div role="status" aria-label="Carregando evento">
      <Skeleton className="h-9 w-24" />
      <Skeleton className="mt-3 aspect-[16/9] w-full rounded-3xl md:aspect-[21/8]" />
      <Skeleton className="mt-6 h-6 w-28 rounded-full" />
      <Skeleton className="mt-3 h-9 w-3/4" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <Skeleton className="h-80" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
