import type { NotificationSettings } from '../../../shared/schemas/profile';
import { toE164 } from '../../../shared/phone';
import type { Db } from '../../db/client';
import { userNotificationSettings } from '../../db/schema';
import { getNotificationSettings } from './get-notification-settings';

/**
 * Saves all of a user's notification settings at once (SPEC.md section 7: upsert merging
 * user_id with all settings). The input is already parsed by `notificationSettingsSchema`
 * (WhatsApp on needs a valid number); the number is stored in E.164, '+5511999999999'. Returns
 * the settings as stored.
 */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  input: NotificationSettings,
  now = new Date(),
): Promise<NotificationSettings> {
  const values = {
    emailNotifications: input.emailNotifications,
    pushNotifications: input.pushNotifications,
    whatsappNotifications: input.whatsappNotifications,
    whatsappNumber: input.whatsappNumber ? toE164(input.whatsappNumber) : null,
    geolocationEnabled: input.geolocationEnabled,
    updatedAt: now,
  };
  await db
    .insert(userNotificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userNotificationSettings.userId, set: values });
  return getNotificationSettings(db, userId);
}
