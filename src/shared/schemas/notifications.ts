import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';

/** One notification as the panel shows it (docs/data-model.md 'Notifications', docs/rules/notifications.md 'The notification panel'). */
export const notificationViewSchema = z.object({
  id: z.string(),
  /** 'install', 'event', 'promotion'; anything else is drawn as a generic announcement. */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  actionUrl: z.string().nullable(),
  /** UTC instant (ISO 8601). */
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

/** GET /api/notifications: the newest 50 (docs/rules/notifications.md 'The notification panel') and how many of all are unread. */
export const notificationListSchema = z.object({ notifications: z.array(notificationViewSchema), unreadCount: z.number() });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Body of POST /api/push/subscriptions: PushSubscription.toJSON() of the browser. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url('Inscrição de notificação inválida')
    .max(2000)
    .refine((v) => v.startsWith('https://') || v.startsWith('http://'), 'Inscrição de notificação inválida'),
  keys: z.object({
    p256dh: text().min(20).max(200),
    auth: text().min(8).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Body of DELETE /api/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint: text().min(1).max(2000) });

/** Answer of POST /api/notifications/read-all: how many were marked read. */
export const notificationsMarkedSchema = z.object({ marked: z.number() });
export type NotificationsMarked = z.infer<typeof notificationsMarkedSchema>;

/** Answer of GET /api/push/public-key: the VAPID public key, null when web push is off. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;
