import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import { notifications, outbox } from '../../db/schema';

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
 * WhatsApp as switched on). Inside the caller's transaction and in one statement: stores the
 * in-app notification, queues one delivery job per other channel in the outbox (so nothing is
 * sent unless the transaction commits, and each channel is retried on its own) and announces it
 * on the `notifications` channel (pg_notify, delivered at commit, so open pages of every server
 * instance update at once). Returns the notification id. `now` is a UTC instant.
 */
export async function notifyUser(tx: Db | Tx, notice: Notice, now: Date): Promise<string> {
  const kinds = (notice.channels ?? (['email', 'push', 'whatsapp'] as const)).map((channel) => NOTIFICATION_CHANNEL_KINDS[channel]);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`WITH stored AS (
          INSERT INTO ${notifications} (user_id, type, title, message, action_url, created_at)
          VALUES (${notice.userId}, ${notice.type}, ${notice.title}, ${notice.message}, ${notice.actionUrl}, ${now})
          RETURNING id
        ), queued AS (
          INSERT INTO ${outbox} (kind, payload, created_at, run_after)
          SELECT kind, jsonb_build_object('notificationId', stored.id), ${now}, ${now}
          FROM stored, unnest(${`{${kinds.join(',')}}`}::text[]) AS kind
        )
        SELECT stored.id, pg_notify(${NOTIFICATIONS_CHANNEL}, ${notice.userId}) FROM stored`,
  );
  return row.id;
}
