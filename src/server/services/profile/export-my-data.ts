import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { MyDataExport } from '../../../shared/schemas/profile';
import { DomainError } from '../../../shared/errors';
import { saoPauloToday } from '../../../shared/dates';
import type { Db } from '../../db/client';
import {
  accessRecords,
  accounts,
  coupons,
  events,
  notifications,
  orderItems,
  orders,
  profiles,
  pushSubscriptions,
  refunds,
  sessions,
  tickets,
  userFavorites,
  userRoles,
  users,
} from '../../db/schema';
import { getNotificationSettings } from './get-notification-settings';

const iso = (instant: Date | null) => (instant ? instant.toISOString() : null);

/** The host of a push endpoint ('fcm.googleapis.com'); its path identifies the device to the push service and stays out. */
function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

/**
 * Everything the product keeps about one user, for 'Solicitar Download' (
 * docs/rules/accounts-and-data.md 'Data export'; LGPD art. 18 II, access to the data, and art. 19 II, in a complete form): account,
 * login methods, signed-in devices (sessions), profile, roles, notification settings with the
 * followed brands, push subscriptions, favourites, orders with their items and tickets (holder
 * names and QR codes included), refund requests, in-app notifications, and the access records kept
 * about the account (IP and instant of each sign-in and request, docs/rules/accounts-and-data.md
 * 'Access records'). Orders and access records newest first; money in centavos; instants UTC ISO 8601.
 *
 * Every table with a column referencing `users` is here except, on purpose: `verifications`
 * (single-use tokens of e-mail confirmation and password reset, secrets that expire within
 * hours), `check_ins.validator_id` (scans a door-staff account made: the organizer's door
 * record of other people's tickets), `refunds.processed_by` and `staff_invitations.invited_by`
 * (decisions and invitations an administrator made about other people). Secrets are never
 * included: passwords and OAuth tokens (`accounts`), session tokens, push subscription keys and
 * endpoint paths. `outbox` and `scheduled_notices` hold only ids of what is exported here.
 * Throws DomainError('unauthenticated') when the user is gone.
 */
export async function exportMyData(db: Db, userId: string, now = new Date()): Promise<MyDataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('unauthenticated');
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role));
  const logins = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
  const signedIn = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
  const notificationSettings = await getNotificationSettings(db, userId);
  const devices = await db
    .select({ endpoint: pushSubscriptions.endpoint, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  const favorites = await db
    .select({ eventId: userFavorites.eventId, eventTitle: events.title, eventDate: events.date, createdAt: userFavorites.createdAt })
    .from(userFavorites)
    .innerJoin(events, eq(events.id, userFavorites.eventId))
    .where(eq(userFavorites.userId, userId))
    .orderBy(desc(userFavorites.createdAt));

  const orderRows = await db
    .select({ order: orders, event: events, couponCode: coupons.code })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const orderIds = orderRows.map((row) => row.order.id);
  const items = orderIds.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id))
    : [];
  const issued = orderIds.length
    ? await db.select().from(tickets).where(inArray(tickets.orderId, orderIds)).orderBy(asc(tickets.createdAt), asc(tickets.id))
    : [];
  const refundRows = await db.select().from(refunds).where(eq(refunds.userId, userId)).orderBy(desc(refunds.requestedAt));
  const notificationRows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt));
  const accessRows = await db
    .select({ ip: accessRecords.ip, at: accessRecords.at, kind: accessRecords.kind })
    .from(accessRecords)
    .where(eq(accessRecords.userId, userId))
    .orderBy(desc(accessRecords.at), desc(accessRecords.id));

  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt.toISOString(),
    },
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
    logins: logins.map((l) => ({ provider: l.provider, createdAt: l.createdAt.toISOString() })),
    sessions: signedIn.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
    notificationSettings,
    pushSubscriptions: devices.map((d) => ({
      endpointHost: endpointHost(d.endpoint),
      userAgent: d.userAgent,
      createdAt: d.createdAt.toISOString(),
    })),
    favorites: favorites.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    orders: orderRows.map(({ order, event, couponCode }) => ({
      id: order.id,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      completedAt: iso(order.completedAt),
      event: { id: event.id, title: event.title, date: event.date, startTime: event.startTime, location: event.location },
      buyer: { name: order.buyerName, email: order.buyerEmail, phone: order.buyerPhone, cpf: order.buyerCpf },
      paymentMethod: order.paymentMethod,
      installments: order.installments,
      couponCode,
      subtotalCentavos: order.subtotalCentavos,
      discountCentavos: order.discountCentavos,
      totalCentavos: order.totalCentavos,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          sectorName: item.sectorName,
          quantity: item.quantity,
          unitPriceCentavos: item.unitPriceCentavos,
          holderNames: item.holderNames,
        })),
      tickets: issued
        .filter((ticket) => ticket.orderId === order.id)
        .map((ticket) => ({
          code: ticket.code,
          sectorName: ticket.sectorName,
          holderName: ticket.holderName,
          status: ticket.status,
          checkedInAt: iso(ticket.checkedInAt),
        })),
    })),
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      orderId: refund.orderId,
      amountCentavos: refund.amountCentavos,
      ticketCount: refund.ticketCount,
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
    accessRecords: accessRows.map((r) => ({ ip: r.ip, at: r.at.toISOString(), kind: r.kind === 'sign_in' ? 'sign_in' : 'request' })),
  };
}

/** The download's file name, e.g. 'meus-dados-next-level-2025-03-15.json' (São Paulo day). */
export function exportFileName(now = new Date()): string {
  return `meus-dados-next-level-${saoPauloToday(now)}.json`;
}
