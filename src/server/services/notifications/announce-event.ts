import { sql } from 'drizzle-orm';
import { formatEventDateShort, formatEventTime, saoPauloToday } from '../../../shared/dates';
import { queryRows, type Tx } from '../../db/client';
import { brandFollows, brands, events, userNotificationSettings } from '../../db/schema';
import { notifyUsers, type Notice } from './notify-user';

/** What of an event its announcement says. `date` 'yyyy-MM-dd' and `startTime` 'HH:mm[:ss]' in America/Sao_Paulo. */
export interface AnnouncedEvent {
  id: string;
  title: string;
  date: string;
  startTime: string;
  location: string;
}

/**
 * Tells the followers of an event's brand that it is on sale (docs/rules/notifications.md 'Brand news':
 * brand news for those who opted in), the first time it is published and upcoming: a 'promotion'
 * notification '<Marca> anunciou um evento' to every user who follows the brand and has
 * 'Novidades das marcas' on, delivered in-app and queued on e-mail, push and WhatsApp (each
 * obeying its own switch when sent, deliver-notification.ts), announced live on the
 * `notifications` channel (notifyUsers). Inside the caller's transaction `tx`, one statement
 * marks the event announced (`announced_at`) and reads the followers to tell, so unpublishing
 * and publishing again, or editing, never announces it twice, and an event without a brand,
 * unpublished, cancelled or past is left as it is; notifyUsers then tells them all in one more.
 * Returns how many users were told. `now` is a UTC instant.
 */
export async function announceEvent(tx: Tx, event: AnnouncedEvent, now: Date): Promise<number> {
  const followers = await queryRows<{ userId: string; brandName: string }>(
    tx,
    sql`WITH announced AS (
          UPDATE ${events} SET announced_at = ${now}
          WHERE id = ${event.id} AND is_published AND cancelled_at IS NULL AND announced_at IS NULL
            AND date >= ${saoPauloToday(now)}::date
          RETURNING brand_slug
        )
        SELECT f.user_id AS "userId", ${brands.name} AS "brandName"
        FROM announced
        JOIN ${brands} ON ${brands.slug} = announced.brand_slug
        JOIN ${brandFollows} AS f ON f.brand_slug = announced.brand_slug
        JOIN ${userNotificationSettings} AS s ON s.user_id = f.user_id AND s.brand_news_notifications
        ORDER BY f.user_id`,
  );
  const message = `${formatEventDateShort(event.date)} às ${formatEventTime(event.startTime)} · ${event.location}. Ingressos à venda no app.`;
  const notices = followers.map((f): Notice => ({
    userId: f.userId,
    type: 'promotion',
    title: `${f.brandName} anunciou: ${event.title}`,
    message,
    actionUrl: `/event/${event.id}`,
  }));
  await notifyUsers(tx, notices, now);
  return notices.length;
}
