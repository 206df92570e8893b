import { desc, eq } from 'drizzle-orm';
import type { AdminNews, NewsInput } from '../../../shared/schemas/admin-content';
import { DomainError } from '../../../shared/errors';
import type { Db, Tx } from '../../db/client';
import { diffFields } from '../audit/diff-fields';
import { recordAudit, type AuditActor } from '../audit/record-audit';
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

/** What a change of news or banners records in the audit trail ('content.changed', docs/rules/audit.md 'What is recorded'). */
export async function recordContentChange<T extends { id: string }>(
  tx: Tx,
  actor: AuditActor,
  objectType: 'news' | 'banner',
  before: T | undefined,
  after: T | undefined,
  fields: readonly (keyof T)[],
): Promise<void> {
  const operation = !before ? 'created' : !after ? 'deleted' : 'updated';
  const changes = diffFields<T>(before, after ?? {}, fields);
  if (operation === 'updated' && Object.keys(changes).length === 0) return;
  await recordAudit(tx, actor, {
    action: 'content.changed',
    objectType,
    objectId: (after ?? before)!.id,
    changes: { operation, ...changes },
  });
}

const NEWS_FIELDS = ['title', 'preview', 'content', 'category', 'imageUrl', 'published'] as const;

/**
 * Creates a news item from a parsed input (docs/rules/content.md 'News': title, preview and
 * category required). Published items appear on the home page at once; drafts never leave the
 * back office. Every change of news below is recorded in the audit trail by `actor` (recordContentChange).
 */
export async function createNews(db: Db, input: NewsInput, actor: AuditActor, now: Date = new Date()): Promise<AdminNews> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(news)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await recordContentChange(tx, actor, 'news', undefined, row, NEWS_FIELDS);
    return toAdminNews(row);
  });
}

/** Replaces a news item's fields; its creation date (the date shown) stays. Throws DomainError('news_not_found'). */
export async function updateNews(db: Db, id: string, input: NewsInput, actor: AuditActor, now: Date = new Date()): Promise<AdminNews> {
  return changeNews(db, actor, id, (tx) =>
    tx
      .update(news)
      .set({ ...input, updatedAt: now })
      .where(eq(news.id, id))
      .returning(),
  );
}

/** Publishes a news item or takes it back to draft ('Rascunho'). Throws DomainError('news_not_found'). */
export async function setNewsPublished(
  db: Db,
  id: string,
  published: boolean,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<AdminNews> {
  return changeNews(db, actor, id, (tx) => tx.update(news).set({ published, updatedAt: now }).where(eq(news.id, id)).returning());
}

/** Deletes a news item. Throws DomainError('news_not_found'). */
export async function deleteNews(db: Db, id: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!before) throw new DomainError('news_not_found');
    await recordContentChange(tx, actor, 'news', before, undefined, NEWS_FIELDS);
  });
}

/** Runs `write` on news item `id` with its row locked, and records what it changed. */
async function changeNews(db: Db, actor: AuditActor, id: string, write: (tx: Tx) => Promise<NewsRow[]>): Promise<AdminNews> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!before) throw new DomainError('news_not_found');
    const [row] = await write(tx);
    await recordContentChange(tx, actor, 'news', before, row, NEWS_FIELDS);
    return toAdminNews(row);
  });
}
