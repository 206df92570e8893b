import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { notifications, outbox } from '../db/schema';

/** The kinds of SPEC.md 'notifications.type' the panel draws an icon for; anything else is a generic announcement. */
export type NotificationType = 'install' | 'event' | 'promotion' | 'announcement';

/** PostgreSQL channel a new notification is announced on; its payload is the user id (LISTEN/NOTIFY). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** Outbox kinds of the deliveries of one notification, one per channel, each retried on its own. */
export const NOTIFICATION_CHANNEL_KINDS = {
  email: 'notification_email',
  push: 'notification_push',
  whatsapp: 'notification_whatsapp',
} as const;
export type NotificationChannel = keyof typeof NOTIFICATION_CHANNEL_KINDS;

export interface Notice {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** Where a click goes (a path of the app); null for none. */
  actionUrl: string | null;
  /**
   * The other channels to try besides in-app (each only if the user switched it on, read when
   * it is sent). Default all three; the purchase leaves e-mail out because its own e-mail
   * carries the tickets.
   */
  channels?: NotificationChannel[];
}

/**
 * Tells a user something (PRODUCT.md 'Accounts and data': in-app always; e-mail, push and
 * WhatsApp as switched on). Inside the caller's transaction: stores the in-app notification,
 * announces it on the `notifications` channel (pg_notify, delivered at commit, so open pages of
 * every server instance update at once) and queues one delivery job per other channel in the
 * outbox, so nothing is sent unless the transaction commits and each channel is retried on its
 * own. Returns the notification id. `now` is a UTC instant.
 */
export async function notifyUser(tx: Db | Tx, notice: Notice, now: Date): Promise<string> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: notice.userId, type: notice.type, title: notice.title, message: notice.message, actionUrl: notice.actionUrl, createdAt: now })
    .returning({ id: notifications.id });
  await tx.execute(sql`SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, ${notice.userId})`);
  const channels = notice.channels ?? (['email', 'push', 'whatsapp'] as const);
  if (channels.length > 0) {
    await tx.insert(outbox).values(
      channels.map((channel) => ({ kind: NOTIFICATION_CHANNEL_KINDS[channel], payload: { notificationId: row.id }, createdAt: now, runAfter: now })),
    );
  }
  return row.id;
}
