import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { unnestRows } from '../../lib/unnest';
import { insertJobsStatement, type Job, type JobKind } from '../jobs';

/** The kinds of docs/data-model.md 'Notifications' the panel draws an icon for; anything else is a generic announcement. */
export type NotificationType = 'install' | 'event' | 'promotion' | 'announcement';

/** PostgreSQL channel a new notification is announced on; its payload is the user id (LISTEN/NOTIFY). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** The channels besides in-app a notification may also go out on. */
export const NOTIFICATION_CHANNELS = ['email', 'push', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The job that delivers a notification on each channel (each retried on its own; worker.ts). */
const NOTIFICATION_CHANNEL_KINDS = {
  email: 'notification_email',
  push: 'notification_push',
  whatsapp: 'notification_whatsapp',
} as const satisfies Record<NotificationChannel, JobKind>;

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
  channels?: readonly NotificationChannel[];
}

/**
 * Tells users something (docs/rules/notifications.md 'Channels': in-app always; e-mail, push and
 * WhatsApp as switched on). Inside the caller's transaction and in one statement for all
 * `notices`: stores each in-app notification, queues one delivery job per other channel of each
 * (enqueueJobs' rows, so nothing is sent unless the transaction commits, and each channel is
 * retried on its own) and announces each on the `notifications` channel (pg_notify with the user
 * id, delivered at commit, so open pages of every server instance update at once). Returns the
 * notification ids in the order of `notices`. `now` is a UTC instant. No notices: no query.
 */
export async function notifyUsers(tx: Db | Tx, notices: readonly Notice[], now: Date): Promise<string[]> {
  if (notices.length === 0) return [];
  // Ids drawn here, so the delivery jobs can name their notification in the same statement.
  const ids = notices.map(() => randomUUID());
  const jobs = notices.flatMap((notice, i): Job[] =>
    (notice.channels ?? NOTIFICATION_CHANNELS).map((channel) => ({
      kind: NOTIFICATION_CHANNEL_KINDS[channel],
      payload: { notificationId: ids[i] },
    })),
  );
  const rows = unnestRows(notices, 'notice', {
    id: ['uuid', (_, i) => ids[i]],
    user_id: ['text', (n) => n.userId],
    type: ['text', (n) => n.type],
    title: ['text', (n) => n.title],
    message: ['text', (n) => n.message],
    action_url: ['text', (n) => n.actionUrl],
    created_at: ['timestamptz', () => now],
  });
  await tx.execute(sql`WITH stored AS (
      INSERT INTO ${notifications} (${rows.names}) SELECT ${rows.names} FROM ${rows.from} ORDER BY ord RETURNING user_id
    ), queued AS (${insertJobsStatement(jobs, now)})
    SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, user_id) FROM stored`);
  return ids;
}

/** notifyUsers for one notice: returns its notification id. */
export async function notifyUser(tx: Db | Tx, notice: Notice, now: Date): Promise<string> {
  const [id] = await notifyUsers(tx, [notice], now);
  return id;
}
