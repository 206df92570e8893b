import { and, eq, or, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import {
  accounts,
  notifications,
  orders,
  profiles,
  sessions,
  userFavorites,
  userNotificationSettings,
  userRoles,
  users,
  verifications,
} from '../../db/schema';
import { releaseOrder } from '../orders/release-order';
import { forgetSessions } from '../staff/session-events';
import { removeAvatarFile } from './avatar-files';
import type { JobKind } from '../jobs';

/** Buyer name kept on the orders of a deleted account. */
export const DELETED_BUYER_NAME = 'Conta excluída';

/** Why the last administrator cannot delete their own account. */
export const LAST_ADMIN_MESSAGE =
  'Você é o único administrador. Dê o papel de administrador a outra conta antes de excluir a sua.';

/**
 * Deletes a user's account for good ('Excluir conta', PRODUCT.md 'Accounts and data'; LGPD
 * art. 18 VI), in one transaction:
 * 1. pending orders are released first (their held units and coupon use return, status
 *    `cancelled`, src/server/services/orders/release-order.ts);
 * 2. every order of the user is anonymised: buyer name 'Conta excluída', e-mail, phone and CPF
 *    blanked; amounts, dates, items and tickets stay, as fiscal law requires;
 *    `orders.user_id` (and tickets', refunds') then becomes null through ON DELETE SET NULL;
 *    order e-mails not yet sent are dropped from the outbox;
 * 3. favourites, notifications, notification settings, profile, roles, sessions (so every
 *    signed-in device is signed out), login accounts, pending verifications and the user row
 *    are deleted.
 * After the commit the stored profile picture is deleted. Throws DomainError('conflict') with a
 * pt-BR message when the user is the last administrator, DomainError('unauthenticated') when
 * the user is already gone.
 */
export async function deleteAccount(deps: { db: Db; dataDir: string }, userId: string, now = new Date()): Promise<void> {
  const avatarUrl = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('unauthenticated');

    // Locks every admin role row, so two admins deleting themselves at once cannot both pass.
    const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).for('update');
    if (admins.some((a) => a.userId === userId) && !admins.some((a) => a.userId !== userId)) {
      throw new DomainError('conflict', {}, LAST_ADMIN_MESSAGE);
    }

    const pending = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
    for (const order of pending) await releaseOrder(tx, order.id, 'cancelled', now);
    await forgetSessions(tx, userId);

    await tx.execute(sql`
      UPDATE outbox SET done_at = ${now}, last_error = 'conta excluída'
      WHERE done_at IS NULL AND kind = ${'order_confirmation_email' satisfies JobKind}
        AND payload->>'orderId' IN (SELECT id::text FROM orders WHERE user_id = ${userId})
    `);
    await tx
      .update(orders)
      .set({ buyerName: DELETED_BUYER_NAME, buyerEmail: '', buyerPhone: '', buyerCpf: '', updatedAt: now })
      .where(eq(orders.userId, userId));

    const [profile] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
    await tx.delete(userFavorites).where(eq(userFavorites.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(userNotificationSettings).where(eq(userNotificationSettings.userId, userId));
    await tx.delete(profiles).where(eq(profiles.id, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, user.email)));
    await tx.delete(users).where(eq(users.id, userId));
    return profile?.avatarUrl ?? null;
  });
  await removeAvatarFile(deps.dataDir, userId, avatarUrl);
}
