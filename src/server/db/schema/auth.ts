import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { roles } from '../../../shared/statuses';

// better-auth's tables, written by hand (its CLI does not run on Node 20). Property names are
// better-auth's field names; columns are snake_case.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const roleEnum = pgEnum('role', roles);

/** Roles of a user (docs/rules/access.md 'Roles': a user may hold several; no account is special by its e-mail). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** docs/data-model.md 'Profiles': one per user, same id. */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  phone: text('phone'),
  avatarUrl: text('avatar_url'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** docs/data-model.md 'Notification settings'; defaults in docs/rules/notifications.md 'Notification settings'. */
export const userNotificationSettings = pgTable('user_notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(false),
  whatsappNotifications: boolean('whatsapp_notifications').notNull().default(false),
  whatsappNumber: text('whatsapp_number'),
  /**
   * The WhatsApp number's confirmation (services/profile/whatsapp-confirmation.ts): the E.164
   * number the user proved to hold by typing the code sent to it, and when (UTC). Messages go to
   * `whatsappNumber` only while it equals `whatsappVerifiedNumber` (LGPD, Lei 13.709/2018 art. 6:
   * no personal data to a third party's number). Rows from before confirmation existed have both
   * null: unconfirmed, so nothing is sent until their owner confirms on the settings screen.
   */
  whatsappVerifiedNumber: text('whatsapp_verified_number'),
  whatsappVerifiedAt: ts('whatsapp_verified_at'),
  /** HMAC-SHA-256 of the pending 6-digit code, bound to the user and the number; never the code itself. Null while the code is on its way or when none is pending. */
  whatsappCodeHash: text('whatsapp_code_hash'),
  /** When the pending code stops being valid (UTC); null: no code pending. */
  whatsappCodeExpiresAt: ts('whatsapp_code_expires_at'),
  /** Wrong tries of the pending code; at WHATSAPP_CODE_MAX_ATTEMPTS a new code must be asked for. */
  whatsappCodeAttempts: integer('whatsapp_code_attempts').notNull().default(0),
  /** When a code was last asked for (UTC): one per WHATSAPP_CODE_RESEND_MS per user; also names the send job that may deliver it. */
  whatsappCodeRequestedAt: ts('whatsapp_code_requested_at'),
  geolocationEnabled: boolean('geolocation_enabled').notNull().default(false),
  /** News of the brands the user follows (new events), as 'promotion' notifications: opt-in (docs/rules/notifications.md 'Brand news'). */
  brandNewsNotifications: boolean('brand_news_notifications').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
