import { Link } from 'react-router';
import type { NewsSummary } from '../../../../shared/schemas/content';
import { Skeleton } from '../../../components/ui/skeleton';
import { NewsImage } from './news-image';
import { NewsMeta } from './news-meta';

/** One news item on the home page; the whole card opens /news/{id}. */
export function NewsCard({ news }: { news: NewsSummary }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent">
      <div className="aspect-[16/9] overflow-hidden bg-surface">
        <NewsImage news={news} width={640} height={360} className="transition duration-300 group-hover:scale-[1.03]" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <NewsMeta category={news.category} date={news.date} />
        <h3 className="line-clamp-2 text-lg leading-snug font-bold">
          <Link
            to={`/news/${news.id}`}
            className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
          >
            {news.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-muted">{news.preview}</p>
      </div>
    </article>
  );
}

export function NewsCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-2xl border border-border bg-card">
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
