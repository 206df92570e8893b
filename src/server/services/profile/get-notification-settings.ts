import { eq } from 'drizzle-orm';
import { defaultNotificationSettings, type NotificationSettings } from '../../../shared/schemas/profile';
import type { Db, Tx } from '../../db/client';
import { userNotificationSettings } from '../../db/schema';
import { formatPhone } from '../../../shared/phone';

/**
 * A user's notification settings (SPEC.md section 7 'Notifications': one row per user, a
 * missing row tolerated). Without a row, the defaults of SPEC.md section 9: e-mail on, push,
 * WhatsApp and geolocation off, no WhatsApp number. The number is stored in E.164 and shown
 * masked, '(11) 99999-9999'.
 */
export async function getNotificationSettings(db: Db | Tx, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, userId));
  if (!row) return { ...defaultNotificationSettings };
  return {
    emailNotifications: row.emailNotifications,
    pushNotifications: row.pushNotifications,
    whatsappNotifications: row.whatsappNotifications,
    whatsappNumber: row.whatsappNumber ? formatPhone(row.whatsappNumber) : null,
    geolocationEnabled: row.geolocationEnabled,
  };
}
