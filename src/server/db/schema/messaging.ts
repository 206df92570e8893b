import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roleEnum, users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One browser push subscription per device (Web Push, RFC 8030/8291): the push service's endpoint
 * and the keys the payload is encrypted with. Removed when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);

/**
 * Scheduled notices already sent, by a key naming what and to whom ('reminder-24h:<event>:<user>',
 * 'pix-expiring:<order>'): the primary key makes each one go out once, with any number of
 * server instances running the schedule.
 */
export const scheduledNotices = pgTable('scheduled_notices', {
  key: text('key').primaryKey(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});

/**
 * A role given by e-mail to someone without an account yet ('Equipe' in the back office): the
 * invitation e-mail links to sign-up, and the role is granted when that address signs up.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_invitations_email_idx').on(t.email)],
);
