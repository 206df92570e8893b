import { eq } from 'drizzle-orm';
import { notifications, pushSubscriptions, userNotificationSettings, users } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import type { NotificationChannel } from './notify-user';
import { whatsappRecipient } from '../../domain/whatsapp-confirmation';

/**
 * Sends one in-app notification on one other channel, if the user has it switched on now
 * (docs/rules/notifications.md 'Channels': settings are obeyed; docs/rules/notifications.md 'Notification settings': e-mail on,
 * push and WhatsApp off). E-mail: a short pt-BR message with the link; push: to every device the
 * user subscribed, a subscription the push service no longer knows (404/410) is removed; WhatsApp:
 * to the saved number (E.164) only once its owner confirmed it with a code and has not changed it
 * since (domain/whatsapp-confirmation.ts whatsappRecipient; 'unconfirmed' otherwise: LGPD, Lei
 * 13.709/2018 art. 6, no personal data to a number that may be a third party's). Brand news
 * ('promotion') goes out only while 'Novidades das marcas' is still on. Runs as an outbox job (worker.ts runDueJobs), outside any transaction: the call
 * to the push service, SMTP or WhatsApp holds no connection; a throw retries the job with
 * backoff. The devices of one user are sent to one after the other, each within the push
 * sender's timeout. Returns what happened, for the log and tests.
 */
export async function deliverNotification(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'push' | 'whatsapp' | 'publicUrl'>,
  channel: NotificationChannel,
  notificationId: string,
): Promise<'sent' | 'off' | 'unconfirmed' | 'gone'> {
  const { db } = deps;
  const [row] = await db
    .select({ notification: notifications, email: users.email, settings: userNotificationSettings })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(userNotificationSettings, eq(userNotificationSettings.userId, notifications.userId))
    .where(eq(notifications.id, notificationId));
  if (!row) return 'gone';
  const { notification, settings } = row;
  const link = new URL(notification.actionUrl ?? '/', deps.publicUrl).toString();
  // Brand news goes out only while the user still wants it (opted out since it was queued: nothing).
  const isBrandNews = notification.type === 'promotion';
  if (isBrandNews && !settings?.brandNewsNotifications) return 'off';

  if (channel === 'email') {
    if (settings && !settings.emailNotifications) return 'off';
    await deps.mailer.send({
      to: row.email,
      subject: notification.title,
      text: `${notification.message}\n\n${link}\n\n—\nNext Level. Para não receber ${isBrandNews ? "novidades das marcas, desligue 'Novidades das marcas'" : "e-mails, desligue 'Notificações por e-mail'"} em ${new URL('/settings', deps.publicUrl)}.`,
      link,
    });
    return 'sent';
  }
  if (channel === 'push') {
    if (!settings?.pushNotifications || !deps.push) return 'off';
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, notification.userId));
    for (const device of devices) {
      const outcome = await deps.push.send(device, {
        title: notification.title,
        body: notification.message,
        url: notification.actionUrl ?? '/',
      });
      if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    }
    return devices.length > 0 ? 'sent' : 'off';
  }
  if (!settings?.whatsappNotifications || !settings.whatsappNumber || !deps.whatsapp) return 'off';
  // Only to a number its owner confirmed with a code, and still the same number.
  const to = whatsappRecipient(settings);
  if (!to) return 'unconfirmed';
  await deps.whatsapp.send(to, `*${notification.title}*\n${notification.message}\n${link}`);
  return 'sent';
}
