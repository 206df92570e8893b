import { sql } from 'drizzle-orm';
import { defaultNotificationSettings, type NotificationSettings } from '../../../shared/schemas/profile';
import { brandSlugs, type BrandSlug } from '../../../shared/schemas/events';
import { queryRows, type Db, type Tx } from '../../db/client';
import { brandFollows, userNotificationSettings } from '../../db/schema';
import { formatPhone } from '../../../shared/phone';
import { hasUsableWhatsappCode, isWhatsappConfirmed } from '../../domain/whatsapp-confirmation';

/**
 * A user's notification settings (docs/rules/notifications.md 'Notification settings': one row per user, a
 * missing row tolerated) and the brands they follow, in one query. Without a row, the defaults
 * of docs/rules/notifications.md 'Notification settings': e-mail on, push, WhatsApp and geolocation off, no WhatsApp number;
 * brand news off (docs/rules/notifications.md 'Brand news': opt-in). The number is stored in E.164 and shown masked,
 * '(11) 99999-9999'; `whatsappConfirmed` says whether that very number was confirmed by a code,
 * `whatsappCodeSent` whether a code for it can be typed at `now` (UTC instant), both false
 * without a number (domain/whatsapp-confirmation.ts). Followed brands come in the brands' order
 * (next-level, ay-yo, kxp).
 */
export async function getNotificationSettings(db: Db | Tx, userId: string, now: Date = new Date()): Promise<NotificationSettings> {
  const [row] = await queryRows<{
    email_notifications: boolean | null;
    push_notifications: boolean | null;
    whatsapp_notifications: boolean | null;
    whatsapp_number: string | null;
    whatsapp_verified_number: string | null;
    whatsapp_verified_at: Date | string | null;
    whatsapp_code_expires_at: Date | string | null;
    whatsapp_code_attempts: number | null;
    geolocation_enabled: boolean | null;
    brand_news_notifications: boolean | null;
    followed: string[];
  }>(
    db,
    sql`SELECT s.email_notifications, s.push_notifications, s.whatsapp_notifications, s.whatsapp_number,
               s.whatsapp_verified_number, s.whatsapp_verified_at, s.whatsapp_code_expires_at, s.whatsapp_code_attempts,
               s.geolocation_enabled, s.brand_news_notifications,
               ARRAY(SELECT ${brandFollows.brandSlug} FROM ${brandFollows} WHERE ${brandFollows.userId} = ${userId}) AS followed
        FROM (SELECT 1) AS one
        LEFT JOIN ${userNotificationSettings} AS s ON s.user_id = ${userId}`,
  );
  const followedBrands = brandSlugs.filter((slug) => row.followed.includes(slug)) as BrandSlug[];
  if (row.email_notifications === null) return { ...defaultNotificationSettings, followedBrands };
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  const whatsappConfirmed = isWhatsappConfirmed({
    whatsappNumber: row.whatsapp_number,
    whatsappVerifiedNumber: row.whatsapp_verified_number,
    whatsappVerifiedAt: at(row.whatsapp_verified_at),
  });
  const whatsappCodeSent =
    row.whatsapp_number !== null &&
    !whatsappConfirmed &&
    hasUsableWhatsappCode({ expiresAt: at(row.whatsapp_code_expires_at), attempts: Number(row.whatsapp_code_attempts ?? 0) }, now);
  return {
    emailNotifications: row.email_notifications,
    pushNotifications: row.push_notifications!,
    whatsappNotifications: row.whatsapp_notifications!,
    whatsappNumber: row.whatsapp_number ? formatPhone(row.whatsapp_number) : null,
    whatsappConfirmed,
    whatsappCodeSent,
    geolocationEnabled: row.geolocation_enabled!,
    brandNewsNotifications: row.brand_news_notifications!,
    followedBrands,
  };
}
