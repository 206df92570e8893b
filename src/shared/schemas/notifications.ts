import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';

/** One notification as the panel shows it (docs/data-model.md 'Notifications', docs/rules/notifications.md 'The notification panel'). */
export interface NotificationView {
  id: string;
  /** 'install', 'event', 'promotion'; anything else is drawn as a generic announcement. */
  type: string;
  title: string;
  message: string;
  read: boolean;
  actionUrl: string | null;
  /** UTC instant (ISO 8601). */
  createdAt: string;
}

/** GET /api/notifications: the newest 50 (docs/rules/notifications.md 'The notification panel') and how many of all are unread. */
export interface NotificationList {
  notifications: NotificationView[];
  unreadCount: number;
}

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
