import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { MyDataExport } from '../../../shared/schemas/profile';
import { DomainError } from '../../../shared/errors';
import { saoPauloToday } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { events, notifications, orderItems, orders, profiles, refunds, tickets, userFavorites, userRoles, users } from '../../db/schema';
import { getNotificationSettings } from './get-notification-settings';

const iso = (instant: Date | null) => (instant ? instant.toISOString() : null);

/**
 * Everything the product keeps about one user, for 'Solicitar Download' (PRODUCT.md 'Accounts
 * and data'; LGPD art. 18 II, access to the data): account, profile, roles, notification
 * settings, favourites, orders with their items and tickets (QR codes included), refund
 * requests and in-app notifications. Orders newest first; money in centavos; instants UTC ISO
 * 8601. Passwords and session tokens are never included. Throws DomainError('unauthenticated')
 * when the user is gone.
 */
export async function exportMyData(db: Db, userId: string, now = new Date()): Promise<MyDataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('unauthenticated');
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role));
  const notificationSettings = await getNotificationSettings(db, userId);
  const favorites = await db
    .select({ eventId: userFavorites.eventId, eventTitle: events.title, eventDate: events.date, createdAt: userFavorites.createdAt })
    .from(userFavorites)
    .innerJoin(events, eq(events.id, userFavorites.eventId))
    .where(eq(userFavorites.userId, userId))
    .orderBy(desc(userFavorites.createdAt));

  const orderRows = await db
    .select({ order: orders, event: events })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const orderIds = orderRows.map((row) => row.order.id);
  const items = orderIds.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)) : [];
  const issued = orderIds.length
    ? await db.select().from(tickets).where(inArray(tickets.orderId, orderIds)).orderBy(asc(tickets.createdAt), asc(tickets.id))
    : [];
  const refundRows = await db.select().from(refunds).where(eq(refunds.userId, userId)).orderBy(desc(refunds.requestedAt));
  const notificationRows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt));

  return {
    exportedAt: now.toISOString(),
    account: { id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: user.createdAt.toISOString() },
    profile: profile
      ? {
          fullName: profile.fullName,
          phone: profile.phone,
          avatarUrl: profile.avatarUrl,
          createdAt: profile.createdAt.toISOString(),
          updatedAt: profile.updatedAt.toISOString(),
        }
      : null,
    roles: roles.map((r) => r.role),
    notificationSettings,
    favorites: favorites.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    orders: orderRows.map(({ order, event }) => ({
      id: order.id,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      completedAt: iso(order.completedAt),
      event: { id: event.id, title: event.title, date: event.date, startTime: event.startTime, location: event.location },
      buyer: { name: order.buyerName, email: order.buyerEmail, phone: order.buyerPhone, cpf: order.buyerCpf },
      paymentMethod: order.paymentMethod,
      installments: order.installments,
      subtotalCentavos: order.subtotalCentavos,
      discountCentavos: order.discountCentavos,
      totalCentavos: order.totalCentavos,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({ ticketTypeName: item.ticketTypeName, quantity: item.quantity, unitPriceCentavos: item.unitPriceCentavos })),
      tickets: issued
        .filter((ticket) => ticket.orderId === order.id)
        .map((ticket) => ({
          code: ticket.code,
          ticketTypeName: ticket.ticketTypeName,
          status: ticket.status,
          checkedInAt: iso(ticket.checkedInAt),
        })),
    })),
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      orderId: refund.orderId,
      amountCentavos: refund.amountCentavos,
      reason: refund.reason,
      status: refund.status,
      requestedAt: refund.requestedAt.toISOString(),
      processedAt: iso(refund.processedAt),
      adminNotes: refund.adminNotes,
    })),
    notifications: notificationRows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      read: n.read,
      actionUrl: n.actionUrl,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** The download's file name, e.g. 'meus-dados-next-level-2025-03-15.json' (São Paulo day). */
export function exportFileName(now = new Date()): string {
  return `meus-dados-next-level-${saoPauloToday(now)}.json`;
}
