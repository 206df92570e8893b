import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Db } from '../../db/client';
import {
  accounts,
  brandFollows,
  notifications,
  orderItems,
  orders,
  profiles,
  pushSubscriptions,
  refunds,
  scheduledNotices,
  sessions,
  staffInvitations,
  tickets,
  userFavorites,
  userNotificationSettings,
  userRoles,
  users,
  verifications,
} from '../../db/schema';
import { releaseOrder } from '../orders/release-order';
import { moveHoldings, ticketUnitsSql } from '../orders/cpf-holdings';
import { forgetSessions } from '../staff/session-events';
import { removeAvatarFile } from './avatar-files';
import { removeLocalOutboxFiles } from '../../lib/local-outbox';
import type { JobKind } from '../jobs';
import { buyerRefundOrigins } from '../../../shared/statuses';
import { pseudonymiseAuditRows } from '../audit/record-audit';

/** Buyer name kept on the orders of a deleted account. */
const DELETED_BUYER_NAME = 'Conta excluída';

/** What a refund request of a deleted account says instead of the reason its buyer wrote. */
export const DELETED_REFUND_REASON = 'Motivo removido com a exclusão da conta';

/**
 * The buyer e-mail of each anonymised order: 'excluida-<16 random hex>@invalid', drawn per order so
 * orders of one deleted account cannot be linked by it; `.invalid` is a reserved top-level
 * domain (RFC 2606, RFC 6761), so no message to it is ever delivered.
 */
const deletedBuyerEmail = sql`'excluida-' || left(replace(gen_random_uuid()::text, '-', ''), 16) || '@invalid'`;

/** Why the last administrator cannot delete their own account. */
const LAST_ADMIN_MESSAGE = 'Você é o único administrador. Dê o papel de administrador a outra conta antes de excluir a sua.';

/**
 * Deletes a user's account for good ('Excluir conta', docs/rules/accounts-and-data.md 'Deleting an account'; LGPD
 * art. 18 VI, elimination of the data, keeping only what art. 16 I allows: what a legal
 * obligation requires, here the fiscal record of orders), in one transaction:
 * 1. pending orders are released first (their held units and coupon use return, status
 *    `cancelled`, src/server/services/orders/release-order.ts);
 * 2. every order of the user is anonymised: buyer name 'Conta excluída', e-mail
 *    'excluida-<random>@invalid' (one per order), phone and CPF blanked; the holder names of its
 *    items and tickets are cleared; the reason the user wrote on each refund request becomes
 *    DELETED_REFUND_REASON (refunds an event cancellation or a late payment opened keep the
 *    product's own text). Amounts, dates, items, tickets, refunds and door scans stay, as fiscal
 *    law and the door's history require; `orders.user_id` (and tickets', refunds') then becomes
 *    null through ON DELETE SET NULL. Order e-mails not yet sent are dropped from the outbox, and
 *    outbox errors naming the account's e-mail are replaced;
 * 3. favourites, followed brands, notifications, push subscriptions, notification settings,
 *    scheduled-notice keys naming the user, staff invitations to the account's e-mail, profile,
 *    roles, sessions (so every signed-in device is signed out), login accounts, pending
 *    verifications and the user row are deleted.
 * After the commit the stored profile picture is deleted, and so are the local outbox files
 * (DATA_DIR/outbox, written when there is no SMTP or WhatsApp API) addressed to the account's
 * e-mail, profile phone or WhatsApp number, or to the buyer e-mail or phone of its orders
 * (lib/local-outbox.ts); an order's buyer address is the one its confirmation went to, usually
 * the account's own. Throws DomainError('conflict') with a pt-BR message when the user is the
 * last administrator, DomainError('unauthenticated') when the user is already gone.
 *
 * The audit trail keeps the account's rows, pseudonymised in the same transaction with
 * `signingKey` (the product's ticket signing key; docs/rules/audit.md 'Deleted accounts').
 */
export async function deleteAccount(
  deps: { db: Db; dataDir: string; signingKey: Buffer },
  userId: string,
  now = new Date(),
): Promise<void> {
  const { avatarUrl, emails, phones } = await deps.db.transaction(async (tx) => {
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

    // Every address the account's messages may have gone to, read before the orders forget theirs.
    const [profile] = await tx
      .select({ avatarUrl: profiles.avatarUrl, phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const [settings] = await tx
      .select({ whatsappNumber: userNotificationSettings.whatsappNumber })
      .from(userNotificationSettings)
      .where(eq(userNotificationSettings.userId, userId));
    const buyers = await tx.select({ email: orders.buyerEmail, phone: orders.buyerPhone }).from(orders).where(eq(orders.userId, userId));
    const emails = [user.email, ...buyers.map((b) => b.email)];
    const phones = [profile?.phone, settings?.whatsappNumber, ...buyers.map((b) => b.phone)].filter((p): p is string => !!p);

    const ownOrders = sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.userId} = ${userId})`;
    await tx.execute(sql`
      UPDATE outbox SET done_at = ${now}, last_error = 'conta excluída'
      WHERE done_at IS NULL AND kind = ${'order_confirmation_email' satisfies JobKind}
        AND payload->>'orderId' IN (SELECT id::text FROM orders WHERE user_id = ${userId})
    `);
    // A failed send's error may quote the recipient (an SMTP refusal names the address).
    await tx.execute(sql`
      UPDATE outbox SET last_error = 'conta excluída'
      WHERE strpos(lower(last_error), lower(${user.email})) > 0
         OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = ${userId} AND o.buyer_email <> '' AND strpos(lower(last_error), o.buyer_email) > 0)
    `);
    await tx
      .update(refunds)
      .set({ reason: DELETED_REFUND_REASON })
      .where(and(inArray(refunds.origin, [...buyerRefundOrigins]), or(eq(refunds.userId, userId), inArray(refunds.orderId, ownOrders))));
    await tx
      .update(tickets)
      .set({ holderName: null })
      .where(or(eq(tickets.userId, userId), inArray(tickets.orderId, ownOrders)));
    await tx.update(orderItems).set({ holderNames: [] }).where(inArray(orderItems.orderId, ownOrders));
    // The account's valid tickets stop counting for it and for its buyer CPF (cpf-holdings.ts);
    // once the account is gone they count for their named holders only, moved back below.
    const held = await queryRows<{ id: string }>(tx, sql`SELECT id FROM tickets WHERE user_id = ${userId} AND status = 'valid'`);
    const heldTickets = ticketUnitsSql(sql`t.id = ANY(${sql.param(held.map((t) => t.id))}::uuid[])`);
    await moveHoldings(tx, heldTickets, -1);
    await tx
      .update(orders)
      .set({ buyerName: DELETED_BUYER_NAME, buyerEmail: deletedBuyerEmail, buyerPhone: '', buyerCpf: '', updatedAt: now })
      .where(eq(orders.userId, userId));

    await tx.delete(userFavorites).where(eq(userFavorites.userId, userId));
    await tx.delete(brandFollows).where(eq(brandFollows.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(userNotificationSettings).where(eq(userNotificationSettings.userId, userId));
    // Reminder keys are '<kind>:<event>:<user>' (send-scheduled-notices.ts); 'pix-expiring:<order>' names no one.
    await tx.delete(scheduledNotices).where(sql`split_part(${scheduledNotices.key}, ':', 3) = ${userId}`);
    await tx.delete(staffInvitations).where(eq(staffInvitations.email, user.email.toLowerCase()));
    await tx.delete(profiles).where(eq(profiles.id, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, user.email)));
    await tx.delete(users).where(eq(users.id, userId));
    await pseudonymiseAuditRows(tx, deps.signingKey, user);
    await moveHoldings(tx, heldTickets, 1);
    return { avatarUrl: profile?.avatarUrl ?? null, emails, phones };
  });
  await removeAvatarFile(deps.dataDir, userId, avatarUrl);
  await removeLocalOutboxFiles(deps.dataDir, { emails: [...new Set(emails)], phones: [...new Set(phones)] });
}
