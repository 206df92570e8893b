import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../../shared/schemas/notifications';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

/**
 * Stores a device's push subscription for the user (one row per endpoint: subscribing again from
 * the same browser, or after another account used it, moves it to this user).
 */
export async function savePushSubscription(db: Db, userId: string, input: PushSubscriptionInput, userAgent: string | null): Promise<void> {
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Removes the user's subscription of one device (push switched off, or signing out). */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
