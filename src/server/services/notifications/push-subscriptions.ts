import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../../shared/schemas/notifications';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { PushSender } from '../../messaging/push';

/**
 * Devices one account keeps push subscriptions for: a phone, a computer, a tablet and a few
 * browsers. Subscribing one more drops the least recently subscribed, so a new device always
 * works and one account cannot make the worker call hundreds of endpoints.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Stores a device's push subscription for the user (one row per endpoint: subscribing again from
 * the same browser, or after another account used it, moves it to this user), keeping the user's
 * MAX_PUSH_SUBSCRIPTIONS_PER_USER most recent. Throws DomainError('push_endpoint_invalid') for an
 * endpoint that is not a browser push service's (`push.endpointProblem`: https only, on the known
 * push services' hosts; an SSRF otherwise), with nothing stored.
 */
export async function savePushSubscription(
  db: Db,
  push: Pick<PushSender, 'endpointProblem'>,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  if (push.endpointProblem(input.endpoint)) throw new DomainError('push_endpoint_invalid');
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
    createdAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        notInArray(
          pushSubscriptions.id,
          kept.map((k) => k.id),
        ),
      ),
    );
  });
}

/** Removes the user's subscription of one device (push switched off, or signing out). */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
