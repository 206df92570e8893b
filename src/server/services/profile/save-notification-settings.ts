import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { NotificationSettings, NotificationSettingsUpdate } from '../../../shared/schemas/profile';
import { toE164 } from '../../../shared/phone';
import type { Db } from '../../db/client';
import { brandFollows, brands, userNotificationSettings } from '../../db/schema';
import { getNotificationSettings } from './get-notification-settings';
import { whatsappColumnsOnSave } from './whatsapp-confirmation';

/**
 * Saves all of a user's notification settings at once (docs/rules/notifications.md 'Notification settings': upsert merging
 * user_id with all settings), in one transaction. The input is already parsed by
 * `notificationSettingsSchema` (WhatsApp on needs a valid number); the number is stored in
 * E.164, '+5511999999999'. 'Novidades das marcas' and the followed brands (docs/rules/notifications.md 'Brand news': brand
 * news for those who opted in) are kept as they are when left out; given, the followed brands
 * are replaced by the list (brands missing from the database are skipped). A WhatsApp number new
 * or changed is unconfirmed, and with WhatsApp on an unconfirmed number is sent a code to confirm
 * it (whatsapp-confirmation.ts whatsappColumnsOnSave: at most one a minute); no other WhatsApp
 * message goes to it until then (LGPD, Lei 13.709/2018 art. 6). `now` is a UTC instant. Returns
 * the settings as stored.
 */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  input: NotificationSettingsUpdate,
  now = new Date(),
): Promise<NotificationSettings> {
  const whatsappNumber = input.whatsappNumber ? toE164(input.whatsappNumber) : null;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, userId)).for('update');
    const confirmation = await whatsappColumnsOnSave(
      tx,
      userId,
      before ?? null,
      { whatsappNotifications: input.whatsappNotifications, whatsappNumber },
      now,
    );
    const values = {
      emailNotifications: input.emailNotifications,
      pushNotifications: input.pushNotifications,
      whatsappNotifications: input.whatsappNotifications,
      whatsappNumber,
      geolocationEnabled: input.geolocationEnabled,
      ...(input.brandNewsNotifications === undefined ? {} : { brandNewsNotifications: input.brandNewsNotifications }),
      ...confirmation,
      updatedAt: now,
    };
    await tx
      .insert(userNotificationSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userNotificationSettings.userId, set: values });
    const followed = input.followedBrands;
    if (followed) {
      await tx
        .delete(brandFollows)
        .where(
          followed.length > 0
            ? and(eq(brandFollows.userId, userId), notInArray(brandFollows.brandSlug, followed))
            : eq(brandFollows.userId, userId),
        );
      if (followed.length > 0) {
        await tx.execute(sql`INSERT INTO ${brandFollows} (user_id, brand_slug, created_at)
          SELECT ${userId}, ${brands.slug}, ${now} FROM ${brands}
          WHERE ${brands.slug} IN (${sql.join(
            followed.map((slug) => sql`${slug}`),
            sql`, `,
          )})
          ON CONFLICT DO NOTHING`);
      }
    }
    return getNotificationSettings(tx, userId, now);
  });
}
