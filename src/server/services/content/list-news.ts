import { desc, eq } from 'drizzle-orm';
import type { NewsDetail, NewsSummary } from '../../../shared/schemas/content';
import { saoPauloToday } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';

type NewsRow = typeof news.$inferSelect;

/** Maps a stored news row to the card shape; `date` is the São Paulo calendar day of `createdAt`. */
function toNewsSummary(row: NewsRow): NewsSummary {
  return {
    id: row.id,
    title: row.title,
    preview: row.preview,
    category: row.category,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    date: saoPauloToday(row.createdAt),
  };
}

/** Maps a stored news row to the detail shape (the card plus its full text). */
export function toNewsDetail(row: NewsRow): NewsDetail {
  return { ...toNewsSummary(row), content: row.content };
}

/**
 * Published news only, newest first (docs/rules/content.md 'News': 'News shown only when published is
 * true'; section 7: ordered by created_at descending). At most `limit` items (1 to 50, default
 * 50); drafts never appear.
 */
export async function listNews(db: Db, options: { limit?: number } = {}): Promise<NewsSummary[]> {
  const rows = await db
    .select()
    .from(news)
    .where(eq(news.published, true))
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(options.limit ?? 50);
  return rows.map(toNewsSummary);
}
