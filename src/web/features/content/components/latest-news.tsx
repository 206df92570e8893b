import { useNewsList } from '../api/list-news';
import { NewsCard, NewsCardSkeleton } from './news-card';

/** docs/screens.md 'Home': the home page shows 3 news. */
const HOME_NEWS_COUNT = 3;

/** 'Últimas notícias' on the home page: the newest published news (docs/screens.md 'Home'). */
export function LatestNews() {
  const { data, isPending, isError } = useNewsList(HOME_NEWS_COUNT);
  const items = data?.news ?? [];

  return (
    <section aria-labelledby="latest-news-title">
      <h2 id="latest-news-title" className="mb-5 text-2xl font-bold">
        Últimas notícias
      </h2>
      {isPending ? (
        <div role="status" aria-label="Carregando notícias" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: HOME_NEWS_COUNT }, (_, index) => (
            <NewsCardSkeleton key={index} />
          ))}
        </div>
      ) : items.length > 0 ? (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((news) => (
            <li key={news.id}>
              <NewsCard news={news} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border bg-card p-8 text-center text-muted">
          {isError ? 'Não foi possível carregar as notícias agora.' : 'Nenhuma notícia publicada ainda.'}
        </p>
      )}
    </section>
  );
}
