import { Link, useParams } from 'react-router';
import { Newspaper } from 'lucide-react';
import type { NewsDetail } from '../../../../shared/schemas/content';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { useNews } from '../api/get-news';
import { NewsImage } from '../components/news-image';
import { NewsMeta } from '../components/news-meta';
import { newsParagraphs } from '../lib/news-paragraphs';
import { BackButton } from '../../../components/back-button';

/** /news/:id: one published news item (docs/rules/access.md 'Who may see what': public page). */
export function NewsPage() {
  const { id = '' } = useParams();
  const { data: news, isPending, isError, error, refetch } = useNews(id);

  if (isPending) return <NewsSkeleton />;
  if (isError) {
    const isNotFound = error instanceof ApiError && error.status === 404;
    return isNotFound ? <NewsUnavailable /> : <NewsUnavailable onRetry={() => void refetch()} />;
  }
  return <NewsArticle news={news} />;
}

function NewsArticle({ news }: { news: NewsDetail }) {
  return (
    <article className="mx-auto max-w-3xl">
      <title>{`${news.title} - Next Level`}</title>
      <BackButton fallback="/" />
      <div className="mt-3 aspect-[16/9] overflow-hidden rounded-3xl bg-surface">
        <NewsImage news={news} width={1200} height={675} isPriority />
      </div>
      <header className="mt-6">
        <NewsMeta category={news.category} date={news.date} />
        <h1 className="mt-3 text-3xl leading-tight font-black tracking-tight text-balance sm:text-4xl">{news.title}</h1>
        <p className="mt-3 text-lg text-muted">{news.preview}</p>
      </header>
      <div className="mt-6 space-y-4 text-base leading-relaxed whitespace-pre-line">
        {newsParagraphs(news.content, news.preview).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}

function NewsSkeleton() {
  return (
    <div role="status" aria-label="Carregando notícia" className="mx-auto max-w-3xl">
      <Skeleton className="h-10 w-24" />
      <Skeleton className="mt-3 aspect-[16/9] w-full rounded-3xl" />
      <Skeleton className="mt-6 h-6 w-40 rounded-full" />
      <Skeleton className="mt-3 h-9 w-4/5" />
      <Skeleton className="mt-3 h-6 w-full" />
      <div className="mt-6 space-y-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}

/** 404 (a draft or unknown id), or with `onRetry` a failed load (no connection, server error). */
function NewsUnavailable({ onRetry }: { onRetry?: () => void }) {
  const title = onRetry ? 'Não foi possível carregar a notícia' : 'Notícia não encontrada';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>{`${title} - Next Level`}</title>
      <span aria-hidden className="inline-flex size-16 items-center justify-center rounded-full bg-surface text-muted">
        <Newspaper className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted">
        {onRetry ? 'Verifique sua conexão e tente novamente.' : 'A notícia que você procura não existe ou foi removida.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Voltar para o início</Link>
        </Button>
        {onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null}
      </div>
    </div>
  );
}
