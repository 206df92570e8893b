// The minimal entry: the same betterAuth without Kysely, which the Drizzle adapter does not use.
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from './db/client';
import { accounts, profiles, sessions, userNotificationSettings, userRoles, users, verifications } from './db/schema';
import type { Mailer } from './mail/mailer';
import { forgetSessions } from './services/staff/session-events';
import { grantInvitedRoles } from './services/staff/staff';
import { claimCourtesies } from './services/orders/place-order';

export interface AuthOptions {
  db: Db;
  baseUrl: string;
  trustedOrigins: string[];
  secret: string;
  mailer: Mailer;
  /** Rate limiting of the auth endpoints; off in tests that sign many users up. */
  rateLimit: boolean;
}

/** How long a session lives (s), and after how long a request extends it (s); services/staff/find-live-session.ts reads them too. */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

/**
 * better-auth over our Drizzle tables: e-mail + password (8 characters at least, PRODUCT.md),
 * confirmation e-mail on sign-up, password reset, cookie sessions stored in the database. A new
 * account is signed in at once and may buy before confirming its e-mail (a first purchase must not
 * stop at the inbox; the tickets go to the address the buyer types at checkout); the web asks for
 * the confirmation until it is done. What needs the address proven still waits for it: the staff
 * roles of an invitation and the courtesies issued to the e-mail (the hooks below).
 * Creating a user also creates its profile (full_name = e-mail, SPEC.md section 3), its 'user'
 * role and its notification settings, in the same database, and the staff roles an invitation
 * promised to its e-mail ('Equipe'). Every session it ends is announced on the `sessions` channel
 * (services/staff/session-events.ts).
 */
export function createAuth(options: AuthOptions) {
  const { db, mailer } = options;
  return betterAuth({
    appName: 'Next Level',
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db as never, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      requireEmailVerification: false,
      autoSignIn: true,
      // PRODUCT.md 'Accounts and data': password reset. The link lives 1 hour and, once used,
      // signs every other session of the account out.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Redefinir sua senha - Next Level',
          text: `Olá! Para criar uma nova senha, abra o link abaixo (válido por 1 hora):\n\n${url}\n\nSe você não pediu, ignore este e-mail: sua senha continua a mesma.`,
          html: `<p>Olá!</p><p>Para criar uma nova senha na Next Level, abra o link abaixo (válido por 1 hora):</p><p><a href="${url}">Criar nova senha</a></p><p>Se você não pediu, ignore este e-mail: sua senha continua a mesma.</p>`,
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Confirme seu e-mail - Next Level',
          text: `Olá! Confirme seu cadastro na Next Level abrindo o link abaixo:\n\n${url}\n\nSe você não criou uma conta, ignore este e-mail.`,
          html: `<p>Olá!</p><p>Confirme seu cadastro na Next Level:</p><p><a href="${url}">Confirmar meu e-mail</a></p><p>Se você não criou uma conta, ignore este e-mail.</p>`,
          link: url,
        });
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    // Per client address (the one Fastify resolved from TRUST_PROXY). Sign-in is generous per
    // address (a door team behind one Wi-Fi) and throttled per account in routes/auth.ts.
    rateLimit: {
      enabled: options.rateLimit,
      window: 60,
      max: 60,
      customRules: {
        '/sign-in/email': { window: 60, max: 60 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
      },
    },
    advanced: { ipAddress: { ipAddressHeaders: ['x-client-ip'] } },
    databaseHooks: {
      user: {
        create: {
          async after(user) {
            await db.insert(profiles).values({ id: user.id, fullName: user.name || user.email }).onConflictDoNothing();
            await db.insert(userRoles).values({ userId: user.id, role: 'user' }).onConflictDoNothing();
            await db.insert(userNotificationSettings).values({ userId: user.id }).onConflictDoNothing();
            // An invitation's role only once the address is proven ('Confirmar meu e-mail').
            if (user.emailVerified) await grantInvitedRoles(db, user);
            if (user.emailVerified) await claimCourtesies(db, user);
          },
        },
        update: {
          async after(user) {
            if (user.emailVerified) await grantInvitedRoles(db, user);
            if (user.emailVerified) await claimCourtesies(db, user);
            // Every instance stops trusting the copy of the account it checked (its e-mail was just
            // confirmed, say), so the next /api/me answers what the database says.
            await forgetSessions(db, user.id);
          },
        },
      },
      // Every session better-auth ends (sign-out, a revoked session, the other sessions at a
      // password change or reset, an expired one) is announced to every server instance, which
      // stops trusting the copy it checked (src/server/http/session.ts) at once and ends the live
      // streams the session opened (src/server/live/live-streams.ts).
      session: {
        delete: {
          async after(session) {
            await forgetSessions(db, session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
