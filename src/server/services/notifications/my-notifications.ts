import { and, count, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { NotificationList } from '../../../shared/schemas/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/** How many notifications the panel lists (docs/rules/notifications.md 'The notification panel': notifications limit 50). */
const NOTIFICATIONS_LIMIT = 50;

/**
 * The user's newest notifications, newest first, at most NOTIFICATIONS_LIMIT (
 * docs/rules/notifications.md 'The notification panel'), and the count of all their unread ones (the bell's badge).
 */
export async function listMyNotifications(db: Db, userId: string): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LIMIT),
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false))),
  ]);
  return {
    notifications: rows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      read: n.read,
      actionUrl: n.actionUrl,
      createdAt: n.createdAt.toISOString(),
    })),
    unreadCount: Number(unread.value),
  };
}

/** Marks one of the user's own notifications read. Throws DomainError('not_found') for any other. */
export async function markNotificationRead(db: Db, userId: string, notificationId: string): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new DomainError('not_found');
}

/** Marks every unread notification of the user read ('Marcar todas'); returns how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Deletes one of the user's own notifications. Throws DomainError('not_found') for any other. */
export async function deleteMyNotification(db: Db, userId: string, notificationId: string): Promise<void> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw new DomainError('not_found');
}
