import { desc, eq } from 'drizzle-orm';
import type { AdminNews, NewsInput } from '../../../shared/schemas/admin-content';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';

type NewsRow = typeof news.$inferSelect;

function toAdminNews(row: NewsRow): AdminNews {
  return {
    id: row.id,
    title: row.title,
    preview: row.preview,
    content: row.content,
    category: row.category,
    imageUrl: row.imageUrl,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every news item, drafts included, newest first (docs/rules/content.md 'Management'). */
export async function listAllNews(db: Db): Promise<AdminNews[]> {
  const rows = await db.select().from(news).orderBy(desc(news.createdAt), desc(news.id));
  return rows.map(toAdminNews);
}

/**
 * Creates a news item from a parsed input (docs/rules/content.md 'News': title, preview and
 * category required). Published items appear on the home page at once; drafts never leave the
 * back office.
 */
export async function createNews(db: Db, input: NewsInput, now: Date = new Date()): Promise<AdminNews> {
  const [row] = await db
    .insert(news)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning();
  return toAdminNews(row);
}

/** Replaces a news item's fields; its creation date (the date shown) stays. Throws DomainError('news_not_found'). */
export async function updateNews(db: Db, id: string, input: NewsInput, now: Date = new Date()): Promise<AdminNews> {
  const [row] = await db
    .update(news)
    .set({ ...input, updatedAt: now })
    .where(eq(news.id, id))
    .returning();
  if (!row) throw new DomainError('news_not_found');
  return toAdminNews(row);
}

/** Publishes a news item or takes it back to draft ('Rascunho'). Throws DomainError('news_not_found'). */
export async function setNewsPublished(db: Db, id: string, published: boolean, now: Date = new Date()): Promise<AdminNews> {
  const [row] = await db.update(news).set({ published, updatedAt: now }).where(eq(news.id, id)).returning();
  if (!row) throw new DomainError('news_not_found');
  return toAdminNews(row);
}

/** Deletes a news item. Throws DomainError('news_not_found'). */
export async function deleteNews(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  if (!row) throw new DomainError('news_not_found');
}
