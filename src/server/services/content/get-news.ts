import { and, eq } from 'drizzle-orm';
import type { NewsDetail } from '../../../shared/schemas/content';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { toNewsDetail } from './list-news';

/**
 * One published news item with its full text, for /news/{id} (docs/rules/access.md 'Who may see what': public). A draft is
 * treated as absent, so its existence does not leak. Throws DomainError('news_not_found') for
 * an unknown id or a draft.
 */
export async function getNews(db: Db, newsId: string): Promise<NewsDetail> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, newsId), eq(news.published, true)));
  if (!row) throw new DomainError('news_not_found');
  return toNewsDetail(row);
}
